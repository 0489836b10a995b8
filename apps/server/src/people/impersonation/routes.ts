import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { effectiveUser, impersonationOrganizations, impersonationRequest } from '@lokaler/domain/impersonation';
import { currentUser } from '../../auth/guards';
import { effectiveIdentity } from './effective-identity';
import { clearImpersonationCookie, setImpersonationCookie } from './impersonation-cookie';
import { listValidOrganizations } from './list-valid-organizations';
import { switchIdentity } from './switch-identity';
import { toEffectiveUser } from './to-effective-user';

const errors = { 400: apiError, 401: apiError, 403: apiError };

/** Acting for an organisation (spec 01 §6, §7; 02 §7). The API exists whether or not the portal's orgLogin switch is on. */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/impersonation/organizations/valid',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['representasjon'],
        summary: 'Organisations the caller may act for (role kommunale tjenester)',
        security: [{ bearer: [] }],
        response: { 200: impersonationOrganizations, ...errors },
      },
    },
    async (request) => listValidOrganizations({ user: currentUser(request), orgRegistry: app.orgRegistry }),
  );

  app.post(
    '/user/impersonation',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['representasjon'],
        summary: 'Act for an organisation, or (orgNo "" and orgName NO_IMPERSONATION) as a private person',
        description:
          'Sets or clears the signed, httpOnly impersonation cookie; answers the new effective user. 403 when the register does not let the caller act for the organisation.',
        security: [{ bearer: [] }],
        body: impersonationRequest,
        response: { 200: effectiveUser, ...errors },
      },
    },
    async (request, reply) => {
      const switched = await switchIdentity({ user: currentUser(request), orgRegistry: app.orgRegistry, body: request.body });
      if (switched.cookie) setImpersonationCookie(reply, switched.cookie);
      else clearImpersonationCookie(reply);
      return switched.effectiveUser;
    },
  );

  app.get(
    '/user/impersonation/effectiveuser',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['representasjon'],
        summary: 'Who the caller acts as: name, id, impersonationId (organisation number or null), email',
        security: [{ bearer: [] }],
        response: { 200: effectiveUser, ...errors },
      },
    },
    async (request, reply) => {
      // A stale organisation choice falls back to the private person here (and its cookie is cleared).
      return toEffectiveUser(await effectiveIdentity(request, reply, { onStale: 'person' }));
    },
  );

  app.post(
    '/user/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['representasjon'],
        summary: 'Clears the impersonation cookie; the portal calls it before it ends the login session',
        description: 'No token needed (it may have expired): it only clears a cookie. 204.',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => {
      clearImpersonationCookie(reply);
      return reply.status(204).send(null);
    },
  );
};
