import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OidcClient, User, UserManager } from 'oidc-client-ts';
import { createOidcAuthClient, oidcSettings } from './oidc-auth-client';
import { oidcTestDiscovery, oidcTestSettings } from './oidc-test-settings';

const settings = oidcTestSettings();
const discovery = oidcTestDiscovery(settings);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/.well-known/openid-configuration')) return json(discovery);
    if (url === discovery.token_endpoint) {
      return json({
        access_token: 'renewed-token',
        token_type: 'Bearer',
        expires_in: 600,
        refresh_token: 'refresh-2',
        scope: settings.scope,
      });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function storedUser(expiresInSeconds: number): User {
  return new User({
    access_token: 'old-token',
    token_type: 'Bearer',
    refresh_token: 'refresh-1',
    scope: settings.scope,
    profile: { sub: 'kari', iss: settings.authority, aud: settings.clientId, exp: 0, iat: 0, given_name: 'Kari', family_name: 'Nordmann' },
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
  });
}

describe('oidcSettings', () => {
  it('uses the authorisation code flow, the refresh threshold of 30 s and sessionStorage only', () => {
    const s = oidcSettings(settings);
    expect(s).toMatchObject({
      authority: settings.authority,
      client_id: 'lokaler-portal',
      redirect_uri: 'http://localhost:3000/auth/callback',
      post_logout_redirect_uri: 'http://localhost:3000/',
      response_type: 'code',
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 30,
      disablePKCE: false,
    });
  });

  it('sends PKCE S256, resource and acr_values on the authorisation request and keeps its state out of localStorage', async () => {
    const request = await new OidcClient(oidcSettings(settings)).createSigninRequest({ state: { returnTo: '/oversikt' } });
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe(discovery.authorization_endpoint);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('resource')).toBe(settings.resource);
    expect(url.searchParams.get('acr_values')).toBe('idporten-loa-substantial');
    expect(url.searchParams.get('redirect_uri')).toBe(settings.redirectUri);
    expect(Object.keys(sessionStorage).some((k) => k.startsWith('oidc.'))).toBe(true);
    expect(localStorage.length).toBe(0);
  });
});

describe('createOidcAuthClient', () => {
  it('reads the user with the name from the ID token', async () => {
    const manager = new UserManager(oidcSettings(settings));
    await manager.storeUser(storedUser(300));
    const client = createOidcAuthClient(settings, manager);
    await expect(client.getUser()).resolves.toEqual({ sub: 'kari', name: 'Kari Nordmann' });
    expect(localStorage.length).toBe(0);
  });

  it('returns the token as it is while it has 30 s or more left', async () => {
    const manager = new UserManager(oidcSettings(settings));
    await manager.storeUser(storedUser(120));
    await expect(createOidcAuthClient(settings, manager).getAccessToken()).resolves.toBe('old-token');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === discovery.token_endpoint)).toBe(false);
  });

  it('refreshes the token with the refresh token when it has less than 30 s left', async () => {
    const manager = new UserManager(oidcSettings(settings));
    await manager.storeUser(storedUser(20));
    await expect(createOidcAuthClient(settings, manager).getAccessToken()).resolves.toBe('renewed-token');
    const tokenCall = fetchMock.mock.calls.find(([url]) => String(url) === discovery.token_endpoint);
    const body = new URLSearchParams(String(tokenCall?.[1]?.body));
    expect(body.get('grant_type')).toBe('refresh_token');
    expect(body.get('refresh_token')).toBe('refresh-1');
  });

  it('ends the session when the token has expired and cannot be refreshed', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/.well-known/openid-configuration')
        ? json(discovery)
        : new Response('{"error":"invalid_grant"}', { status: 400 }),
    );
    const manager = new UserManager(oidcSettings(settings));
    await manager.storeUser(storedUser(-5));
    const client = createOidcAuthClient(settings, manager);
    await expect(client.getAccessToken()).resolves.toBeNull();
    await expect(client.getUser()).resolves.toBeNull();
  });

  it('returns no token when nobody is logged in', async () => {
    await expect(createOidcAuthClient(settings, new UserManager(oidcSettings(settings))).getAccessToken()).resolves.toBeNull();
  });
});

describe('the ID token for the server (names and e-mail, decision 032)', () => {
  const loggedIn = () =>
    new User({
      access_token: 'access-1',
      id_token: 'id-1',
      token_type: 'Bearer',
      scope: settings.scope,
      profile: { sub: 'kari', iss: settings.authority, aud: settings.clientId, exp: 0, iat: 0, name: 'Kari Nordmann' },
      expires_at: Math.floor(Date.now() / 1000) + 600,
    });

  it('is sent once after the login callback, with the access token, before the app goes on', async () => {
    const manager = new UserManager(oidcSettings(settings));
    const sendIdToken = vi.fn(async () => {});
    const client = createOidcAuthClient(settings, manager, { sendIdToken });
    const user = loggedIn();
    // The library raises userLoaded inside the callback, as it does in the browser.
    vi.spyOn(manager, 'signinRedirectCallback').mockImplementation(async () => {
      await manager.events.load(user);
      return user;
    });
    await client.completeLogin();
    expect(sendIdToken.mock.calls).toEqual([['id-1', 'access-1']]);
    // A renewal of the same login does not send it again.
    await manager.events.load(loggedIn());
    expect(sendIdToken).toHaveBeenCalledTimes(1);
  });

  it('is sent again after a renewal when the first attempt failed', async () => {
    const manager = new UserManager(oidcSettings(settings));
    const sendIdToken = vi.fn().mockRejectedValueOnce(new Error('HTTP 503')).mockResolvedValue(undefined);
    const client = createOidcAuthClient(settings, manager, { sendIdToken });
    const user = loggedIn();
    vi.spyOn(manager, 'signinRedirectCallback').mockResolvedValue(user);
    await expect(client.completeLogin()).resolves.toMatchObject({ user: { name: 'Kari Nordmann' } });
    await manager.events.load(loggedIn());
    await vi.waitFor(() => expect(sendIdToken).toHaveBeenCalledTimes(2));
    await manager.events.load(loggedIn());
    expect(sendIdToken).toHaveBeenCalledTimes(2);
  });

  it('goes to PUT /api/currentuser/id-token by default', async () => {
    const manager = new UserManager(oidcSettings(settings));
    const client = createOidcAuthClient(settings, manager);
    vi.spyOn(manager, 'signinRedirectCallback').mockResolvedValue(loggedIn());
    await client.completeLogin();
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/currentuser/id-token'));
    expect(put?.[1]).toMatchObject({
      method: 'PUT',
      body: JSON.stringify({ idToken: 'id-1' }),
      headers: expect.objectContaining({ Authorization: 'Bearer access-1' }),
    });
  });
});

describe('admin client settings', () => {
  it('sends no resource parameter when the settings give none (Entra ID: the API is named by a scope)', async () => {
    const entra = { ...settings, resource: '', scope: 'openid profile api://lokaler-api/Lokaler.Admin' };
    const url = new URL((await new OidcClient(oidcSettings(entra)).createSigninRequest({ state: {} })).url);
    expect(url.searchParams.has('resource')).toBe(false);
    expect(url.searchParams.get('scope')).toBe('openid profile api://lokaler-api/Lokaler.Admin');
  });

  it('asks for no acr level when the settings give none', async () => {
    const admin = { ...settings, clientId: 'lokaler-admin', acrValues: '', redirectUri: 'http://localhost:3000/admin/auth/callback' };
    const request = await new OidcClient(oidcSettings(admin)).createSigninRequest({ state: {} });
    const url = new URL(request.url);
    expect(url.searchParams.has('acr_values')).toBe(false);
    expect(url.searchParams.get('client_id')).toBe('lokaler-admin');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/admin/auth/callback');
  });
});
