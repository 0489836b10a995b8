import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import {
  bookingIdParams,
  invalidKeyPhoneNumberMessage,
  keyPhoneNumberQuery,
  normalizeKeyPhoneNumber,
  oslonokkelenInfo,
} from '@lokaler/domain/oslonokkelen';
import { AppError } from '../../errors';
import { effectiveIdentity } from '../../people';
import { applicantBooking } from '../../bookings';
import { addKeyNumber } from './add-key-number';
import { keyInfo } from './get-key-info';
import { removeKeyNumber } from './remove-key-number';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/** The digital key of a booking (spec 02 §7: /oslonokkelen/{bookingId}…). */
export const oslonokkelenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/oslonokkelen/:bookingId/info',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['oslonøkkelen'],
        summary: 'Key info: the shared numbers with their status, whether sharing is allowed',
        security: [{ bearer: [] }],
        params: bookingIdParams,
        response: { 200: oslonokkelenInfo, ...errors },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.bookingId);
      return keyInfo(app.database.db, booking);
    },
  );

  app.post(
    '/oslonokkelen/:bookingId',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['oslonøkkelen'],
        summary: 'Share the key with ?phoneNumber= (8 digits once spaces are removed)',
        description:
          'The number starts as NOT_REQUESTED; the key job pushes it to the key service when the booking is approved (and its contract signed).',
        security: [{ bearer: [] }],
        params: bookingIdParams,
        querystring: keyPhoneNumberQuery,
        response: { 200: oslonokkelenInfo, ...errors },
      },
    },
    async (request, reply) =>
      addKeyNumber({
        db: app.database.db,
        identity: await effectiveIdentity(request, reply),
        bookingId: request.params.bookingId,
        phoneNumber: keyPhoneNumber(request.query.phoneNumber),
      }),
  );

  app.delete(
    '/oslonokkelen/:bookingId',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['oslonøkkelen'],
        summary: 'Take the key away from ?phoneNumber=',
        security: [{ bearer: [] }],
        params: bookingIdParams,
        querystring: keyPhoneNumberQuery,
        response: { 200: oslonokkelenInfo, ...errors },
      },
    },
    async (request, reply) =>
      removeKeyNumber({
        db: app.database.db,
        identity: await effectiveIdentity(request, reply),
        bookingId: request.params.bookingId,
        phoneNumber: keyPhoneNumber(request.query.phoneNumber),
      }),
  );
};

/** Spec 02 §5: 8 digits once spaces are removed; the refusal names the field and carries the spec's text. */
function keyPhoneNumber(value: string | undefined): string {
  const digits = value === undefined ? null : normalizeKeyPhoneNumber(value);
  if (digits === null) {
    throw new AppError('VALIDATION', 'phoneNumber must be 8 digits', invalidKeyPhoneNumberMessage, {
      fields: [{ path: 'querystring.phoneNumber', message: invalidKeyPhoneNumberMessage }],
    });
  }
  return digits;
}
