import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import {
  addLocationAdminBody,
  bookingRules,
  locationAdminsResponse,
  putBookingRulesBody,
  removeLocationAdminEmails,
  removeLocationAdminsBody,
  removeLocationAdminsQuery,
} from '@lokaler/domain/admin-location-rules';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { addLocationAdmin } from './add-location-admin';
import { getBookingRules } from './get-booking-rules';
import { listLocationAdmins } from './list-location-admins';
import { putBookingRules } from './put-booking-rules';
import { removeLocationAdmins } from './remove-location-admins';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const security = [{ bearer: [] }];

/**
 * A location's booking rules and administrators (spec 02 §7, decision 015). Authenticated in
 * onRequest: an anonymous caller gets 401 before the body is read or validated.
 */
export const adminLocationRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/location/:id/bookingrules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'REQUIRE_CONTRACT, ENABLE_VEDTAK, ADMIN_CAN_BOOK_PAST_DATES, and the fair-share limits MAX_* (null: the city-wide value; decision 041)',
        security,
        params: idParams,
        response: { 200: bookingRules, ...errors },
      },
    },
    async (request) => getBookingRules({ db, user: currentUser(request), locationId: request.params.id }),
  );

  app.put(
    '/location/:id/bookingrules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change booking rules: { rules: { NAME: boolean | number | null } } (or the map itself)',
        security,
        params: idParams,
        body: putBookingRulesBody,
        response: { 200: bookingRules, ...errors },
      },
    },
    async (request) => putBookingRules({ db, user: currentUser(request), locationId: request.params.id, rules: request.body.rules }),
  );

  app.get(
    '/location/:id/admins',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The location's administrators by e-mail",
        security,
        params: idParams,
        response: { 200: locationAdminsResponse, ...errors },
      },
    },
    async (request) => listLocationAdmins({ db, user: currentUser(request), locationId: request.params.id }),
  );

  app.post(
    '/location/:id/admins',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add an administrator by e-mail; 409 when the address is one already',
        security,
        params: idParams,
        body: addLocationAdminBody,
        response: { 200: locationAdminsResponse, ...errors },
      },
    },
    async (request) => addLocationAdmin({ db, user: currentUser(request), locationId: request.params.id, email: request.body.email }),
  );

  app.delete(
    '/location/:id/admins',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Remove administrators (?emails=a&emails=b, or the body { emails: [...] }); not oneself, not the last',
        security,
        params: idParams,
        querystring: removeLocationAdminsQuery,
        body: removeLocationAdminsBody,
        response: { 200: locationAdminsResponse, ...errors },
      },
    },
    async (request) =>
      removeLocationAdmins({
        db,
        user: currentUser(request),
        locationId: request.params.id,
        emails: removeLocationAdminEmails(request.query, request.body),
      }),
  );
};
