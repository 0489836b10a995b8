import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { createBookingResponse } from '@lokaler/domain/booking-create';
import { createBookingRequestWithAdmin } from '@lokaler/domain/admin-booking-create';
import { currentUser } from '../../auth/index';
import { createBooking } from './create-booking';
import { createAdminBooking } from '../admin-create-booking/create-admin-booking';
import { effectiveIdentity } from '../../people';
import { bookingLimitsResponse } from '@lokaler/domain/fair-share';
import { idParams } from '@lokaler/domain/id-param';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { getBookingLimits } from './fair-share';

/** Sending an application (spec 01 §7 POST /booking). */
export const applyForBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/booking',
    {
      // onRequest: an anonymous call is 401 before its body is read (also the wedding venue's take).
      config: { access: 'anyUser' },
      schema: {
        tags: ['booking'],
        summary: "Send an application: the chosen times (all or none are booked) and the form's answers",
        description:
          '201 { bookingId, caseNumber }. 409 BOOKING_CONFLICT with `conflicts` (the taken times) when any time is taken; ' +
          '422 BOOKING_NOT_ALLOWED when a booking rule refuses a time; 422 BOOKING_LIMIT_REACHED past a fair-share limit (decision 041); ' +
          "429 RATE_LIMITED past the person's rate; 400 VALIDATION with `fields` for the form. Nothing is written unless 201.",
        security: [{ bearer: [] }],
        body: createBookingRequestWithAdmin,
        response: {
          201: createBookingResponse,
          400: apiError,
          401: apiError,
          403: apiError,
          404: apiError,
          409: apiError,
          422: apiError,
          429: apiError,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const common = { db: app.database.db, user, body: request.body, publicUrl: app.config.publicUrl };
      // An admin token books on behalf of someone or for internal use (admin-create-booking).
      if (user.portal === 'ADMIN') return reply.status(201).send(await createAdminBooking(common));
      // A citizen acting for an organisation books in its name: every representative then sees it.
      const identity = await effectiveIdentity(request, reply);
      const organization = identity.kind === 'ORGANIZATION' ? identity.organization : null;
      return reply.status(201).send(
        await createBooking({
          ...common,
          organization,
          weddingHoldMinutes: app.config.weddingHoldMinutes,
          typedReceiptsPerHour: app.config.bookingRates.typedReceiptsPerPersonPerHour,
          // Per person, counted before any work (decision 041), with the application's first statement.
          bookingsPerTenMinutes: app.config.bookingRates.perPersonPer10Minutes,
        }),
      );
    },
  );

  app.get(
    '/location/:id/booking-limits',
    {
      // Anyone may read the limits; a citizen's token (optional) adds what they hold pending.
      config: { access: 'optionalUser' },
      schema: {
        tags: ['booking'],
        summary:
          'The fair-share limits at a location and, for a logged-in citizen, their pending hours and applications this semester and the next (decision 041)',
        params: idParams,
        response: { 200: bookingLimitsResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const user = request.user?.portal === 'PUBLIC' ? request.user : null;
      // A cookie for an organisation the person no longer represents: their own count, not a 403.
      const identity = user ? await effectiveIdentity(request, reply, { onStale: 'person' }) : null;
      const applicant = identity
        ? { userId: identity.user.userId, organizationNumber: identity.kind === 'ORGANIZATION' ? identity.organization.number : null }
        : null;
      return getBookingLimits(app.database.db, { locationId: request.params.id, applicant, today: osloClock(new Date()).today });
    },
  );
};
