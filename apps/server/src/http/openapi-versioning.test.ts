import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../test/test-app';
import type { Config } from '../config';
import { deprecationHeaders } from './deprecation';
import { API_VERSION, registerOpenApi } from './openapi';
import { announcedChanges, breakingChanges } from './openapi-breaking';
import type { OpenApiJson } from './openapi-document';
import { registerRouteAccess } from './route-access';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const changelogFile = path.join(serverRoot, '../../docs/api-changelog.md');
const releasedDir = path.join(serverRoot, 'openapi/released');

/** '1.10.0' → [1, 10, 0], for ordering versions. */
const semver = (version: string) => version.split('.').map(Number);
const newer = (a: string, b: string) => {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
};

/**
 * Versioning (decision 062): the document carries API_VERSION, the changelog has its section, and
 * every breaking change since the last released document (apps/server/openapi/released/) is
 * announced there by its key — else the test names the change.
 */
describe('the API version and its breaking changes (decision 062)', () => {
  const ctx = useTestApp({ API_DOCS_ADMIN: 'public' });
  let doc: OpenApiJson;
  const changelog = fs.readFileSync(changelogFile, 'utf8');
  const releases = fs
    .readdirSync(releasedDir)
    .filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f))
    .map((f) => f.replace(/\.json$/, ''))
    .sort((a, b) => (newer(a, b) ? 1 : newer(b, a) ? -1 : 0));
  const lastRelease = releases.at(-1)!;

  beforeAll(async () => {
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiJson>();
  });

  it('carries API_VERSION, no older than the last release, with a section in docs/api-changelog.md', () => {
    expect(doc.info.version).toBe(API_VERSION);
    expect(lastRelease).toMatch(/^\d+\.\d+\.\d+$/);
    expect(newer(lastRelease, API_VERSION)).toBe(false);
    expect(changelog).toMatch(new RegExp(`^## ${API_VERSION.replace(/\./g, '\\.')}\\b`, 'm'));
  });

  it('has every breaking change since the last released document announced in the changelog', () => {
    const released = JSON.parse(fs.readFileSync(path.join(releasedDir, `${lastRelease}.json`), 'utf8')) as OpenApiJson;
    const changes = breakingChanges(released, doc).map((c) => c.key);
    if (lastRelease === API_VERSION) {
      // The released version itself: nothing may break it; raise API_VERSION and announce the change.
      expect(changes).toEqual([]);
      return;
    }
    const announced = announcedChanges(changelog, API_VERSION);
    expect(changes.filter((key) => !announced.has(key))).toEqual([]);
  });
});

describe('a deprecated route (decision 062)', () => {
  it('answers with Deprecation (RFC 9745) and Sunset (RFC 8594), and is documented deprecated', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', { apiDocs: { public: true, admin: 'public' }, publicUrl: 'https://lokaler.example' } as unknown as Config);
    await registerOpenApi(app);
    registerRouteAccess(app);
    const deprecation = { since: '2026-12-01', sunset: '2027-06-01' };
    const response = { 200: z.object({ ok: z.boolean() }) };
    app.get('/api/old', { config: { access: 'public', deprecation }, schema: { summary: 'The old way', response } }, async () => ({
      ok: true,
    }));
    app.get('/api/new', { config: { access: 'public' }, schema: { summary: 'The new way', response } }, async () => ({ ok: true }));
    await app.ready();
    const old = await app.inject({ method: 'GET', url: '/api/old' });
    expect(old.statusCode).toBe(200);
    expect(old.headers.deprecation).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(old.headers.sunset).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
    expect(old.headers.link).toContain('rel="deprecation"');
    const fresh = await app.inject({ method: 'GET', url: '/api/new' });
    expect(fresh.headers.deprecation).toBeUndefined();
    const paths = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiJson>().paths;
    expect(paths['/api/old']?.get?.deprecated).toBe(true);
    expect(paths['/api/new']?.get?.deprecated).toBeUndefined();
    await app.close();
  });

  it('refuses dates that are not ISO dates, or a sunset before the deprecation', () => {
    expect(() => deprecationHeaders({ since: '2027-06-01', sunset: '2026-12-01' })).toThrow(/sunset after since/);
    expect(() => deprecationHeaders({ since: 'soon', sunset: '2026-12-01' })).toThrow();
  });
});
