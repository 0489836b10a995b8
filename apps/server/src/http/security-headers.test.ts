import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-db';
import { CookieJar } from '../../test/login';
import { buildFakeSpas, type BuiltSpas } from '../../test/spa-folders';
import { clientSettingsFor } from '../platform/client-settings/routes';

/** The CSP's directives by name. */
function csp(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values];
      }),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const policy = csp(response);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['style-src']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(JSON.stringify(policy)).not.toContain('unsafe-inline');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy']).toContain('camera=()');
  expect(response.headers['permissions-policy']).toContain('microphone=()');
  expect(response.headers['permissions-policy']).toContain('geolocation=()');
}

describe('security headers (decision 016)', () => {
  let database: Database;
  let spas: BuiltSpas;
  const apps: App[] = [];
  async function appWith(env: Record<string, string> = {}): Promise<App> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '3000',
      MAP_TILE_URL: 'https://tiles.example.no/osm/{z}/{x}/{y}.png',
      ...env,
    });
    const app = await buildApp({ config, database, logger: false, jobs: { run: false }, serveSpas: spas });
    await app.ready();
    apps.push(app);
    return app;
  }
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    spas = buildFakeSpas();
    app = await appWith();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await database.close();
    spas.remove();
  });

  it('are on an API answer, with the tile host in img-src and no HSTS over http', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(csp(res)['img-src']).toContain('https://tiles.example.no');
    expect(csp(res)['connect-src']).toEqual(["'self'"]);
    expect(csp(res)['form-action']).toContain("'self'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on an SPA page and its fallback route', async () => {
    for (const url of ['/', '/sted/12', '/admin/', '/admin/innstillinger']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(res);
    }
  });

  it("are on the local IdP's login page", async () => {
    const settings = clientSettingsFor(app.config).portal;
    const browser = new CookieJar(app);
    const query = new URLSearchParams({
      client_id: settings.clientId,
      response_type: 'code',
      scope: settings.scope,
      redirect_uri: settings.redirectUri,
      state: 'abc',
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      resource: settings.resource,
    });
    const authorize = await browser.request({ method: 'GET', url: `/idp/auth?${query}` });
    expect(authorize.statusCode).toBe(303);
    expectSecurityHeaders(authorize);
    const page = await browser.request({ method: 'GET', url: new URL(String(authorize.headers.location), 'http://localhost').pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form');
    expect(page.body).not.toMatch(/<script>|<style>| style="| on[a-z]+="/);
    expectSecurityHeaders(page);
  });

  it('leave the tile host out when the map has no tiles, and name external identity providers', async () => {
    const other = await appWith({
      MAP_TILE_URL: '',
      OIDC_ISSUER: 'https://login.idporten.no',
      ADMIN_OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
    });
    const policy = csp(await other.inject({ method: 'GET', url: '/api/health' }));
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://login.idporten.no', 'https://login.microsoftonline.com']);
  });

  it('send HSTS (and upgrade-insecure-requests) when the public address is https, or HSTS=true', async () => {
    const https = await appWith({ PUBLIC_URL: 'https://lokaler.oslo.kommune.no' });
    const res = await https.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(csp(res)).toHaveProperty('upgrade-insecure-requests');
    const forced = await appWith({ HSTS: 'true' });
    expect((await forced.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toContain('max-age=');
    const off = await appWith({ PUBLIC_URL: 'https://lokaler.oslo.kommune.no', HSTS: 'false' });
    expect((await off.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });
});
