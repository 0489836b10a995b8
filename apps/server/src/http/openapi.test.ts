import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { cityAdmins } from '../db/schema/index';
import { testAdmins, testCitizens } from '../seed/test-users';
import { createTestDatabase } from '../../test/test-db';
import { bearer, loginAs } from '../../test/login';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

/** Each operation of a document as 'METHOD /path' (the path in Fastify's :param form, as app.routeAccess has it). */
function operations(doc: OpenApi): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/**
 * The API documents by API_DOCS_PUBLIC and API_DOCS_ADMIN (decision 033): the admin
 * API's operations are in the public document only with API_DOCS_ADMIN=public; its own document is
 * public, for administrators only, or absent.
 */
describe('the OpenAPI documents', () => {
  let database: Database;
  const apps: Record<'open' | 'admins' | 'off' | 'none', App> = {} as never;
  let adminRoutes: string[];
  let adminToken: string;
  let citizenToken: string;

  const build = (env: Record<string, string>) =>
    buildApp({ config: loadConfig({ NODE_ENV: 'test', PORT: '3000', ...env }), database, logger: false, jobs: { run: false } });
  const get = (app: App, url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    database = await createTestDatabase();
    apps.open = await build({});
    apps.admins = await build({ API_DOCS_ADMIN: 'admins' });
    apps.off = await build({ API_DOCS_ADMIN: 'off' });
    apps.none = await build({ API_DOCS_ADMIN: 'off', API_DOCS_PUBLIC: 'false' });
    await Promise.all(Object.values(apps).map((app) => app.ready()));
    adminRoutes = apps.open.routeAccess
      .filter((r) => ['adminClient', 'admin', 'cityAdmin'].includes(r.access) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    await database.db.insert(cityAdmins).values({ email: testAdmins[3]!.email.toLowerCase() });
    adminToken = (await loginAs(apps.admins, testAdmins[3]!, { client: 'admin' })).accessToken;
    citizenToken = (await loginAs(apps.admins, testCitizens[0]!)).accessToken;
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await database.close();
  });

  it('with API_DOCS_ADMIN=public (outside production) documents everything publicly, and the admin API alone at /api/docs/admin/json', async () => {
    expect(adminRoutes.length).toBeGreaterThan(40);
    const all = operations((await get(apps.open, '/api/docs/json')).json<OpenApi>());
    expect(all).toEqual(expect.arrayContaining(adminRoutes));
    const admin = (await get(apps.open, '/api/docs/admin/json')).json<OpenApi>();
    expect(operations(admin).sort()).toEqual([...adminRoutes].sort());
    // A route both apps call stays in the public document (GET /api/booking/{id}: the citizen's wedding page).
    expect(operations(admin)).not.toContain('GET /api/booking/:id');
    expect((await get(apps.open, '/api/docs')).statusCode).toBe(200);
  });

  it.each(['admins', 'off'] as const)(
    'with API_DOCS_ADMIN=%s keeps every admin operation out of the public document (JSON and YAML) and the rest in',
    async (mode) => {
      const publicDoc = operations((await get(apps[mode], '/api/docs/json')).json<OpenApi>());
      expect(publicDoc.filter((op) => adminRoutes.includes(op))).toEqual([]);
      expect(publicDoc).toEqual(
        expect.arrayContaining(['GET /api/location', 'POST /api/booking', 'GET /api/user/booking', 'GET /api/booking/:id']),
      );
      const yaml = (await get(apps[mode], '/api/docs/yaml')).body;
      expect(yaml).toContain('/api/location');
      expect(yaml).not.toContain('/api/admin/');
    },
  );

  it("with API_DOCS_ADMIN=admins serves the admin document only with an administrator's token: 401 anonymous, 403 a citizen", async () => {
    const anonymous = await get(apps.admins, '/api/docs/admin/json');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(anonymous.body).not.toContain('/api/admin');
    const citizen = await get(apps.admins, '/api/docs/admin/json', citizenToken);
    expect(citizen.statusCode).toBe(403);
    expect(citizen.body).not.toContain('/api/admin');
    const admin = await get(apps.admins, '/api/docs/admin/json', adminToken);
    expect(admin.statusCode).toBe(200);
    expect(operations(admin.json<OpenApi>()).sort()).toEqual([...adminRoutes].sort());
  });

  it('with API_DOCS_ADMIN=off has no admin document, not even for an administrator', async () => {
    expect((await get(apps.off, '/api/docs/admin/json')).statusCode).toBe(404);
    expect((await get(apps.off, '/api/docs/admin/json', adminToken)).statusCode).toBe(404);
  });

  it('with API_DOCS_PUBLIC=false serves no document and no UI', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/admin/json']) {
      expect([url, (await get(apps.none, url)).statusCode]).toEqual([url, 404]);
    }
  });
});
