import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CookieJar, loginAs, refreshTokens } from '../../test/login';
import { useTestApp } from '../../test/test-app';
import { clientSettingsFor } from '../platform/client-settings/routes';
import { testAdmins, testCitizens } from '../seed/test-users';

const kari = testCitizens[0]!;
const siri = testAdmins[0]!;

describe('provider sessions and logout', () => {
  const ctx = useTestApp();

  const pathOf = (location: unknown) => {
    const url = new URL(String(location), 'http://localhost');
    return `${url.pathname}${url.search}`;
  };

  /** A new authorisation request in an existing browser; where it first redirects to. */
  async function authorizeIn(browser: CookieJar, client: 'portal' | 'admin'): Promise<string> {
    const settings = clientSettingsFor(ctx.app.config)[client];
    const response = await browser.request({
      method: 'GET',
      url: `/idp/auth?${new URLSearchParams({
        client_id: settings.clientId,
        response_type: 'code',
        scope: settings.scope,
        redirect_uri: settings.redirectUri,
        code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
        code_challenge_method: 'S256',
        state: 'xyz',
        resource: settings.resource,
      })}`,
    });
    expect(response.statusCode).toBe(303);
    return String(response.headers.location);
  }

  /**
   * Follows the provider's redirects until they leave /idp or reach a login page. Also submits the
   * self-posting form oidc-provider sends when another person logs in over an existing session
   * (it ends the old session first), as the browser's script would.
   */
  async function follow(browser: CookieJar, location: string): Promise<string> {
    let target = location;
    for (let hops = 0; hops < 6 && pathOf(target).startsWith('/idp/') && !pathOf(target).startsWith('/idp/interaction/'); hops++) {
      let response = await browser.request({ method: 'GET', url: pathOf(target) });
      const autoPost = response.statusCode === 200 ? /<form method="post" action="([^"]+)">/.exec(response.body) : null;
      if (autoPost) {
        const fields = [...response.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m): [string, string] => [
          m[1]!,
          m[2]!,
        ]);
        response = await browser.request({
          method: 'POST',
          url: pathOf(autoPost[1]),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        });
      }
      target = String(response.headers.location);
    }
    return target;
  }

  it('signs a logged-in person in again without the login page (single sign-on)', async () => {
    const { cookies } = await loginAs(ctx.app, kari);
    const next = await follow(cookies, await authorizeIn(cookies, 'portal'));
    expect(next).toMatch(/^http:\/\/localhost:3000\/auth\/callback\?code=/);
  });

  it('asks a citizen with a session to log in again as an administrator for the admin client', async () => {
    // One browser has one provider session: logging in as someone else ends the citizen's session.
    const { cookies, refreshToken } = await loginAs(ctx.app, kari);
    const next = await follow(cookies, await authorizeIn(cookies, 'admin'));
    expect(pathOf(next)).toMatch(/^\/idp\/interaction\//);
    const page = await cookies.request({ method: 'GET', url: pathOf(next) });
    expect(page.body).toContain('Logg inn som Siri Saksbehandler');
    const login = await cookies.request({
      method: 'POST',
      url: `${pathOf(next)}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sub=${encodeURIComponent(siri.sub)}`,
    });
    expect(login.statusCode, login.body).toBe(303);
    expect(await follow(cookies, String(login.headers.location))).toMatch(/^http:\/\/localhost:3000\/admin\/auth\/callback\?code=/);
    await expect(refreshTokens(ctx.app, refreshToken)).rejects.toThrow(/invalid_grant/);
  });

  it('logs out: back to the post-logout URI, the refresh token is dead, the next login asks again', async () => {
    const { cookies, idToken, refreshToken } = await loginAs(ctx.app, kari);
    const settings = clientSettingsFor(ctx.app.config).portal;
    const end = await cookies.request({
      method: 'GET',
      url: `/idp/session/end?${new URLSearchParams({
        id_token_hint: idToken,
        post_logout_redirect_uri: settings.postLogoutRedirectUri,
        client_id: settings.clientId,
      })}`,
    });
    expect(end.statusCode).toBe(200);
    expect(end.body).toContain('<html lang="nb">');
    const form = /<form id="op.logoutForm" method="post" action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(end.body);
    expect(form).not.toBeNull();
    // The page submits itself (script) with logout=yes, as the hidden field says.
    expect(end.body).toContain('name="logout" value="yes"');
    const confirmed = await cookies.request({
      method: 'POST',
      url: pathOf(form![1]),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: form![2]!, logout: 'yes' }).toString(),
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('http://localhost:3000/');

    await expect(refreshTokens(ctx.app, refreshToken)).rejects.toThrow(/invalid_grant/);
    expect(pathOf(await follow(cookies, await authorizeIn(cookies, 'portal')))).toMatch(/^\/idp\/interaction\//);
  });

  it('logs an administrator out to /admin/', async () => {
    const { cookies, idToken } = await loginAs(ctx.app, siri, { client: 'admin' });
    const settings = clientSettingsFor(ctx.app.config).admin;
    const end = await cookies.request({
      method: 'GET',
      url: `/idp/session/end?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: settings.postLogoutRedirectUri })}`,
    });
    const form = /action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(end.body)!;
    const confirmed = await cookies.request({
      method: 'POST',
      url: pathOf(form[1]),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: form[2]!, logout: 'yes' }).toString(),
    });
    expect(confirmed.headers.location).toBe('http://localhost:3000/admin/');
  });

  it('refuses a post-logout URI that is not registered', async () => {
    const { cookies, idToken } = await loginAs(ctx.app, kari);
    const end = await cookies.request({
      method: 'GET',
      url: `/idp/session/end?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: 'https://evil.example/' })}`,
      headers: { accept: 'text/html' },
    });
    expect(end.statusCode).toBe(400);
    expect(end.body).toContain('Innloggingen feilet');
  });

  it('serves the stylesheet and the logout script the pages use', async () => {
    const css = await ctx.app.inject({ method: 'GET', url: '/idp/assets/idp.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const js = await ctx.app.inject({ method: 'GET', url: '/idp/assets/logout.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('op.logoutForm');
  });
});
