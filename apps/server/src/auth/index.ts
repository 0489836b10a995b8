import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { AppError } from '../errors';
import { findAdministeredLocations, isCityAdmin } from './admin-repository';
import type { AuthenticatedUser, Authenticator } from './authenticated-user';
import { createTokenVerifier } from './token-verifier';
import { ensureUser } from './user-repository';

export type { AuthenticatedUser, Authenticator } from './authenticated-user';
export { assertAdministers, assertManagesLocation, currentUser, optionalUser, requireAdmin, requireAdminClient, requireAnyUser, requireCityAdmin, requireUser } from './guards';

/**
 * Token verification for the whole app: decorates the app with an authenticator (used by the
 * requireUser / requireAdmin / optionalUser preHandlers) and every request with `user` (null).
 * Registered on the root instance, before the modules, so every route sees it.
 */
export function registerAuthentication(app: FastifyInstance, options: { localJwks: JSONWebKeySet | undefined }): void {
  const verify = createTokenVerifier(app.config.oidc, options.localJwks);
  const { db } = app.database;

  app.decorateRequest('user', null);
  app.decorate('authenticator', {
    async authenticate(request) {
      const token = bearerToken(request);
      if (token === undefined) return null;
      const claims = await verify(token);
      const row = await ensureUser(db, claims);
      const asAdmin = claims.portal === 'ADMIN' && row.email ? row.email : null;
      const [adminLocationIds, cityAdmin] = asAdmin
        ? await Promise.all([findAdministeredLocations(db, asAdmin).then((ls) => ls.map((l) => l.id)), isCityAdmin(db, asAdmin)])
        : [[], false];
      return {
        userId: row.id,
        sub: claims.sub,
        name: row.name,
        email: row.email,
        portal: claims.portal,
        clientId: claims.clientId,
        adminLocationIds,
        cityAdmin,
      } satisfies AuthenticatedUser;
    },
  } satisfies Authenticator);
}

/** The token of `Authorization: Bearer <token>`; undefined without the header, 401 when malformed. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  if (!match?.[1]) throw AppError.unauthenticated('Malformed Authorization header: expected "Bearer <token>"');
  return match[1];
}
