import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { createTestApp, type TestContext } from '../test/test-app';
import { signAccessToken } from '../test/access-tokens';
import { concretePath, routeTable } from '../test/route-table';
import type { RouteAccess } from './http/route-access';

/**
 * Authentication first (decision 016; http/route-access.ts): every route under /api declares who may call
 * it, and on every protected route an anonymous caller gets 401 before the body, the query or the
 * path is read, so the answer says nothing about the route's schema. The routes are taken from the
 * running app's whole route table, so a new route is covered without being listed here.
 */

/** The routes anyone may call. Making a route public is a decision: it is added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/settings',
  'POST /api/frontenderror',
  'POST /api/support',
  'GET /api/geographicareas',
  'GET /api/tags',
  'GET /api/preferences/options/assettypes',
  'GET /api/location',
  'GET /api/location/:id',
  // Spec 01 §7's list of one source (decision 061).
  'GET /api/location/public',
  'GET /api/location/:id/bookableassets',
  // The semester round an application to the location enters (decision 029): the apply form says so before sending.
  'GET /api/location/:id/round',
  'GET /api/bookableasset',
  'GET /api/bookableasset/:id',
  'GET /api/bookingflow/:id',
  'GET /api/about/:locationId',
  'GET /api/client-settings/idporten.json',
  'GET /api/client-settings/admin.json',
  'GET /api/client-settings/map.json',
  'GET /api/schedule',
  'GET /api/bookableasset/firstandlastbookabledate',
  'GET /api/bookableasset/calendar',
  'PUT /api/booking/availability',
  'GET /api/search/assets',
  'GET /api/search/assets/repeating',
  'GET /api/search/assets/:locationId',
  'GET /api/search/assets/:locationId/repeating',
  'GET /api/bookableasset/availabletime',
  'GET /api/bookableasset/availabletimeseries',
  'POST /api/user/logout',
  // The one-click link in a free-time alert's e-mail: its signed token is the authority (decision 022).
  'GET /api/free-slot-alerts/unsubscribe',
  'POST /api/free-slot-alerts/unsubscribe',
  // Calendar apps cannot log in: the secret in the feed's URL is the capability (decision 024).
  'GET /api/calendar/:file',
  // Open data (decision 061): for anyone to build on, no login, no personal data.
  'GET /api/open-data/catalogue.json',
  'GET /api/open-data/catalogue.csv',
  'GET /api/open-data/free-times',
];

/** Anyone may call these too; a token, when sent, must be valid (401 otherwise) and adds the caller's own view. */
const OPTIONAL_LOGIN_ROUTES = [
  // The fair-share limits at a location; with a citizen's token also what they hold pending there (decision 041).
  'GET /api/location/:id/booking-limits',
];

/** Outside the declared API: the OpenAPI UI's own files (a plugin's), the local IdP (its own sessions), the SPAs. */
function outsideTheApi(path: string): boolean {
  return !path.startsWith('/api/') || path.startsWith('/api/docs');
}

const invalidBodies: Pick<InjectOptions, 'payload' | 'headers'>[] = [
  {},
  { payload: { nonsens: true, id: -1 } },
  { payload: '{"broken', headers: { 'content-type': 'application/json' } },
  { payload: 'null', headers: { 'content-type': 'application/json' } },
];

function leaksSchema(res: { statusCode: number; body: string }): boolean {
  const body = JSON.parse(res.body) as { fields?: unknown; msg?: string };
  return body.fields !== undefined || /body|querystring|params/.test(body.msg ?? '');
}

describe('every route declares its access, and a protected one answers an anonymous caller 401 with no schema detail', () => {
  let ctx: TestContext;
  let table: { method: HTTPMethods; path: string }[];
  let access: Map<string, RouteAccess>;
  let protectedRoutes: { method: HTTPMethods; path: string; access: RouteAccess }[];

  beforeAll(async () => {
    ctx = await createTestApp();
    table = routeTable(ctx.app);
    access = new Map(ctx.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    protectedRoutes = table
      .filter((r) => !outsideTheApi(r.path))
      .map((r) => ({ ...r, access: access.get(`${r.method} ${r.path}`)! }))
      .filter((r) => r.access !== 'public' && r.access !== 'optionalUser');
  });
  afterAll(() => ctx.close());

  it('finds every API route of the route table among the declared ones, and no other', () => {
    const api = table.filter((r) => !outsideTheApi(r.path)).map((r) => `${r.method} ${r.path}`);
    expect(api.filter((name) => !access.has(name))).toEqual([]);
    expect([...access.keys()].filter((name) => !name.startsWith('HEAD ')).sort()).toEqual([...api].sort());
    expect(api.length).toBeGreaterThan(100);
    for (const known of [
      'POST /api/booking',
      'PUT /api/booking/:id/approve',
      'GET /api/user/booking',
      'POST /api/admin/new-locations',
      'POST /api/user/free-slot-alerts',
      'DELETE /api/user/free-slot-alerts/:id',
    ]) {
      expect(api).toContain(known);
    }
  });

  it('has exactly the optional-login routes decided on; a bad token there is 401', async () => {
    const optional = [...access].filter(([name, level]) => level === 'optionalUser' && !name.startsWith('HEAD ')).map(([name]) => name);
    expect(optional.sort()).toEqual([...OPTIONAL_LOGIN_ROUTES].sort());
    for (const name of OPTIONAL_LOGIN_ROUTES) {
      const [method, path] = name.split(' ') as [HTTPMethods, string];
      const res = await ctx.app.inject({ method, url: concretePath(path), headers: { authorization: 'Bearer not-a-token' } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('has exactly the public routes decided on', () => {
    const open = [...access].filter(([name, level]) => level === 'public' && !name.startsWith('HEAD ')).map(([name]) => name);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 (not 400, 404, 415 or 500) without a token, whatever the body and the path parameters', async () => {
    const wrong: string[] = [];
    for (const { method, path } of protectedRoutes) {
      for (const id of ['1', 'x', '-99999999999']) {
        for (const body of invalidBodies) {
          if (method === 'GET' && body.payload !== undefined) continue;
          const res = await ctx.app.inject({ method, url: concretePath(path, id), ...body });
          if (res.statusCode !== 401 || leaksSchema(res) || !res.headers['www-authenticate']) {
            wrong.push(`${method} ${path} (${id}, ${JSON.stringify(body.payload)}): ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a citizen on an administrator's route 401 or 403 before it looks at the body", async () => {
    const citizen = { authorization: `Bearer ${await signAccessToken(ctx.app)}` };
    const wrong: string[] = [];
    for (const { method, path } of protectedRoutes.filter((r) => r.access !== 'citizen' && r.access !== 'anyUser')) {
      const withBody = method !== 'GET' && method !== 'DELETE';
      const res = await ctx.app.inject({
        method,
        url: concretePath(path, 'x'),
        headers: citizen,
        ...(withBody ? { payload: { nonsens: true } } : {}),
      });
      if ((res.statusCode !== 403 && res.statusCode !== 401) || leaksSchema(res))
        wrong.push(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
