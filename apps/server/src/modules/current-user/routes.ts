import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { adminLocations, currentUserRoles } from '@lokaler/domain/current-user';
import { currentUser } from '../../auth/index';
import { listAdminLocations } from './list-admin-locations';
import { rolesOf } from './roles-of';

const errors = { 401: apiError, 403: apiError };

/** What the server knows about the caller (spec 02 §7: GET /currentuser/roles, /currentuser/adminlocations). */
export const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/currentuser/roles', {
    config: { access: 'anyUser' },
    schema: { tags: ['innlogging'], summary: 'Name, portal and roles of the logged-in user', security: [{ bearer: [] }], response: { 200: currentUserRoles, ...errors } },
  }, async (request) => rolesOf(currentUser(request)));

  app.get('/currentuser/adminlocations', {
    config: { access: 'admin' },
    schema: { tags: ['innlogging'], summary: 'The locations the logged-in administrator administers', security: [{ bearer: [] }], response: { 200: adminLocations, ...errors } },
  }, async (request) => listAdminLocations({ db: app.database.db, user: currentUser(request) }));
};
