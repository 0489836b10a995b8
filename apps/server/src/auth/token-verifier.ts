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
 * Verifies access tokens the way ID-porten's guide asks: signature against the issuer's JWKS,
 * issuer, audience, expiry, `typ: at+jwt`, the client it was issued to and, for the portal, `acr`.
 * The local provider's keys are used in-process (no HTTP call to ourselves); an external issuer's
 * keys come from its discovery document's jwks_uri.
 */
export function createTokenVerifier(oidc: Config['oidc'], localJwks: JSONWebKeySet | undefined): TokenVerifier {
  const localIssuer = oidc.local ? oidc.issuer : undefined;
  // Which clients each issuer may have issued a token to; in the embedded default one issuer serves both.
  const clientsByIssuer = new Map<string, Map<string, 'PUBLIC' | 'ADMIN'>>();
  const allow = (issuer: string, clientId: string, portal: 'PUBLIC' | 'ADMIN') => {
    const clients = clientsByIssuer.get(issuer) ?? new Map<string, 'PUBLIC' | 'ADMIN'>();
    clients.set(clientId, portal);
    clientsByIssuer.set(issuer, clients);
  };
  allow(oidc.issuer, oidc.portalClientId, 'PUBLIC');
  allow(oidc.adminIssuer, oidc.adminClientId, 'ADMIN');

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

  return async (token) => {
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
        audience: oidc.audience,
        typ: 'at+jwt',
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'sub', 'client_id'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw invalid(error.message);
      throw error;
    }

    const clientId = String(payload.client_id);
    const portal = clients.get(clientId);
    if (!portal) throw invalid('issued to another client');
    if (portal === 'PUBLIC' && !PORTAL_ACRS.has(String(payload.acr))) throw invalid('level of assurance too low');
    return {
      sub: String(payload.sub),
      clientId,
      portal,
      name: stringClaim(payload.name) ?? joinNames(payload.given_name, payload.family_name),
      email: stringClaim(payload.email),
    };
  };
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
