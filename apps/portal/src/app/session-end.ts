import type { AuthClient } from '@lokaler/api-client/auth-client';
import { clearImpersonationCookie } from '@lokaler/api-client/impersonation';

/**
 * Spec 02 §6: the impersonation cookie is cleared at logout. Every logout of the portal goes through
 * the AuthClient, so the client is wrapped once: first the cookie (POST /api/user/logout), then
 * the login session (the identity provider's end-session, which returns to the root).
 */
export function withImpersonationLogout(client: AuthClient): AuthClient {
  return {
    getUser: () => client.getUser(),
    login: (returnTo) => client.login(returnTo),
    completeLogin: () => client.completeLogin(),
    logout: async () => {
      await clearImpersonationCookie();
      await client.logout();
    },
    removeUser: () => client.removeUser(),
    getAccessToken: () => client.getAccessToken(),
    subscribe: (listener) => client.subscribe(listener),
  };
}
