import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { bookingStatusResponse, patchBookingBody } from '@lokaler/domain/user-booking';
import { currentUser } from '../../auth/guards';
import { effectiveIdentity } from '../../people';
import { autorejectBooking } from './autoreject-booking';
import { cancelBooking } from './cancel-booking';
import { setInternalTitle } from './set-title';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const security = [{ bearer: [] }];

/** Cancelling (applicant), naming (administrator) and auto-rejecting a wedding application (spec 02 §7). */
export const cancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.patch(
    '/booking/:id',
    {
      config: { access: 'anyUser' },
      schema: {
        tags: ['mine bookinger'],
        summary: '{ status: "cancelled" }: the applicant cancels; { title }: an administrator names an internal activity',
        description:
          'Cancellation is allowed while isCancellable (unprocessed; approved until cancellationDeadline); otherwise 409 with a userMsg that says whom to contact. ' +
          'The times are released at once.',
        security,
        params: idParams,
        body: patchBookingBody,
        response: { 200: bookingStatusResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ('title' in body) return setInternalTitle({ db, user: currentUser(request), bookingId: request.params.id, title: body.title });
      return cancelBooking({
        db,
        identity: await effectiveIdentity(request, reply),
        bookingId: request.params.id,
        now: new Date(),
        publicUrl: app.config.publicUrl,
      });
    },
  );

  app.put(
    '/user/booking/:id/autoreject',
    {
      // onRequest: an anonymous call is 401 before its body is read (the wizard sends it on pagehide).
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'Let go of a held wedding time when the applicant leaves the wedding form without sending it',
        security,
        params: idParams,
        response: { 200: bookingStatusResponse, ...errors },
      },
    },
    async (request, reply) =>
      autorejectBooking({ db, identity: await effectiveIdentity(request, reply), bookingId: request.params.id, now: new Date() }),
  );
};
