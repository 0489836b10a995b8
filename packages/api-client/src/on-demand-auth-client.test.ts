import { beforeEach, describe, expect, it, vi } from 'vitest';
import { User, UserManager } from 'oidc-client-ts';
import type { AuthClient, AuthUser } from './auth-client';
import { oidcSettings } from './oidc-auth-client';
import { createOnDemandAuthClient } from './on-demand-auth-client';
import { oidcTestSettings } from './oidc-test-settings';

const settings = oidcTestSettings();

const kari: AuthUser = { sub: 'kari', name: 'Kari Nordmann' };

/** A stand-in for the library's client that counts how it was built and lets a test send events. */
function fakeLibrary() {
  const listeners = new Set<(user: AuthUser | null) => void>();
  const client: AuthClient = {
    getUser: vi.fn(async () => kari),
    getAccessToken: vi.fn(async () => 'token-1'),
    removeUser: vi.fn(async () => {}),
    login: vi.fn(async () => {}),
    completeLogin: vi.fn(async () => ({ user: kari, returnTo: '/bookinger' })),
    logout: vi.fn(async () => {}),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const load = vi.fn(async () => client);
  return { client, load, emit: (user: AuthUser | null) => listeners.forEach((l) => l(user)) };
}

beforeEach(() => sessionStorage.clear());

describe('createOnDemandAuthClient', () => {
  it('answers a visitor with no login in this tab without loading the OIDC library', async () => {
    const { load } = fakeLibrary();
    const auth = createOnDemandAuthClient(settings, { load });
    await expect(auth.getUser()).resolves.toBeNull();
    await expect(auth.getAccessToken()).resolves.toBeNull();
    await auth.removeUser();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the library once a login is stored in this tab — where oidc-client-ts itself stores it', async () => {
    // The real library stores the user: if its storage key ever changes, this test fails.
    await new UserManager(oidcSettings(settings)).storeUser(
      new User({
        access_token: 'stored-token',
        token_type: 'Bearer',
        profile: { sub: 'kari', iss: settings.authority, aud: settings.clientId, exp: 0, iat: 0 },
        expires_at: Math.floor(Date.now() / 1000) + 300,
      }),
    );
    const { load, client } = fakeLibrary();
    const auth = createOnDemandAuthClient(settings, { load });
    await expect(auth.getUser()).resolves.toEqual(kari);
    await expect(auth.getAccessToken()).resolves.toBe('token-1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(client.getUser).toHaveBeenCalledTimes(1);
  });

  it('does not take another client’s stored login for its own', async () => {
    await new UserManager(oidcSettings({ ...settings, clientId: 'lokaler-admin' })).storeUser(
      new User({
        access_token: 'a',
        token_type: 'Bearer',
        profile: { sub: 'siri', iss: settings.authority, aud: 'lokaler-admin', exp: 0, iat: 0 },
      }),
    );
    const { load } = fakeLibrary();
    await expect(createOnDemandAuthClient(settings, { load }).getUser()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the library to log in, and passes on its events to subscribers from then on', async () => {
    const { load, client, emit } = fakeLibrary();
    const auth = createOnDemandAuthClient(settings, { load });
    const seen: (AuthUser | null)[] = [];
    auth.subscribe((user) => seen.push(user));
    await auth.login('/oversikt');
    expect(client.login).toHaveBeenCalledWith('/oversikt');
    await expect(auth.completeLogin()).resolves.toEqual({ user: kari, returnTo: '/bookinger' });
    emit(kari);
    // Loaded now: the token comes from the library even before anything is stored.
    await expect(auth.getAccessToken()).resolves.toBe('token-1');
    await auth.logout();
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([kari]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
