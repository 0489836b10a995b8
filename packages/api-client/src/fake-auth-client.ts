import type { AuthClient, AuthUser } from './auth-client';

/**
 * An AuthClient without an identity provider, for the SPAs' tests: it starts logged in or out and
 * records what the app asked of it.
 */
export interface FakeAuthClient extends AuthClient {
  readonly loginCalls: string[];
  readonly logoutCalls: number;
  /** As if the provider had logged the user in or out (notifies the app). */
  setUser(user: AuthUser | null): void;
}

export function createFakeAuthClient(
  initialUser: AuthUser | null = null,
  options: { accessToken?: string; returnTo?: string } = {},
): FakeAuthClient {
  let user = initialUser;
  let logoutCalls = 0;
  const loginCalls: string[] = [];
  const listeners = new Set<(user: AuthUser | null) => void>();
  const setUser = (next: AuthUser | null) => {
    user = next;
    for (const listener of listeners) listener(next);
  };

  return {
    loginCalls,
    get logoutCalls() {
      return logoutCalls;
    },
    setUser,
    getUser: async () => user,
    login: async (returnTo) => {
      loginCalls.push(returnTo);
    },
    completeLogin: async () => {
      if (!user) throw new Error('no login in progress');
      return { user, returnTo: options.returnTo ?? '/' };
    },
    logout: async () => {
      logoutCalls++;
      setUser(null);
    },
    removeUser: async () => setUser(null),
    getAccessToken: async () => (user ? (options.accessToken ?? 'fake-access-token') : null),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
