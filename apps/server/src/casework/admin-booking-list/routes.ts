import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import {
  adminBookingListQuery,
  adminBookingListResponse,
  calendarDataQuery,
  calendarDataResponse,
} from '@lokaler/domain/admin-booking-list';
import { currentUser } from '../../auth/index';
import { getCalendarData } from './get-calendar-data';
import { listAdminBookings } from './list-admin-bookings';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];

/**
 * The administrator's lists of applications (spec 02 §7 admin side): the paged list and the
 * calendar of a location. The caller must administer the asked location: 403 otherwise.
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
};
