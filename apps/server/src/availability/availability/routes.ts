import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAvailabilityRequest, availabilityQuery, availabilityRequest, availabilityResponse } from '@lokaler/domain/booking-request';
import { currentUser } from '../../auth/index';
import { adminOnly, errorAnswers } from '../../http/route-schema';
import { checkAvailability } from './check-availability';

const errors = errorAnswers(400, 401, 403, 404);
// The public check and the administrator's answer the same shape.
const checkSchema = { tags: ['booking'], response: { 200: availabilityResponse, ...errors } };

/** The availability check before sending a booking (spec 01 §7 PUT booking/availability). */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.put(
    '/booking/availability',
    {
      config: { access: 'public' },
      schema: {
        ...checkSchema,
        summary: 'Which of the chosen times (repetition expanded) are probably available, unavailable or break a rule',
        body: availabilityRequest,
      },
    },
    async (request) => checkAvailability({ db, dtos: request.body.bookingCreationDtos, access: { kind: 'public' } }),
  );

  app.put(
    '/admin/booking/availability',
    adminOnly({
      ...checkSchema,
      summary: 'The availability check for an administrator of the rooms (includeBlockedSlots, includeClosedDates, reservationIdsToIgnore)',
      querystring: availabilityQuery,
      body: adminAvailabilityRequest,
    }),
    async (request) =>
      checkAvailability({
        db,
        dtos: request.body.bookingCreationDtos,
        access: {
          kind: 'admin',
          user: currentUser(request),
          allowedToBookBlockedSlots: request.body.includeBlockedSlots ?? false,
          closedDatesAvailable: request.body.includeClosedDates ?? false,
        },
        reservationIdsToIgnore: request.query.reservationIdsToIgnore ?? [],
      }),
  );
};
