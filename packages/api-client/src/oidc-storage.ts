import type { ClientSettings } from '@lokaler/domain/client-settings';

/** The prefix of oidc-client-ts's keys in sessionStorage; oidcSettings gives it to the library's stores. */
export const OIDC_STORAGE_PREFIX = 'oidc.';

/**
 * Where oidc-client-ts keeps this client's logged-in user in sessionStorage (its UserManager's user
 * store key, `user:{authority}:{client_id}`, after the prefix). on-demand-auth-client.test.ts checks
 * it against the library itself.
 */
export function storedUserKey(settings: Pick<ClientSettings, 'authority' | 'clientId'>): string {
  return `${OIDC_STORAGE_PREFIX}user:${settings.authority}:${settings.clientId}`;
}
