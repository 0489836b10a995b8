import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { adminAvailabilityRequest, availabilityQuery, availabilityRequest, availabilityResponse } from '@lokaler/domain/booking-request';
import { currentUser, requireAdmin } from '../../auth/index';
import { checkAvailability } from './check-availability';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** The availability check before sending a booking (spec 01 §7 PUT booking/availability). */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.put('/booking/availability', {
    schema: {
      tags: ['booking'],
      summary: 'Which of the chosen times (repetition expanded) are probably available, unavailable or break a rule',
      body: availabilityRequest,
      response: { 200: availabilityResponse, ...errors },
    },
  }, async (request) => checkAvailability({ db, dtos: request.body.bookingCreationDtos, access: { kind: 'public' } }));

  app.put('/admin/booking/availability', {
    preHandler: requireAdmin,
    schema: {
      tags: ['booking'],
      summary: 'The availability check for an administrator of the rooms (includeBlockedSlots, includeClosedDates, reservationIdsToIgnore)',
      security: [{ bearer: [] }],
      querystring: availabilityQuery,
      body: adminAvailabilityRequest,
      response: { 200: availabilityResponse, ...errors },
    },
  }, async (request) => checkAvailability({
    db,
    dtos: request.body.bookingCreationDtos,
    access: {
      kind: 'admin',
      user: currentUser(request),
      allowedToBookBlockedSlots: request.body.includeBlockedSlots ?? false,
      closedDatesAvailable: request.body.includeClosedDates ?? false,
    },
    reservationIdsToIgnore: request.query.reservationIdsToIgnore ?? [],
  }));
};
