import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import {
  adminBookingView,
  changeLogEntries,
  emailReminders,
  internalComment,
  internalCommentBody,
} from '@lokaler/domain/admin-booking-view';
import { idParams } from '@lokaler/domain/id-param';
import { userBooking } from '@lokaler/domain/user-booking';
import { currentUser } from '../../auth/index';
import { getCitizenBooking } from '../../bookings';
import { sendProevingsattest } from '../../weddings';
import { getAdminBookingView } from './get-admin-booking-view';
import { getInternalComment } from './get-internal-comment';
import { getProevingsattest } from './get-proevingsattest';
import { listChanges } from './list-booking-changes';
import { listEmailReminders } from './list-email-reminders';
import { setInternalComment } from './set-internal-comment';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];

/**
 * The administrator's view of one application (spec 02 §7 admin side): the booking, its change log
 * and e-mails, and the internal comment (the lists and the calendar are in admin-booking-list).
 * Every call checks that the caller administers the booking's location: 403 otherwise.
 */
export const adminBookingViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  // GET /booking/{id} is also an applicant call (the wedding page, spec 02 §7): a portal token gets the
  // citizen's body of GET /user/booking/{id} (user-bookings), an admin token the administrator's view.
  app.get(
    '/booking/:id',
    {
      config: { access: 'anyUser' },
      schema: {
        tags: ['admin', 'mine bookinger'],
        summary: "One booking as its location's administrator sees it; for a citizen, as GET /user/booking/{id}",
        security,
        description: "A citizen gets 404 'Fant ikke bookingen' for a booking they do not see, the same as for a missing one.",
        params: idParams,
        response: { 200: z.union([adminBookingView, userBooking]), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.portal !== 'ADMIN') return getCitizenBooking(request, reply, request.params.id);
      return getAdminBookingView({ db, user, bookingId: request.params.id });
    },
  );

  app.get(
    '/admin/booking/:id/proevingsattest',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Download the wedding booking's prøvingsattest (application/pdf, as an attachment with the uploaded name)",
        security,
        description:
          "For the administrators of the booking's location only (the couple downloads on their side). 404 when the booking is no wedding or has no certificate.",
        params: idParams,
        response: { 200: z.any().describe('The PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await getProevingsattest({ db, user: currentUser(request), bookingId: request.params.id });
      return sendProevingsattest(reply, file);
    },
  );

  app.get(
    '/booking-log/:id/changes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The booking's change log, oldest first",
        security,
        params: idParams,
        response: { 200: changeLogEntries, ...errors },
      },
    },
    async (request) => listChanges({ db, user: currentUser(request), bookingId: request.params.id }),
  );

  app.get(
    '/booking-log/:id/email-reminders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The e-mails sent (or waiting) to the applicant about the booking',
        security,
        params: idParams,
        response: { 200: emailReminders, ...errors },
      },
    },
    async (request) => listEmailReminders({ db, user: currentUser(request), bookingId: request.params.id }),
  );

  app.get(
    '/booking/:id/comment',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The internal comment (never shown to the applicant)',
        security,
        params: idParams,
        response: { 200: internalComment, ...errors },
      },
    },
    async (request) => getInternalComment({ db, user: currentUser(request), bookingId: request.params.id }),
  );

  app.put(
    '/booking/:id/comment',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Replace the internal comment: a text/plain body (or JSON { comment, confirmPersonalData }); a fødselsnummer or phone number needs confirmPersonalData (409 otherwise)',
        security,
        params: idParams,
        body: internalCommentBody,
        response: { 200: internalComment, ...errors, 409: apiError },
      },
    },
    async (request) => {
      const body = typeof request.body === 'string' ? { comment: request.body } : request.body;
      return setInternalComment({
        db,
        user: currentUser(request),
        bookingId: request.params.id,
        comment: body.comment,
        confirmPersonalData: 'confirmPersonalData' in body && body.confirmPersonalData === true,
      });
    },
  );
};
