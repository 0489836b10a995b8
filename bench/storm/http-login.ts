import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../apps/server/src/app';
import type { Config } from '../../apps/server/src/config';
import type { TestAdmin, TestCitizen } from '../../apps/server/src/seed/test-users';
import { loginAs } from '../../apps/server/test/login';

interface Cookie {
  name: string;
  value: string;
  expires?: Date;
  maxAge?: number;
}

function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const cookie: Cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    if (key.toLowerCase() === 'expires') cookie.expires = new Date(value);
    if (key.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
  }
  return cookie;
}

/**
 * The little of Fastify's inject() that test/login.ts uses, over real HTTP to a server process: so
 * the storm logs in through the local provider's real flow (authorisation request, login form,
 * redirects, code, token endpoint) exactly as the tests do, and its tokens are whatever the
 * provider issues.
 */
function overHttp(baseUrl: string, config: Config): App {
  const inject = async (options: InjectOptions & { url: string }) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {}))
      if (name !== 'host' && value !== undefined) headers[name] = String(value);
    // inject() sends an object payload as JSON (the ID token after the login), a string as it is (the login form).
    const json = typeof options.payload === 'object' && options.payload !== null;
    if (json) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(options.url, baseUrl), {
      method: options.method ?? 'GET',
      headers,
      body: options.payload === undefined ? undefined : json ? JSON.stringify(options.payload) : String(options.payload),
      redirect: 'manual',
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      cookies: response.headers.getSetCookie().map(parseSetCookie),
      json: () => JSON.parse(body) as unknown,
    } as unknown as LightMyRequestResponse;
  };
  return { config, inject } as unknown as App;
}

/** An access token for `person`, from the local provider of the server at `baseUrl` (whose config is `config`). */
export async function accessTokenOverHttp(baseUrl: string, config: Config, person: TestCitizen | TestAdmin): Promise<string> {
  return (await loginAs(overHttp(baseUrl, config), person)).accessToken;
}
