import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { adminLocations, currentUserRoles } from '@lokaler/domain/current-user';
import { idTokenInput } from '@lokaler/domain/id-token';
import { currentUser } from '../../auth/index';
import { listAdminLocations } from './list-admin-locations';
import { rolesOf } from './roles-of';
import { saveIdTokenProfile } from './save-id-token-profile';

const errors = { 401: apiError, 403: apiError };

/** What the server knows about the caller (spec 02 §7: GET /currentuser/roles, /currentuser/adminlocations). */
export const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/currentuser/roles',
    {
      config: { access: 'anyUser' },
      schema: {
        tags: ['innlogging'],
        summary: 'Name, portal and roles of the logged-in user',
        security: [{ bearer: [] }],
        response: { 200: currentUserRoles, ...errors },
      },
    },
    async (request) => rolesOf(currentUser(request)),
  );

  app.put(
    '/currentuser/id-token',
    {
      config: { access: 'anyUser' },
      schema: {
        tags: ['innlogging'],
        summary:
          "The login's ID token: the server stores the name and e-mail of its profile claims (same issuer, client and subject as the access token)",
        security: [{ bearer: [] }],
        body: idTokenInput,
        response: { 200: currentUserRoles, 400: apiError, ...errors },
      },
    },
    async (request) => {
      const claims = await app.idTokenVerifier(request, request.body.idToken);
      return rolesOf(await saveIdTokenProfile({ db: app.database.db, user: currentUser(request), claims }));
    },
  );

  app.get(
    '/currentuser/adminlocations',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['innlogging'],
        summary: 'The locations the logged-in administrator administers',
        security: [{ bearer: [] }],
        response: { 200: adminLocations, ...errors },
      },
    },
    async (request) => listAdminLocations({ db: app.database.db, user: currentUser(request) }),
  );
};
