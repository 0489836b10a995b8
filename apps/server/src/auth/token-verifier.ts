import {
  createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify,
  type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey,
} from 'jose';
import type { Config } from '../config';
import { AppError } from '../errors';

/** What the API takes from a verified access token. */
export interface VerifiedAccessToken {
  sub: string;
  clientId: string;
  /** PUBLIC: issued to the portal's client for its audience; ADMIN: the admin app's. */
  portal: 'PUBLIC' | 'ADMIN';
  /** Present in the local provider's tokens; ID-porten's access tokens carry neither. */
  name: string | undefined;
  email: string | undefined;
}

export type TokenVerifier = (token: string) => Promise<VerifiedAccessToken>;

/** ID-porten's levels of assurance that are good enough for the portal: substantial or higher. */
const PORTAL_ACRS = new Set(['idporten-loa-substantial', 'idporten-loa-high']);
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];
/**
 * How far the issuer's clock may run ahead of ours: a token issued (iat) or valid from (nbf) up to
 * 30 s "in the future" is accepted, and its lifetime may exceed the provider's by as much. Expiry
 * gets no grace: the SPAs renew a token 30 s before it ends, so a sound client never needs it.
 */
export const CLOCK_SKEW_SECONDS = 30;
/** Accepted tokens kept verified in memory (see verifyOnce): a few MB at most. */
const VERIFIED_TOKENS_KEPT = 5000;

type Portal = 'PUBLIC' | 'ADMIN';

/**
 * Verifies access tokens the way ID-porten's guide asks: signature against the issuer's JWKS,
 * issuer, audience, expiry, `typ: at+jwt`, the client it was issued to and, for the portal, `acr`;
 * and that it was issued in the past and lives no longer than the provider's access tokens do
 * (config.oidc.accessTokenTtlSeconds), so a token minted with a stolen key for a year is refused.
 * The portal and the admin app each have their own client and their own audience: the portal of
 * the caller comes from the client, and the token must carry that portal's audience, so neither
 * app's token opens the other's routes. The local provider's keys are used in-process (no HTTP call
 * to ourselves); an external issuer's keys come from its discovery document's jwks_uri.
 */
export function createTokenVerifier(oidc: Config['oidc'], localJwks: JSONWebKeySet | undefined): TokenVerifier {
  const localIssuer = oidc.local ? oidc.issuer : undefined;
  // Which clients each issuer may have issued a token to; in the embedded default one issuer serves both.
  const clientsByIssuer = new Map<string, Map<string, Portal>>();
  const allow = (issuer: string, clientId: string, portal: Portal) => {
    const clients = clientsByIssuer.get(issuer) ?? new Map<string, Portal>();
    clients.set(clientId, portal);
    clientsByIssuer.set(issuer, clients);
  };
  allow(oidc.issuer, oidc.portalClientId, 'PUBLIC');
  allow(oidc.adminIssuer, oidc.adminClientId, 'ADMIN');
  const audienceOf: Record<Portal, string> = { PUBLIC: oidc.audience, ADMIN: oidc.adminAudience };
  const maxLifetime = oidc.accessTokenTtlSeconds + CLOCK_SKEW_SECONDS;

  const keySets = new Map<string, Promise<JWTVerifyGetKey>>();
  const keySetFor = (issuer: string): Promise<JWTVerifyGetKey> => {
    let keySet = keySets.get(issuer);
    if (!keySet) {
      keySet = issuer === localIssuer && localJwks
        ? Promise.resolve(createLocalJWKSet(localJwks))
        : discoverRemoteKeySet(issuer);
      // A failed discovery is retried on the next request instead of being remembered.
      keySet.catch(() => keySets.delete(issuer));
      keySets.set(issuer, keySet);
    }
    return keySet;
  };

  // Tokens verified already, until they expire: a client sends the same token with every request for
  // its lifetime, and the signature check (RSA through WebCrypto) was a tenth of a booking request's
  // CPU in the storm. Every check of a token is about the token alone and, but for expiry, gives the
  // same answer at any later time (an accepted iat stays within maxTokenAge while exp is ahead, as exp
  // − iat ≤ maxLifetime), so only expiry is checked again. Only accepted tokens are kept; the map is
  // emptied when it reaches VERIFIED_TOKENS_KEPT (a burst of logins costs a signature check each
  // again). A key withdrawn from the issuer's JWKS stops new tokens at once and cached ones at their
  // expiry (the access token lifetime), as a remote JWKS cached by jose would anyway.
  const verified = new Map<string, { token: VerifiedAccessToken; exp: number }>();
  const verifyOnce = async (token: string): Promise<VerifiedAccessToken> => {
    const known = verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000)) return known.token;
      verified.delete(token);
    }
    const result = await verifyToken(token);
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
    verified.set(token, result);
    return result.token;
  };

  const verifyToken = async (token: string): Promise<{ token: VerifiedAccessToken; exp: number }> => {
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw invalid('not a JWT');
    }
    const clients = issuer ? clientsByIssuer.get(issuer) : undefined;
    if (!issuer || !clients) throw invalid('unknown issuer');

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await keySetFor(issuer), {
        issuer,
        audience: [oidc.audience, oidc.adminAudience],
        typ: 'at+jwt',
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'iat', 'sub', 'client_id'],
        clockTolerance: CLOCK_SKEW_SECONDS,
        // With the tolerance: refuses an iat in the future, and one older than a token can live.
        maxTokenAge: maxLifetime,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw invalid(error.message);
      throw error;
    }
    // jose granted the tolerance to exp as well; expiry gets none (see CLOCK_SKEW_SECONDS).
    if (payload.exp! <= Math.floor(Date.now() / 1000)) throw invalid('"exp" claim timestamp check failed');
    if (payload.exp! - payload.iat! > maxLifetime) throw invalid('lifetime longer than the provider issues');

    const clientId = String(payload.client_id);
    const portal = clients.get(clientId);
    if (!portal) throw invalid('issued to another client');
    const audiences = typeof payload.aud === 'string' ? [payload.aud] : payload.aud ?? [];
    if (!audiences.includes(audienceOf[portal])) throw invalid('audience is not the one of its client');
    if (portal === 'PUBLIC' && !PORTAL_ACRS.has(String(payload.acr))) throw invalid('level of assurance too low');
    const accepted: VerifiedAccessToken = {
      sub: String(payload.sub),
      clientId,
      portal,
      name: stringClaim(payload.name) ?? joinNames(payload.given_name, payload.family_name),
      email: stringClaim(payload.email),
    };
    return { token: accepted, exp: payload.exp! };
  };
  return verifyOnce;
}

function invalid(reason: string): AppError {
  return AppError.unauthenticated(`Invalid access token: ${reason}`);
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function joinNames(given: unknown, family: unknown): string | undefined {
  const parts = [stringClaim(given), stringClaim(family)].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

async function discoverRemoteKeySet(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery of ${issuer} failed: HTTP ${response.status}`);
  const metadata = (await response.json()) as { issuer?: string; jwks_uri?: string };
  if (metadata.issuer !== issuer || !metadata.jwks_uri) throw new Error(`OIDC discovery of ${issuer} returned unusable metadata`);
  return createRemoteJWKSet(new URL(metadata.jwks_uri));
}
