import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { bearer, CookieJar, loginAs, refreshTokens } from '../../test/login';
import { useTestApp } from '../../test/test-app';
import { clientSettingsFor } from '../platform/client-settings/routes';
import { testAdmins, testCitizens } from '../seed/test-users';

const kari = testCitizens[0]!;
const siri = testAdmins[0]!;

describe('the local identity provider', () => {
  const ctx = useTestApp();

  /** Starts an authorisation request as the SPA would; returns the browser and the first answer. */
  async function authorize(
    client: 'portal' | 'admin',
    overrides: Record<string, string | undefined> = {},
    browser = new CookieJar(ctx.app),
  ) {
    const settings = clientSettingsFor(ctx.app.config)[client];
    const params: Record<string, string | undefined> = {
      client_id: settings.clientId,
      response_type: 'code',
      scope: settings.scope,
      redirect_uri: settings.redirectUri,
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'abc',
      resource: settings.resource,
      ...overrides,
    };
    const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
    const response = await browser.request({ method: 'GET', url: `/idp/auth?${query}` });
    return { browser, response };
  }

  const pathOf = (location: unknown) => {
    const url = new URL(String(location), 'http://localhost');
    return `${url.pathname}${url.search}`;
  };

  it('publishes discovery and public keys under the issuer', async () => {
    const discovery = await ctx.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({
      issuer: 'http://localhost:3000/idp',
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      acr_values_supported: expect.arrayContaining(['idporten-loa-substantial']),
    });
    const jwks = (await ctx.app.inject({ method: 'GET', url: '/idp/jwks' })).json<{ keys: Record<string, unknown>[] }>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it("gives a citizen an access token shaped like ID-porten's (pid and acr, no name or e-mail) and the name in the ID token", async () => {
    const { accessToken, idToken, refreshToken } = await loginAs(ctx.app, kari);
    expect(refreshToken).toEqual(expect.any(String));
    expect(decodeProtectedHeader(accessToken).typ).toBe('at+jwt');
    const at = decodeJwt(accessToken);
    expect(at).toMatchObject({
      iss: 'http://localhost:3000/idp',
      aud: 'http://localhost:3000/api',
      sub: kari.sub,
      client_id: 'lokaler-portal',
      acr: 'idporten-loa-substantial',
      pid: kari.pid,
    });
    expect(at).not.toHaveProperty('name');
    expect(at).not.toHaveProperty('email');
    expect(at.exp! - at.iat!).toBe(600);
    // The portal asks for 'openid profile', as at ID-porten: no e-mail (that comes from the person register).
    const id = decodeJwt(idToken);
    expect(id).toMatchObject({
      sub: kari.sub,
      pid: kari.pid,
      given_name: 'Kari',
      family_name: 'Nordmann',
      name: 'Kari Nordmann',
      acr: 'idporten-loa-substantial',
      aud: 'lokaler-portal',
    });
    expect(id).not.toHaveProperty('email');
  });

  it('gives an administrator tokens of the admin client, without any pid', async () => {
    const { accessToken, idToken } = await loginAs(ctx.app, siri, { client: 'admin' });
    expect(decodeJwt(accessToken)).toMatchObject({
      sub: siri.sub,
      client_id: 'lokaler-admin',
      aud: 'http://localhost:3000/api/admin',
      email: siri.email,
    });
    expect(decodeJwt(accessToken)).not.toHaveProperty('name');
    const id = decodeJwt(idToken);
    expect(id).toMatchObject({ name: 'Siri Saksbehandler', email: siri.email, aud: 'lokaler-admin' });
    expect(id).not.toHaveProperty('pid');
  });

  it('never puts the fødselsnummer in a URL or a redirect', async () => {
    const inject = vi.spyOn(ctx.app, 'inject');
    try {
      await loginAs(ctx.app, kari);
      const urls = (inject.mock.calls as unknown as [{ url: string }][]).map(([options]) => options.url);
      const responses = await Promise.all(inject.mock.results.map((r) => r.value as ReturnType<typeof ctx.app.inject>));
      const locations = responses.map((r) => String(r.headers.location ?? ''));
      expect(urls.length).toBeGreaterThan(4);
      for (const text of [...urls, ...locations]) expect(text).not.toContain(kari.pid);
    } finally {
      inject.mockRestore();
    }
  });

  it('shows the login page for the client, and refuses unknown numbers with a clear error', async () => {
    const { browser, response } = await authorize('portal');
    expect(response.statusCode).toBe(303);
    const pagePath = pathOf(response.headers.location);
    expect(pagePath).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    const page = await browser.request({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Logg inn som Kari Nordmann');

    const post = (payload: string) =>
      browser.request({
        method: 'POST',
        url: `${pagePath}/login`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const unknown = await post('pid=01018012345');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Fant ingen testbruker med dette fødselsnummeret');
    const malformed = await post('pid=123');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('Fødselsnummeret må ha 11 siffer');
    // An administrator cannot be smuggled into the portal by a hand-made POST.
    const admin = await post(`sub=${encodeURIComponent(siri.sub)}`);
    expect(admin.statusCode).toBe(400);

    const ok = await post(`pid=${kari.pid}`);
    expect(ok.statusCode).toBe(303);
    const resumed = await browser.request({ method: 'GET', url: pathOf(ok.headers.location) });
    expect(String(resumed.headers.location)).toMatch(/^http:\/\/localhost:3000\/auth\/callback\?code=/);
  });

  it('lists administrators, not citizens, on the admin client page, and refuses a citizen there', async () => {
    const { browser, response } = await authorize('admin');
    const pagePath = pathOf(response.headers.location);
    const page = await browser.request({ method: 'GET', url: pagePath });
    expect(page.body).toContain('Logg inn som Siri Saksbehandler');
    expect(page.body).not.toContain('Logg inn som Kari Nordmann');
    expect(page.body).not.toContain('Fødselsnummer');
    const citizen = await browser.request({
      method: 'POST',
      url: `${pagePath}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `pid=${kari.pid}`,
    });
    expect(citizen.statusCode).toBe(400);
  });

  it('requires PKCE S256 and checks the code verifier', async () => {
    const without = await authorize('portal', { code_challenge: undefined, code_challenge_method: undefined });
    expect(String(without.response.headers.location)).toMatch(/\/auth\/callback\?error=invalid_request/);
    const plain = await authorize('portal', { code_challenge_method: 'plain' });
    expect(String(plain.response.headers.location)).toMatch(/error=invalid_request/);

    // A stolen code is useless without the verifier.
    const { browser, response } = await authorize('portal');
    const pagePath = pathOf(response.headers.location);
    const ok = await browser.request({
      method: 'POST',
      url: `${pagePath}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `pid=${kari.pid}`,
    });
    const resumed = await browser.request({ method: 'GET', url: pathOf(ok.headers.location) });
    const code = new URL(String(resumed.headers.location)).searchParams.get('code')!;
    const settings = clientSettingsFor(ctx.app.config).portal;
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: settings.redirectUri,
        client_id: settings.clientId,
        code_verifier: randomBytes(32).toString('base64url'),
      }).toString(),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a redirect URI that is not registered', async () => {
    const { response } = await authorize('portal', { redirect_uri: 'https://evil.example/callback' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Innloggingen feilet');
    expect(response.body).toContain('redirect_uri');
  });

  it('sends the person back with access_denied when they cancel', async () => {
    const { browser, response } = await authorize('portal');
    const pagePath = pathOf(response.headers.location);
    const aborted = await browser.request({ method: 'POST', url: `${pagePath}/abort` });
    const back = await browser.request({ method: 'GET', url: pathOf(aborted.headers.location) });
    expect(String(back.headers.location)).toMatch(/^http:\/\/localhost:3000\/auth\/callback\?error=access_denied/);
  });

  it('answers a lost or expired interaction with a Norwegian page, not a crash', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/idp/interaction/does-not-exist' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Innloggingen er utløpt');
  });

  it('refreshes: the new access token works, the used refresh token does not', async () => {
    const first = await loginAs(ctx.app, kari);
    const second = await refreshTokens(ctx.app, first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(second.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Kari Nordmann', portal: 'PUBLIC' });
    // Rotation: a refresh token is used once.
    await expect(refreshTokens(ctx.app, first.refreshToken)).rejects.toThrow(/invalid_grant/);
  });
});
