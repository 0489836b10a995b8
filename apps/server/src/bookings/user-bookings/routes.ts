import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { changeLogEntries } from '@lokaler/domain/change-log';
import { idParams } from '@lokaler/domain/id-param';
import { userBooking, userBookingSummaries } from '@lokaler/domain/user-booking';
import { infoForLeietaker } from '@lokaler/domain/user-booking-documents';
import { effectiveIdentity } from '../../people';
import { applicantBooking } from './booking-access';
import { getInfoForLeietaker } from './info-for-leietaker';
import { getUserBooking } from './get-user-booking';
import { listUserBookingChanges } from './list-user-booking-changes';
import { listUserBookings } from './list-user-bookings';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];

/**
 * The applicant's bookings (spec 02 §7). Every route answers only about bookings of the identity the
 * caller acts as; another's booking is a 404, the same as one that does not exist.
 */
export const userBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/user/booking',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The bookings of the identity the caller acts as, newest first',
        security,
        response: { 200: userBookingSummaries, ...errors },
      },
    },
    async (request, reply) => listUserBookings({ db, identity: await effectiveIdentity(request, reply) }),
  );

  app.get(
    '/user/booking/:id',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'One booking with its times, requirements, messages, documents, key and cancellation state',
        security,
        params: idParams,
        response: { 200: userBooking, ...errors },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.id);
      return getUserBooking({ db, booking, now: new Date() });
    },
  );

  app.get(
    '/user/booking/:id/changes',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The change timeline of a booking, oldest first',
        security,
        params: idParams,
        response: { 200: changeLogEntries, ...errors },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.id);
      return listUserBookingChanges({ db, booking });
    },
  );

  app.get(
    '/user/booking/:id/infoforleietaker',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'Practical information about the venue: heading, description, links',
        security,
        params: idParams,
        response: { 200: infoForLeietaker, ...errors },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.id);
      return getInfoForLeietaker({ db, booking });
    },
  );
};
