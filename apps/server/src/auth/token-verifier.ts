import {
  createLocalJWKSet,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Config } from '../config';
import { AppError } from '../errors';
import { cityAdminFrom, matchClaimValue } from './claims';
import { discoverRemoteKeySet } from './discovery';

type Portal = 'PUBLIC' | 'ADMIN';

/** What the API takes from a verified access token. Names and e-mail never: they come from the ID token (decision 032). */
export interface VerifiedAccessToken {
  sub: string;
  clientId: string;
  /** PUBLIC: issued to the portal's client for its audience; ADMIN: the admin app's. */
  portal: Portal;
  issuer: string;
  /** The citizen's national identity number (ID-porten's `pid`): for the person register only, never logged or stored. */
  pid: string | undefined;
  /** ADMIN: the value of ADMIN_OIDC_USER_CLAIM (an e-mail address) that location_admins and city_admins are matched by. */
  adminMatch: string | undefined;
  /** ADMIN: the token carries the configured city-admin role or group. */
  cityAdminClaim: boolean;
}

export interface TokenVerifier {
  (token: string): Promise<VerifiedAccessToken>;
  /**
   * Checks an ID token of the same issuer and client as an accepted access token (PUT
   * /currentuser/id-token): signature, issuer, `aud` = the client, `sub` the same, not expired.
   */
  verifyIdToken(idToken: string, accessToken: VerifiedAccessToken): Promise<JWTPayload>;
}

/** ID-porten's levels of assurance that are good enough for the portal: substantial or higher. */
const PORTAL_ACRS = new Set(['idporten-loa-substantial', 'idporten-loa-high']);
/**
 * `typ` values an access token may carry. ID-porten sends none, Entra ID `JWT`, RFC 9068 providers
 * (the local one) `at+jwt`; anything else (a logout token, a DPoP proof…) is not an access token.
 */
const ACCESS_TOKEN_TYPES = new Set(['at+jwt', 'application/at+jwt', 'jwt']);
/**
 * How far the issuer's clock may run ahead of ours: a token issued (iat) or valid from (nbf) up to
 * 30 s "in the future" is accepted, and its lifetime may exceed the provider's by as much. Expiry
 * gets no grace: the SPAs renew a token 30 s before it ends, so a sound client never needs it.
 */
export const CLOCK_SKEW_SECONDS = 30;
/**
 * The longest lifetime accepted from an external provider: their lifetimes are theirs to set (ID-porten
 * 120 s by default, Entra ID 60–90 min), so the cap only stops a token minted for a year.
 */
export const EXTERNAL_MAX_LIFETIME_SECONDS = 24 * 60 * 60;
/** Accepted tokens kept verified in memory (see verifyOnce): a few MB at most. */
const VERIFIED_TOKENS_KEPT = 5000;

interface IssuerRules {
  clients: Map<string, Portal>;
  algorithms: string[];
  maxLifetime: number;
}

/**
 * Verifies access tokens as each provider documents them: signature against the issuer's JWKS with
 * the configured algorithms, issuer, expiry, the client it was issued to (`client_id`, or Entra ID's
 * `azp` / v1 `appid`), that client's audience and, for the portal, `acr`; and that it was issued in
 * the past and lives no longer than the provider's tokens can (the local provider's own TTL; a day
 * for external ones), so a token minted with a stolen key for a year is refused. The portal and the
 * admin app each have their own client and audience, so neither app's token opens the other's routes.
 * The local provider's keys are used in-process; an external issuer's come from its jwks_uri.
 */
export function createTokenVerifier(oidc: Config['oidc'], localJwks: JSONWebKeySet | undefined): TokenVerifier {
  const localIssuer = oidc.local ? oidc.issuer : undefined;
  const rules = new Map<string, IssuerRules>();
  const allow = (issuer: string, clientId: string, portal: Portal, algorithms: string[]) => {
    const known = rules.get(issuer) ?? {
      clients: new Map<string, Portal>(),
      algorithms: [],
      maxLifetime: (issuer === localIssuer ? oidc.accessTokenTtlSeconds : EXTERNAL_MAX_LIFETIME_SECONDS) + CLOCK_SKEW_SECONDS,
    };
    known.clients.set(clientId, portal);
    known.algorithms = [...new Set([...known.algorithms, ...algorithms])];
    rules.set(issuer, known);
  };
  allow(oidc.issuer, oidc.portalClientId, 'PUBLIC', oidc.portalAlgorithms);
  allow(oidc.adminIssuer, oidc.adminClientId, 'ADMIN', oidc.adminAlgorithms);
  const audienceOf: Record<Portal, string> = { PUBLIC: oidc.audience, ADMIN: oidc.adminAudience };
  const algorithmsOf: Record<Portal, string[]> = { PUBLIC: oidc.portalAlgorithms, ADMIN: oidc.adminAlgorithms };

  const keySets = new Map<string, Promise<JWTVerifyGetKey>>();
  const keySetFor = (issuer: string): Promise<JWTVerifyGetKey> => {
    let keySet = keySets.get(issuer);
    if (!keySet) {
      keySet = issuer === localIssuer && localJwks ? Promise.resolve(createLocalJWKSet(localJwks)) : discoverRemoteKeySet(issuer);
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
    const issuer = issuerOf(token);
    const issuerRules = issuer ? rules.get(issuer) : undefined;
    if (!issuer || !issuerRules) throw invalid('unknown issuer');

    const { payload, protectedHeader } = await verifyJwt(token, await keySetFor(issuer), {
      issuer,
      algorithms: issuerRules.algorithms,
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      // With the tolerance: refuses an iat in the future, and one older than a token can live.
      maxTokenAge: issuerRules.maxLifetime,
    });
    if (protectedHeader.typ !== undefined && !ACCESS_TOKEN_TYPES.has(protectedHeader.typ.toLowerCase())) {
      throw invalid(`typ "${protectedHeader.typ}" is not an access token's`);
    }
    // jose granted the tolerance to exp as well; expiry gets none (see CLOCK_SKEW_SECONDS).
    if (payload.exp! <= Math.floor(Date.now() / 1000)) throw invalid('"exp" claim timestamp check failed');
    if (payload.exp! - payload.iat! > issuerRules.maxLifetime) throw invalid('lifetime longer than the provider issues');

    const clientId = stringClaim(payload.client_id) ?? stringClaim(payload.azp) ?? stringClaim(payload.appid);
    const portal = clientId === undefined ? undefined : issuerRules.clients.get(clientId);
    if (!clientId || !portal) throw invalid('issued to another client');
    if (!algorithmsOf[portal].includes(protectedHeader.alg)) throw invalid(`"alg" ${protectedHeader.alg} not allowed for this client`);
    const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    if (!audiences.includes(audienceOf[portal])) throw invalid('"aud": audience is not the one of its client');
    if (portal === 'PUBLIC' && !PORTAL_ACRS.has(String(payload.acr))) throw invalid('level of assurance too low');
    const accepted: VerifiedAccessToken = {
      sub: String(payload.sub),
      clientId,
      portal,
      issuer,
      pid: portal === 'PUBLIC' ? stringClaim(payload.pid) : undefined,
      adminMatch: portal === 'ADMIN' ? matchClaimValue(payload[oidc.adminUserClaim]) : undefined,
      cityAdminClaim: portal === 'ADMIN' && cityAdminFrom(payload, oidc.cityAdminClaim),
    };
    return { token: accepted, exp: payload.exp! };
  };

  const verifyIdToken = async (idToken: string, access: VerifiedAccessToken): Promise<JWTPayload> => {
    if (issuerOf(idToken, invalidId) !== access.issuer) throw invalidId('issued by another issuer');
    const { payload } = await verifyJwt(
      idToken,
      await keySetFor(access.issuer),
      {
        issuer: access.issuer,
        audience: access.clientId,
        subject: access.sub,
        algorithms: algorithmsOf[access.portal],
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: CLOCK_SKEW_SECONDS,
      },
      invalidId,
    );
    return payload;
  };

  return Object.assign(verifyOnce, { verifyIdToken });
}

/** The `iss` of a JWT, unverified: to pick the keys, and to name the issuer in a log line. */
export function issuerOf(token: string, refuse: (reason: string) => AppError = invalid): string | undefined {
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    throw refuse('not a JWT');
  }
}

async function verifyJwt(
  token: string,
  keys: JWTVerifyGetKey,
  options: Parameters<typeof jwtVerify>[2],
  refuse: (reason: string) => AppError = invalid,
) {
  try {
    return await jwtVerify(token, keys, options);
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw refuse(error.message);
    throw error;
  }
}

function invalid(reason: string): AppError {
  return AppError.unauthenticated(`Invalid access token: ${reason}`);
}

function invalidId(reason: string): AppError {
  return new AppError('BAD_REQUEST', `Invalid ID token: ${reason}`);
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
