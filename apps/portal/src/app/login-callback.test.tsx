import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { OidcClient, UserManager } from 'oidc-client-ts';
import { createOidcAuthClient, oidcSettings } from '@lokaler/api-client/oidc-auth-client';
import { oidcTestDiscovery, oidcTestSettings } from '@lokaler/api-client/oidc-test-settings';
import { resetBrowserState } from '../features/bookings/testing/setup';
import { renderPortal, stubApi } from '../testing/render-portal';

/**
 * Decision 016: the portal's login (the real oidc-client-ts client, only the provider's HTTP
 * answers are stubbed) refuses a callback whose state it did not issue, and an ID token whose nonce
 * is not the one it sent: the error page, no session. The last test is the same flow done right.
 */
const settings = oidcTestSettings({ scope: 'openid profile email' });
const discovery = oidcTestDiscovery(settings);

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const idToken = (nonce: string) => {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: settings.authority, aud: settings.clientId, sub: 'kari', nonce, iat: now, exp: now + 600, name: 'Kari Nordmann' };
  return `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2lnbmF0dXJl`;
};

beforeEach(resetBrowserState);
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The provider's discovery and token endpoints; the token endpoint's ID token carries `nonce()`. */
function stubProvider(nonce: () => string) {
  const tokenCalls: URLSearchParams[] = [];
  const fetchMock = stubApi({
    '/idp/.well-known/openid-configuration': discovery,
    '/idp/token': ({ init }: { init: RequestInit | undefined }) => {
      tokenCalls.push(new URLSearchParams(String(init?.body)));
      const body = { access_token: 'at', token_type: 'Bearer', expires_in: 600, id_token: idToken(nonce()), scope: settings.scope };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return { fetchMock, tokenCalls };
}

/** 'Logg inn' as the portal does it; returns the state and nonce it sent to the provider. */
async function startLogin() {
  const manager = new UserManager(oidcSettings(settings));
  const client = createOidcAuthClient(settings, manager);
  // jsdom does not leave the page for the provider: the login stays pending, its request is stored.
  void client.login('/bookinger');
  let stored: { id: string; nonce?: string } | undefined;
  await waitFor(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.') && !k.startsWith('oidc.user:'));
    expect(key).toBeDefined();
    stored = JSON.parse(sessionStorage.getItem(key!)!) as { id: string; nonce?: string };
  });
  return { client, manager, state: stored!.id, nonce: stored!.nonce };
}

/** The provider sends the browser back to the callback with this code and state. */
function renderCallback(client: ReturnType<typeof createOidcAuthClient>, state: string) {
  const path = `/auth/callback?code=the-code&state=${encodeURIComponent(state)}`;
  window.history.replaceState(null, '', path);
  return renderPortal(path, { loadAuthClient: async () => client });
}

async function expectErrorPageAndNoSession(manager: UserManager) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Ups, noe gikk galt' })).toBeInTheDocument();
  expect(await manager.getUser()).toBeNull();
  expect(Object.keys(sessionStorage).some((k) => k.startsWith('oidc.user:'))).toBe(false);
  expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Mine bookinger' })).toBeInTheDocument();
}

describe('the portal login callback', () => {
  it('sends a fresh nonce with every login', async () => {
    stubProvider(() => 'irrelevant');
    const first = await startLogin();
    sessionStorage.clear();
    const second = await startLogin();
    expect(first.nonce).toMatch(/^[\w-]{22}$/);
    expect(second.nonce).toMatch(/^[\w-]{22}$/);
    expect(second.nonce).not.toBe(first.nonce);
  });

  it('refuses a callback with a state it did not issue: no code is redeemed, no session', async () => {
    const { tokenCalls } = stubProvider(() => 'irrelevant');
    const { client, manager } = await startLogin();
    renderCallback(client, 'forged-state');
    await expectErrorPageAndNoSession(manager);
    expect(tokenCalls).toHaveLength(0);
  });

  it('refuses an ID token whose nonce is not the one the login sent: no session', async () => {
    const { tokenCalls } = stubProvider(() => 'someone-elses-nonce');
    const { client, manager, state } = await startLogin();
    renderCallback(client, state);
    await expectErrorPageAndNoSession(manager);
    expect(tokenCalls).toHaveLength(1);
  });

  it('logs in when state and nonce match (the same flow, done right)', async () => {
    let sent = '';
    stubProvider(() => sent);
    const { client, manager, state, nonce } = await startLogin();
    sent = nonce!;
    const { router } = renderCallback(client, state);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger'));
    expect((await manager.getUser())?.profile.sub).toBe('kari');
  });

  it("logs out at the provider's end_session_endpoint with the ID token as hint and the registered return address", async () => {
    let sent = '';
    stubProvider(() => sent);
    const { client, manager, state, nonce } = await startLogin();
    sent = nonce!;
    const { router } = renderCallback(client, state);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger'));
    const idTokenOfSession = (await manager.getUser())!.id_token;
    const signout = vi.spyOn(OidcClient.prototype, 'createSignoutRequest');
    // jsdom does not leave the page for the provider: the logout stays pending once it navigates.
    void client.logout();
    await waitFor(() => expect(signout).toHaveBeenCalled());
    const url = new URL(((await signout.mock.results[0]!.value) as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(discovery.end_session_endpoint);
    expect(url.searchParams.get('id_token_hint')).toBe(idTokenOfSession);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(settings.postLogoutRedirectUri);
    await waitFor(async () => expect(await manager.getUser()).toBeNull());
  });
});
