import { randomBytes } from 'node:crypto';
import { generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import type { App } from '../src/app';
import { serverKeysOf } from '../src/idp/index';
import { testCitizens } from '../src/seed/test-users';

export interface AccessTokenOptions {
  /** Claims to set or (with undefined) to leave out. */
  claims?: Record<string, unknown>;
  /** Sign with this key instead of the local provider's (a key the API must not trust). */
  key?: CryptoKey;
  /** The kid header; defaults to the provider key's, so a foreign key cannot hide behind a missing kid. */
  kid?: string;
  typ?: string;
}

/**
 * An access token shaped like the local provider's (a citizen of the portal, valid 10 minutes),
 * signed with the provider's own key unless told otherwise. For tests of what the API refuses:
 * another audience, an expired token, a low acr, a foreign key...
 */
export async function signAccessToken(app: App, options: AccessTokenOptions = {}): Promise<string> {
  const serverKey = serverKeysOf(app)?.signingKeys[0];
  if (!serverKey) throw new Error('the app runs no local identity provider');
  const citizen = testCitizens[0]!;
  const now = Math.floor(Date.now() / 1000);
  const { oidc } = app.config;
  // The admin client's tokens are for the admin audience, as the provider issues them.
  const aud = options.claims?.client_id === oidc.adminClientId ? oidc.adminAudience : oidc.audience;
  const claims: Record<string, unknown> = {
    iss: oidc.issuer,
    aud,
    sub: citizen.sub,
    client_id: oidc.portalClientId,
    acr: 'idporten-loa-substantial',
    scope: 'openid profile',
    // Shaped like ID-porten's: the person's pid, no name or e-mail (those come from the ID token).
    pid: citizen.pid,
    jti: randomBytes(16).toString('base64url'),
    iat: now,
    exp: now + 600,
    ...options.claims,
  };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  const key = options.key ?? (await importJWK(serverKey, 'RS256'));
  return new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: 'RS256', typ: options.typ ?? 'at+jwt', kid: options.kid ?? serverKey.kid })
    .sign(key);
}

/** A key pair the API has never seen. */
export async function foreignKey(): Promise<CryptoKey> {
  return (await generateKeyPair('RS256')).privateKey;
}
