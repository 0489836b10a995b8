import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { AppError } from '../errors';
import { createPersonRegister } from '../integrations/person-register/index';
import { findAdministeredLocations, isCityAdmin } from './admin-repository';
import type { AuthenticatedUser, Authenticator, IdTokenVerifier } from './authenticated-user';
import { createContactFiller } from './contact-from-register';
import { createTokenVerifier, issuerOf, type VerifiedAccessToken } from './token-verifier';
import { ensureUser } from './user-repository';

export type { AuthenticatedUser, Authenticator } from './authenticated-user';
export {
  assertAdministers,
  assertManagesLocation,
  currentUser,
  optionalUser,
  requireAdmin,
  requireAdminClient,
  requireAnyUser,
  requireCityAdmin,
  requireUser,
} from './guards';

/**
 * Token verification for the whole app: decorates the app with an authenticator (used by the
 * requireUser / requireAdmin / optionalUser preHandlers) and every request with `user` (null).
 * Registered on the root instance, before the modules, so every route sees it.
 */
export function registerAuthentication(app: FastifyInstance, options: { localJwks: JSONWebKeySet | undefined }): void {
  const verifier = createTokenVerifier(app.config.oidc, options.localJwks);
  const { db } = app.database;
  const fillContact = createContactFiller(db, createPersonRegister(app.config.personRegister));

  /** The request's verified token; a refusal is logged with its reason (never the token or the person). */
  const verifiedToken = async (request: FastifyRequest): Promise<VerifiedAccessToken | null> => {
    let token: string | undefined;
    try {
      token = bearerToken(request);
      return token === undefined ? null : await verifier(token);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
        request.log.warn({ issuer: token === undefined ? undefined : safeIssuerOf(token), reason: error.message }, 'Access token refused');
      }
      throw error;
    }
  };

  app.decorateRequest('user', null);
  app.decorate('authenticator', {
    async authenticate(request) {
      const claims = await verifiedToken(request);
      if (!claims) return null;
      const row = await ensureUser(db, claims.sub);
      const email = row.email ?? (claims.pid ? await fillContact({ userId: row.id, pid: claims.pid, log: request.log }) : null);
      // An administrator is known by the configured claim (ADMIN_OIDC_USER_CLAIM), the key of location_admins.
      const asAdmin = claims.portal === 'ADMIN' ? claims.adminMatch : undefined;
      const [adminLocationIds, cityAdmin] = asAdmin
        ? await Promise.all([findAdministeredLocations(db, asAdmin).then((ls) => ls.map((l) => l.id)), isCityAdmin(db, asAdmin)])
        : [[], false];
      return {
        userId: row.id,
        sub: claims.sub,
        name: row.name,
        // For an administrator the match value: claiming an invitation and the self-removal check use it as the key.
        email: claims.portal === 'ADMIN' ? (asAdmin ?? email) : email,
        portal: claims.portal,
        clientId: claims.clientId,
        adminLocationIds,
        cityAdmin: cityAdmin || claims.cityAdminClaim,
      } satisfies AuthenticatedUser;
    },
  } satisfies Authenticator);
  app.decorate('idTokenVerifier', (async (request, idToken) => {
    const claims = await verifiedToken(request);
    if (!claims) throw AppError.unauthenticated('Missing bearer token');
    return verifier.verifyIdToken(idToken, claims);
  }) satisfies IdTokenVerifier);
}

function safeIssuerOf(token: string): string | undefined {
  try {
    return issuerOf(token);
  } catch {
    return undefined;
  }
}

/** The token of `Authorization: Bearer <token>`; undefined without the header, 401 when malformed. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  if (!match?.[1]) throw AppError.unauthenticated('Malformed Authorization header: expected "Bearer <token>"');
  return match[1];
}
