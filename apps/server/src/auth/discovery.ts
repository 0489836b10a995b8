import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/** An external issuer's signing keys, found through its discovery document (cached and refreshed by jose). */
export async function discoverRemoteKeySet(issuer: string): Promise<JWTVerifyGetKey> {
  // Entra ID's issuer ends in /v2.0 and ID-porten's in a slash: the well-known path follows either.
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery of ${issuer} failed: HTTP ${response.status}`);
  const metadata = (await response.json()) as { issuer?: string; jwks_uri?: string };
  if (metadata.issuer !== issuer || !metadata.jwks_uri) throw new Error(`OIDC discovery of ${issuer} returned unusable metadata`);
  return createRemoteJWKSet(new URL(metadata.jwks_uri));
}
