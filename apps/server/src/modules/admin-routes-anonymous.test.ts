import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Every administrator's route authenticates first (house rule; decision 015): an anonymous caller
 * gets 401 before the body or the query is read, so the answer says nothing about the route's
 * schema. The routes are found in the running app, so a new route is covered without being listed.
 */

interface RegisteredRoute {
  path: string;
  methods: HTTPMethods[];
  hooks: string[];
}

/**
 * The routes of `printRoutes({ includeHooks: true, commonPrefix: false })`: a tree whose lines are
 * a node (`├── /segment (GET, PUT)`), a further method set of the same node (`│   /segment (HEAD)`)
 * or a hook of the line above (`│   • (onRequest) ["requireAdmin()"]`). Each level indents by 4.
 */
export function parseRouteTree(text: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const segments: string[] = [];
  for (const line of text.split('\n')) {
    const prefix = /^[│├└─ ]*/.exec(line)![0];
    const content = line.slice(prefix.length);
    if (content === '') continue;
    if (content.startsWith('•')) {
      const hooks = /\[(.*)\]/.exec(content)?.[1] ?? '';
      routes.at(-1)?.hooks.push(...hooks.split(',').map((h) => h.replace(/["()\s]/g, '')).filter(Boolean));
      continue;
    }
    const match = /^(.*) \(([A-Z, ]+)\)$/.exec(content);
    const depth = prefix.length / 4;
    const segment = match ? match[1]! : content;
    segments.length = depth;
    segments[depth - 1] = segment;
    if (match) routes.push({ path: segments.join(''), methods: match[2]!.split(', ') as HTTPMethods[], hooks: [] });
  }
  return routes;
}

const authGuards = ['requireAdmin', 'requireAdminClient', 'requireCityAdmin'];

/** A path with each parameter filled in with something well-formed (ids 1, a link id of the right shape). */
function concrete(path: string): string {
  return path.replace(/:linkId/g, 'a'.repeat(43)).replace(/:step/g, 'informasjon-om-lokalet').replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
}

describe('every administrator\'s route answers an anonymous caller 401 with no schema detail', () => {
  let ctx: TestContext;
  let adminRoutes: { method: HTTPMethods; path: string }[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const all = parseRouteTree(ctx.app.printRoutes({ includeHooks: true, commonPrefix: false }));
    adminRoutes = all
      .filter((r) => r.path.startsWith('/api/admin/') || r.hooks.some((h) => authGuards.includes(h)))
      .flatMap((r) => r.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((method) => ({ method, path: r.path })));
  });
  afterAll(() => ctx.close());

  it('finds the administrators\' routes in the app (the parser works)', () => {
    const names = adminRoutes.map((r) => `${r.method} ${r.path}`);
    for (const known of ['GET /api/location/:id/auditlog', 'PUT /api/location/:id/bookingrules', 'DELETE /api/admin/bookableasset/:id', 'PUT /api/booking/:id/approve', 'GET /api/currentuser/adminlocations']) {
      expect(names).toContain(known);
    }
    expect(adminRoutes.length).toBeGreaterThan(30);
  });

  it('answers 401 (not 400, 404 or 500) without a token, with or without a nonsense body', async () => {
    const wrong: string[] = [];
    for (const { method, path } of adminRoutes) {
      for (const payload of [undefined, { nonsens: true }]) {
        const withBody = payload !== undefined && method !== 'GET';
        const res = await ctx.app.inject({ method, url: concrete(path), ...(withBody ? { payload } : {}) });
        const body = res.json<{ code?: string; fields?: unknown; msg?: string }>();
        if (res.statusCode !== 401 || body.fields !== undefined || /body|querystring|params/.test(body.msg ?? '')) {
          wrong.push(`${method} ${path}${withBody ? ' (with a body)' : ''}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
