import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cityAdmins } from '../db/schema/index';
import { testAdmins, testCitizens } from '../seed/test-users';
import { createTestApp, type TestContext } from '../../test/test-app';
import { bearer, loginAs } from '../../test/login';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: ParameterSchema;
}
interface ParameterSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  items?: ParameterSchema;
  anyOf?: ParameterSchema[];
}
interface JsonSchema {
  $ref?: string;
  required?: string[];
  properties?: Record<string, unknown>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** A route as registered, with the zod schemas it validates with. */
interface Route {
  method: string;
  url: string;
  access?: string;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/** The fields of a zod object schema (also behind refinements' and transforms' pipes); none for anything else. */
function fieldsOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current = schema as { _zod?: { def: { type: string; in?: unknown; shape?: Record<string, z.ZodType> } } } | undefined;
  while (current?._zod?.def.type === 'pipe') current = current._zod.def.in as typeof current;
  return current?._zod?.def.type === 'object' ? (current._zod.def.shape ?? {}) : {};
}

/** A value of a query parameter's schema, good enough to pass its own validation: a date a week ahead, the first of an enum, 1. */
function sampleOf(schema: ParameterSchema | undefined): string {
  if (!schema) return '1';
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.const !== undefined) return String(schema.const);
  if (schema.anyOf?.length) return sampleOf(schema.anyOf[0]);
  if (schema.items) return sampleOf(schema.items);
  if (schema.format === 'date') return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return '1';
}

/** Required by the route's own schema: the field alone refuses to be left out. */
const zodRequires = (field: z.ZodType) => !field.safeParse(undefined).success;

/**
 * The document's `required` flags agree with what each route accepts (decision 060). Two sources of truth:
 * - each query and body field's zod schema: does it accept the field left out (safeParse of undefined)?
 * - for the GET routes, what the route answers when sent the other required parameters but not this one:
 *   a 400 naming it makes it required, even where the zod schema leaves the judging to the handler (the
 *   search's 'Varighet er påkrevd', with the texts of spec 01 §5).
 */
describe('the OpenAPI document’s required parameters', () => {
  let ctx: TestContext;
  let doc: OpenApi;
  const routes: Route[] = [];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // The routes' zod schemas, as they are registered (the document only has their JSON Schema).
    const collect = (message: unknown) =>
      (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const schema = (route.schema ?? {}) as { querystring?: z.ZodType; body?: z.ZodType };
        for (const method of methods)
          routes.push({ method, url: route.url, access: route.config?.access, querystring: schema.querystring, body: schema.body });
      });
    diagnostics.subscribe('fastify.initialization', collect);
    try {
      ctx = await createTestApp();
    } finally {
      diagnostics.unsubscribe('fastify.initialization', collect);
    }
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    await ctx.database.db.insert(cityAdmins).values({ email: testAdmins[3]!.email.toLowerCase() });
    const admin = (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken;
    const citizen = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    Object.assign(tokens, { citizen, anyUser: citizen, optionalUser: citizen, adminClient: admin, admin, cityAdmin: admin });
  });
  afterAll(() => ctx.close());

  const operationOf = (route: Route) => doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  const documented = () => routes.filter((r) => r.url.startsWith('/api/') && operationOf(r));
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    schema?.$ref ? resolve(doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]) : schema;

  it('finds the routes and their operations', () => {
    expect(documented().length).toBeGreaterThan(100);
    expect(documented().filter((r) => Object.keys(fieldsOf(r.querystring)).length > 0).length).toBeGreaterThan(20);
  });

  /**
   * Whether a GET route answers 400 naming `name` when it is sent the other parameters the document
   * requires (each a sample of its schema) and not this one; path parameters are 1.
   */
  async function refusedWithout(route: Route, name: string): Promise<boolean> {
    if (route.method !== 'GET') return false;
    const token = route.access ? tokens[route.access] : undefined;
    const others = (operationOf(route)!.parameters ?? []).filter((p) => p.in === 'query' && p.required && p.name !== name);
    const query = new URLSearchParams(others.map((p): [string, string] => [p.name, sampleOf(p.schema)]));
    const url = `${route.url.replace(/:(\w+)/g, '1')}${others.length ? `?${query}` : ''}`;
    const res = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    if (res.statusCode !== 400) return false;
    return (res.json<{ fields?: { path: string }[] }>().fields ?? []).some((f) => f.path === `querystring.${name}`);
  }

  it('sees a requirement the handler makes, where the zod schema lets the field through', async () => {
    const search = documented().find((r) => r.method === 'GET' && r.url === '/api/search/assets')!;
    expect(zodRequires(fieldsOf(search.querystring).duration!)).toBe(false);
    expect(await refusedWithout(search, 'duration')).toBe(true);
    expect(await refusedWithout(search, 'tagIds')).toBe(false);
  });

  it('marks a query parameter required exactly when the route refuses it left out', async () => {
    const wrong: string[] = [];
    for (const route of documented()) {
      const fields = Object.entries(fieldsOf(route.querystring));
      if (fields.length === 0) continue;
      for (const [name, field] of fields) {
        const parameter = operationOf(route)!.parameters?.find((p) => p.in === 'query' && p.name === name);
        const inDocument = parameter?.required === true;
        const byRoute = zodRequires(field) || (await refusedWithout(route, name));
        if (inDocument !== byRoute) wrong.push(`${route.method} ${route.url} ?${name}: document ${inDocument}, route ${byRoute}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('marks a body field required exactly when the route’s schema refuses it left out', () => {
    const wrong = documented().flatMap((route) => {
      const fields = fieldsOf(route.body);
      const schema = resolve(operationOf(route)!.requestBody?.content?.['application/json']?.schema);
      return Object.entries(fields).flatMap(([name, field]) => {
        const inDocument = schema?.required?.includes(name) === true;
        return inDocument === zodRequires(field)
          ? []
          : [`${route.method} ${route.url} body.${name}: document ${inDocument}, route ${!inDocument}`];
      });
    });
    expect(wrong).toEqual([]);
  });
});
