import type { ClientMetadata } from 'oidc-provider';
import type { Config } from '../config';

/** Where the local provider is mounted; its issuer is `${publicUrl}/idp`. */
export const IDP_PATH = '/idp';

/** The two SPAs, as public clients (no secret: they run in the browser) with PKCE. */
export function idpClients(config: Config): ClientMetadata[] {
  const { publicUrl, oidc } = config;
  const spaClient = (clientId: string, base: string): ClientMetadata => ({
    client_id: clientId,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${publicUrl}${base}auth/callback`],
    post_logout_redirect_uris: [`${publicUrl}${base}`],
  });
  return [spaClient(oidc.portalClientId, '/'), spaClient(oidc.adminClientId, '/admin/')];
}

/** Which kind of person a client serves: citizens log in to the portal, administrators to admin. */
export function clientKindOf(oidc: Config['oidc'], clientId: string): 'citizen' | 'admin' | undefined {
  if (clientId === oidc.portalClientId) return 'citizen';
  if (clientId === oidc.adminClientId) return 'admin';
  return undefined;
}

/** The audience (resource indicator) of a client's access tokens: each app its own, see config.oidc.adminAudience. */
export function resourceOf(oidc: Config['oidc'], clientId: string | undefined): string {
  return clientId === oidc.adminClientId ? oidc.adminAudience : oidc.audience;
}
