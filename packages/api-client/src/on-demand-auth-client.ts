import type { ClientSettings } from '@lokaler/domain/client-settings';
import type { AuthClient, AuthUser } from './auth-client';
import { storedUserKey } from './oidc-storage';

export interface OnDemandAuthClientOptions {
  /** Builds the real client (default: createOidcAuthClient, from its own chunk). */
  load?: () => Promise<AuthClient>;
  storage?: Storage;
}

/**
 * The AuthClient of both SPAs, with oidc-client-ts (≈ 20 kB gzip) loaded only when it is needed
 * (decision 021): at once when this tab has a stored login (its tokens are read and renewed as before),
 * otherwise at the first login, callback or logout. A visitor who is not logged in — most citizens,
 * arriving from a link — gets null for the user and the token without downloading the library.
 */
export function createOnDemandAuthClient(settings: ClientSettings, options: OnDemandAuthClientOptions = {}): AuthClient {
  const load = options.load ?? (() => import('./oidc-auth-client').then((m) => m.createOidcAuthClient(settings)));
  const storage = options.storage ?? window.sessionStorage;
  const listeners = new Set<(user: AuthUser | null) => void>();
  let client: Promise<AuthClient> | undefined;

  const library = (): Promise<AuthClient> => {
    client ??= load().then((loaded) => {
      loaded.subscribe((user) => {
        for (const listener of listeners) listener(user);
      });
      return loaded;
    });
    return client;
  };
  /** Loaded already, or a login in this tab that only the library can read (and renew). */
  const needed = () => client !== undefined || storage.getItem(storedUserKey(settings)) !== null;

  return {
    getUser: async () => (needed() ? (await library()).getUser() : null),
    getAccessToken: async () => (needed() ? (await library()).getAccessToken() : null),
    removeUser: async () => {
      if (needed()) await (await library()).removeUser();
    },
    login: async (returnTo) => (await library()).login(returnTo),
    completeLogin: async () => (await library()).completeLogin(),
    logout: async () => (await library()).logout(),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
