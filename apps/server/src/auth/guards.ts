import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { AuthenticatedUser } from './authenticated-user';

/**
 * The guards behind the routes' access levels (http/route-access.ts), run first in onRequest. 401 (UNAUTHENTICATED) means "no valid token: log in again";
 * 403 (FORBIDDEN) means "valid token, but not allowed" — the SPAs treat the two differently.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAnyUser(request, reply);
  // A citizen's route: the admin app's token (its own client and audience) is not a token for it.
  if (request.user!.portal !== 'PUBLIC') {
    const error = AppError.unauthenticated('Invalid access token: issued to the admin app, not the portal');
    request.log.warn({ reason: error.message }, 'Access token refused');
    throw challenge(reply, error, true);
  }
}

/**
 * Logged in with either app: for the few routes both SPAs call (the caller's roles, sending a
 * booking, one booking, PATCH of a booking: the citizen cancels, the administrator names it). The
 * handler tells the two apart by user.portal.
 */
export async function requireAnyUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticateInto(request, reply);
  if (!request.user) throw challenge(reply, AppError.unauthenticated('Missing bearer token'));
}

/** For routes that answer anonymous callers too: a missing token is fine, a bad one is still 401. */
export async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticateInto(request, reply);
}

/** An administrator: logged in with the admin client and administering at least one location (or city-wide). */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAdminClient(request, reply);
  const user = request.user!;
  if (user.adminLocationIds.length === 0 && !user.cityAdmin) throw AppError.forbidden('The user administers no location');
}

/**
 * Anyone logged in with the admin client, even one who administers nothing yet: the invited
 * administrator of a new location claims the invitation with it (decision 015).
 */
export async function requireAdminClient(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAnyUser(request, reply);
  if (request.user!.portal !== 'ADMIN') throw AppError.forbidden('An admin token is required');
}

/** A city-wide administrator (decision 015). */
export async function requireCityAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAdminClient(request, reply);
  if (!request.user!.cityAdmin) throw AppError.forbidden('A city-wide administrator is required');
}

/** The authenticated caller, in a handler behind requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw AppError.unauthenticated('Missing bearer token');
  return request.user;
}

/**
 * Service-level check for a location's settings (decision 015): its administrators and the city-wide
 * administrators may change them (403 otherwise). Handling applications stays assertAdministers.
 */
export function assertManagesLocation(user: AuthenticatedUser, locationId: number): void {
  if (user.portal === 'ADMIN' && user.cityAdmin) return;
  assertAdministers(user, locationId);
}

/** Service-level check that an administrator may manage this location (403 otherwise). */
export function assertAdministers(user: AuthenticatedUser, locationId: number): void {
  if (user.portal !== 'ADMIN' || !user.adminLocationIds.includes(locationId)) {
    throw AppError.forbidden(`Not an administrator of location ${locationId}`);
  }
}

async function authenticateInto(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.user) return;
  try {
    request.user = await request.server.authenticator.authenticate(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') throw challenge(reply, error, true);
    throw error;
  }
}

/** RFC 6750: a 401 names the scheme, and says when the token itself was the problem. */
function challenge(reply: FastifyReply, error: AppError, invalidToken = false): AppError {
  reply.header('www-authenticate', invalidToken ? 'Bearer error="invalid_token"' : 'Bearer');
  return error;
}
