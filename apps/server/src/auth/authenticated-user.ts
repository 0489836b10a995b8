import type { FastifyRequest } from 'fastify';
import type { PortalType } from '@lokaler/domain/current-user';

/** The caller of a protected route, as requireUser / requireAdmin put it on the request. */
export interface AuthenticatedUser {
  /** users.id: what the rest of the server stores (bookings.user_id...). */
  userId: number;
  /** The identity provider's stable subject; the only key of a person (never the pid). */
  sub: string;
  name: string;
  email: string | null;
  /** PUBLIC: logged in to the portal (citizen); ADMIN: logged in with the admin client. */
  portal: PortalType;
  clientId: string;
  /** Locations this person administers (only with an admin token; empty otherwise). */
  adminLocationIds: readonly number[];
  /** A city-wide administrator (city_admins; only with an admin token): creates locations, manages every location's settings. */
  cityAdmin: boolean;
}

export interface Authenticator {
  /** The caller of a request with a bearer token; null without one; 401 when the token is bad. */
  authenticate(request: FastifyRequest): Promise<AuthenticatedUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticator: Authenticator;
  }
  interface FastifyRequest {
    /** Set by the requireUser / requireAdmin / optionalUser preHandlers; null when anonymous. */
    user: AuthenticatedUser | null;
  }
}
