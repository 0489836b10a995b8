import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';

export interface MaskinportenSettings {
  /** e.g. https://maskinporten.no/ : the grant's audience; the token endpoint is {issuer}token. */
  issuer: string;
  clientId: string;
  privateKeyPem: string;
  keyId: string;
  scope: string;
}

/** A token is renewed this long before Maskinporten says it expires, so no request carries a dying one. */
const RENEW_BEFORE_EXPIRY_MS = 30_000;
/** Maskinporten accepts a grant whose exp is at most 120 s after its iat. */
const GRANT_LIFETIME_SECONDS = 110;

/**
 * Maskinporten's JWT grant (RFC 7523): a JWT signed with the client's registered key asks for an
 * access token with the scope; the token is kept until shortly before it expires, and concurrent
 * callers share one pending request.
 */
export function createMaskinportenClient(settings: MaskinportenSettings, fetchImpl: typeof fetch = fetch) {
  const keyPromise = importPKCS8(settings.privateKeyPem, 'RS256');
  const tokenEndpoint = new URL('token', settings.issuer.endsWith('/') ? settings.issuer : `${settings.issuer}/`).toString();
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const requestToken = async (): Promise<string> => {
    const grant = await new SignJWT({ scope: settings.scope })
      .setProtectedHeader({ alg: 'RS256', kid: settings.keyId })
      .setIssuer(settings.clientId)
      .setAudience(settings.issuer)
      .setIssuedAt()
      .setExpirationTime(`${GRANT_LIFETIME_SECONDS}s`)
      .setJti(randomUUID())
      .sign(await keyPromise);
    const response = await fetchImpl(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: grant }).toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`Maskinporten answered HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number')
      throw new Error('Maskinporten answered without a token');
    cached = { token: body.access_token, renewAt: Date.now() + body.expires_in * 1000 - RENEW_BEFORE_EXPIRY_MS };
    return body.access_token;
  };

  return {
    async accessToken(): Promise<string> {
      if (cached && Date.now() < cached.renewAt) return cached.token;
      pending ??= requestToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}
export type MaskinportenClient = ReturnType<typeof createMaskinportenClient>;
