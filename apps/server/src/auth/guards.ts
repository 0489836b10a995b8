import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { AuthenticatedUser } from './authenticated-user';

/**
 * preHandlers for protected routes. 401 (UNAUTHENTICATED) means "no valid token: log in again";
 * 403 (FORBIDDEN) means "valid token, but not allowed" — the SPAs treat the two differently.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticateInto(request, reply);
  if (!request.user) throw challenge(reply, AppError.unauthenticated('Missing bearer token'));
}

/** For routes that answer anonymous callers too: a missing token is fine, a bad one is still 401. */
export async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticateInto(request, reply);
}

/** An administrator: logged in with the admin client and administering at least one location. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  const user = request.user!;
  if (user.portal !== 'ADMIN') throw AppError.forbidden('An admin token is required');
  if (user.adminLocationIds.length === 0) throw AppError.forbidden('The user administers no location');
}

/** The authenticated caller, in a handler behind requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw AppError.unauthenticated('Missing bearer token');
  return request.user;
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
