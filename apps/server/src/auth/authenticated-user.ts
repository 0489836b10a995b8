import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import type { PortalType } from '@lokaler/domain/current-user';

/** The caller of a protected route, as requireUser / requireAdmin put it on the request. */
export interface AuthenticatedUser {
  /** users.id: what the rest of the server stores (bookings.user_id...). */
  userId: number;
  /** The identity provider's stable subject; the only key of a person (never the pid). */
  sub: string;
  /** From the ID token (PUT /currentuser/id-token); '' until the SPA has sent it. */
  name: string;
  /**
   * A citizen's e-mail from the ID token or the person register. An administrator's is the value of
   * ADMIN_OIDC_USER_CLAIM (an address), the key location_admins and city_admins know them by.
   */
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

/** The claims of an ID token of the request's own issuer, client and subject; 400 when it is not one, 401 without a valid access token. */
export type IdTokenVerifier = (request: FastifyRequest, idToken: string) => Promise<JWTPayload>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticator: Authenticator;
    idTokenVerifier: IdTokenVerifier;
  }
  interface FastifyRequest {
    /** Set by the requireUser / requireAdmin / optionalUser preHandlers; null when anonymous. */
    user: AuthenticatedUser | null;
  }
}
