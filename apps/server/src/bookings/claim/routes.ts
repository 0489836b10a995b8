import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { claimTokenParams, verifiedBookingAccess } from '@lokaler/domain/user-booking-documents';
import { effectiveIdentity } from '../../people';
import { claimBooking } from './claim-booking';

/** Taking over a booking made for you (spec 01 §7 / 02 §7 GET /verifiedbookingaccess/{token}). */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/verifiedbookingaccess/:token',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: "The booking of a claim link; a booking nobody owns yet becomes the caller's (the identity they act as)",
        security: [{ bearer: [] }],
        params: claimTokenParams,
        response: { 200: verifiedBookingAccess, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) =>
      claimBooking({
        db: app.database.db,
        identity: await effectiveIdentity(request, reply),
        token: request.params.token,
        now: new Date(),
      }),
  );
};
