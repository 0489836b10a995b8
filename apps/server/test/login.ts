import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { TestAdmin, TestCitizen } from '../src/seed/test-users';
import { clientSettingsFor } from '../src/platform/client-settings/routes';

export type LoginClient = 'portal' | 'admin';

export interface LoginResult {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** Seconds the access token is valid for, as the token endpoint said. */
  expiresIn: number;
  /** The browser's cookies at the provider (its session), e.g. for a logout test. */
  cookies: CookieJar;
}

/**
 * Logs a test person in through the REAL flow of the local provider, all through app.inject():
 * authorisation request (PKCE S256, resource, acr_values) → the login page → the login form (the
 * fødselsnummer for citizens, the person's button for administrators) → the redirects, with the
 * cookies → the code → the token endpoint. Use `bearer(result.accessToken)` on protected calls.
 */
export async function loginAs(
  app: App,
  person: TestCitizen | TestAdmin,
  /** sendIdToken: false leaves out the PUT of the ID token (a test of a token that expires within a second). */
  options: { client?: LoginClient; sendIdToken?: boolean } = {},
): Promise<LoginResult> {
  const client = options.client ?? ('pid' in person ? 'portal' : 'admin');
  const settings = clientSettingsFor(app.config)[client];
  const browser = new CookieJar(app);
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');

  const authorize = await browser.request({
    method: 'GET',
    url: `/idp/auth?${new URLSearchParams({
      client_id: settings.clientId,
      response_type: 'code',
      scope: settings.scope,
      redirect_uri: settings.redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state,
      nonce: randomBytes(12).toString('base64url'),
      resource: settings.resource,
      ...(settings.acrValues ? { acr_values: settings.acrValues } : {}),
    })}`,
  });
  const loginPage = await browser.request({ method: 'GET', url: redirectTarget(authorize, 'authorization request') });
  if (loginPage.statusCode !== 200) throw new Error(`login page answered ${loginPage.statusCode}`);
  const action = /<form method="post" action="([^"]+\/login)"/.exec(loginPage.body)?.[1];
  if (!action) throw new Error('no login form on the login page');

  const submitted = await browser.request({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'pid' in person ? `pid=${person.pid}` : `sub=${encodeURIComponent(person.sub)}`,
  });
  let response = submitted;
  // Back to the authorisation endpoint (resume), possibly more than once, until the client's redirect.
  for (let hops = 0; hops < 5; hops++) {
    const target = redirectTarget(response, 'login');
    if (target.startsWith(new URL(settings.redirectUri).pathname)) break;
    response = await browser.request({ method: 'GET', url: target });
  }
  const callback = new URL(String(response.headers.location), settings.redirectUri);
  if (`${callback.origin}${callback.pathname}` !== settings.redirectUri)
    throw new Error(`login ended at ${callback.origin}${callback.pathname}`);
  if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback.searchParams.get('error') ?? 'unknown error'}`);

  const tokens = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: settings.redirectUri,
    client_id: settings.clientId,
    code_verifier: verifier,
  });
  // As the SPAs do after the callback: the ID token tells the server the person's name and e-mail.
  if (options.sendIdToken !== false) await sendIdToken(app, tokens.accessToken, tokens.idToken);
  return { ...tokens, cookies: browser };
}

/** PUT /api/currentuser/id-token, as the SPAs send it after a login; throws unless it is accepted. */
export async function sendIdToken(app: App, accessToken: string, idToken: string): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/currentuser/id-token',
    headers: bearer(accessToken),
    payload: { idToken },
  });
  if (response.statusCode !== 200) throw new Error(`the ID token was refused: ${response.statusCode} ${response.body}`);
}

/** The refresh the SPA does when its token has < 30 s left: new access and refresh tokens. */
export async function refreshTokens(app: App, refreshToken: string, client: LoginClient = 'portal') {
  const settings = clientSettingsFor(app.config)[client];
  return tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: settings.clientId });
}

/** Headers for a protected call. */
export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

async function tokenRequest(app: App, form: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: new URL(app.config.publicUrl).host },
    payload: new URLSearchParams(form).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`token endpoint answered ${response.statusCode}: ${response.body}`);
  const body = response.json<{ access_token: string; id_token: string; refresh_token: string; expires_in: number }>();
  return { accessToken: body.access_token, idToken: body.id_token, refreshToken: body.refresh_token, expiresIn: body.expires_in };
}

/** Path and query of a redirect; throws when the response is not one. */
function redirectTarget(response: LightMyRequestResponse, step: string): string {
  const location = response.headers.location;
  if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') {
    throw new Error(`${step}: expected a redirect, got ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/** A minimal browser: keeps the cookies the provider sets and sends them back (paths are ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly app: App) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      ...options,
      headers: { ...options.headers, host: new URL(this.app.config.publicUrl).host, ...(cookie ? { cookie } : {}) },
    });
    for (const c of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0 || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
}
