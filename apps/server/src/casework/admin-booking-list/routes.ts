import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import {
  adminBookingListQuery,
  adminBookingListResponse,
  calendarDataQuery,
  calendarDataResponse,
  nextBookingQuery,
  nextBookingResponse,
} from '@lokaler/domain/admin-booking-list';
import { idParams } from '@lokaler/domain/id-param';
import { caseAssigneeResponse, takeCaseBody } from '@lokaler/domain/work-queue';
import { adminOnly, errorAnswers } from '../../http/route-schema';
import { currentUser } from '../../auth/index';
import { getCaseAssignee, releaseCase, takeCase } from './case-assignee';
import { getCalendarData } from './get-calendar-data';
import { listAdminBookings } from './list-admin-bookings';
import { nextBooking } from './next-booking';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];

/**
 * The administrator's lists of applications (spec 02 §7 admin side): the paged list and the
 * calendar of a location; the work queue's 'Neste søknad' and case officer (decision 065). The caller
 * must administer the asked location (or the booking's): 403 otherwise.
 */
export const adminBookingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/booking',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A location's bookings: filtered, sorted and paged, with counts per status",
        security,
        querystring: adminBookingListQuery,
        response: { 200: adminBookingListResponse, ...errors },
      },
    },
    async (request) => listAdminBookings({ db, user: currentUser(request), query: request.query }),
  );

  app.get(
    '/booking/calendardata',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Active reservations of a location's rooms in a date range, by booking",
        security,
        querystring: calendarDataQuery,
        response: { 200: calendarDataResponse, ...errors },
      },
    },
    async (request) => getCalendarData({ db, user: currentUser(request), query: request.query }),
  );

  app.get(
    '/booking/next',
    adminOnly({
      tags: ['admin'],
      summary: "'Neste søknad': the application after the given one in the list's filters and order",
      querystring: nextBookingQuery,
      response: { 200: nextBookingResponse, ...errors },
    }),
    async (request) => nextBooking({ db, user: currentUser(request), query: request.query }),
  );

  app.get(
    '/booking/:id/assignee',
    adminOnly({
      tags: ['admin'],
      summary: "The application's case officer, if someone has taken it",
      params: idParams,
      response: { 200: caseAssigneeResponse, ...errors },
    }),
    async (request) => getCaseAssignee({ db, user: currentUser(request), bookingId: request.params.id }),
  );

  app.put(
    '/booking/:id/assignee',
    adminOnly({
      tags: ['admin'],
      summary: "'Ta saken': the caller takes the application; 409 when another holds it, unless takeOver",
      params: idParams,
      body: takeCaseBody,
      response: { 200: caseAssigneeResponse, ...errorAnswers(400, 401, 403, 404, 409) },
    }),
    async (request) => takeCase({ db, user: currentUser(request), bookingId: request.params.id, takeOver: request.body.takeOver }),
  );

  app.delete(
    '/booking/:id/assignee',
    adminOnly({
      tags: ['admin'],
      summary: "'Gi fra deg saken': the caller gives up the application; 409 when another holds it",
      params: idParams,
      response: { 200: caseAssigneeResponse, ...errorAnswers(400, 401, 403, 404, 409) },
    }),
    async (request) => releaseCase({ db, user: currentUser(request), bookingId: request.params.id }),
  );
};
