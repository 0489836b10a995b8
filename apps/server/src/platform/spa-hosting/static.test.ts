import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/test-db';
import { buildFakeSpas, type BuiltSpas } from '../../../test/spa-folders';
import { rawGet } from '../../../test/raw-http';

describe("the SPAs' files (decision 016)", () => {
  let database: Database;
  let spas: BuiltSpas;
  let app: App;
  let port: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    spas = buildFakeSpas();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
    app = await buildApp({ config, database, logger: false, jobs: { run: false }, serveSpas: spas });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    spas.remove();
  });

  it("sends a hashed asset's brotli file to a browser that accepts it, cached for a year", async () => {
    const res = await app.inject({ method: 'GET', url: spas.script.urlPath, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(spas.script.text);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(spas.script.text) / 2);
  });

  it('sends the gzip file to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await app.inject({ method: 'GET', url: spas.script.urlPath, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(spas.script.text);
    const plain = await app.inject({ method: 'GET', url: spas.script.urlPath, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(spas.script.text);
    const admin = await app.inject({ method: 'GET', url: `/admin${spas.script.urlPath}`, headers: { 'accept-encoding': 'br' } });
    expect(admin.headers['content-encoding']).toBe('br');
    expect(admin.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html, the SPA fallback and unhashed files revalidated (no-cache)', async () => {
    for (const url of ['/', '/sted/12', '/admin/', '/admin/bookinger/3', '/robots.txt', '/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 (not index.html) for a missing asset', async () => {
    for (const url of ['/assets/index-Zz99Yy88.js', '/admin/assets/gone-12345678.css']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  // Over a real socket: app.inject (and fetch) would normalise these paths before they are sent.
  it.each([
    '/assets/../../package.json',
    '/assets/../../../secret.txt',
    '/../secret.txt',
    '/admin/../../secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2f..%2fsecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/assets/%252e%252e%252f%252e%252e%252fsecret.txt',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/admin/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/..%5c..%5c..%5cpackage.json',
    '/assets/index-Ab12Cd34.js%00.txt',
    '/%ff%fe',
  ])('refuses the climbing path %s with 400 or 404', async (path) => {
    const answer = await rawGet(port, path);
    expect([400, 404]).toContain(answer.status);
    expect(answer.text).not.toContain('SECRET-OUTSIDE-DIST');
    expect(answer.text).not.toContain('"workspaces"');
    expect(answer.text).not.toContain('root:');
    expect(answer.text).not.toContain('<div id="root">');
  });
});
