import type { ClientSettings } from '@lokaler/domain/client-settings';

/**
 * For tests of the login: the portal's client settings at the local provider (as
 * /api/client-settings/idporten.json gives them in development), with what a test changes.
 */
export function oidcTestSettings(overrides: Partial<ClientSettings> = {}): ClientSettings {
  return {
    authority: 'http://localhost:3000/idp',
    clientId: 'lokaler-portal',
    scope: 'openid profile offline_access',
    resource: 'http://localhost:3000/api',
    acrValues: 'idporten-loa-substantial',
    redirectUri: 'http://localhost:3000/auth/callback',
    postLogoutRedirectUri: 'http://localhost:3000/',
    ...overrides,
  };
}

/** The provider's discovery document for those settings, as a stubbed fetch answers it. */
export function oidcTestDiscovery(settings: ClientSettings) {
  return {
    issuer: settings.authority,
    authorization_endpoint: `${settings.authority}/auth`,
    token_endpoint: `${settings.authority}/token`,
    end_session_endpoint: `${settings.authority}/session/end`,
    jwks_uri: `${settings.authority}/jwks`,
  };
}
