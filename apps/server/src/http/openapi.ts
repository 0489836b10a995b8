import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/guards';
import type { RouteAccess } from './route-access';

/**
 * The admin API: the routes only the admin app's token opens (their declared access, http/route-access.ts;
 * not the 'admin' tag, which some routes both apps call carry too).
 */
const ADMIN_ACCESS: ReadonlySet<RouteAccess> = new Set(['adminClient', 'admin', 'cityAdmin']);

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
}
type IsAdminOperation = (method: string, path: string) => boolean;

/**
 * OpenAPI generated from the same zod schemas the routes validate with (decision 033):
 * - /api/docs (UI), /api/docs/json, /api/docs/yaml: the public API, when API_DOCS_PUBLIC (default true);
 *   it includes the admin operations only when API_DOCS_ADMIN=public;
 * - /api/docs/admin/json: the admin API alone; anyone with API_DOCS_ADMIN=public, an administrator's
 *   bearer token with `admins` (401 anonymous, 403 a citizen), not there with `off` (production's default).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const docs = app.config.apiDocs;
  if (!docs.public && docs.admin === 'off') return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lokaler API', description: 'Finn og lån kommunens lokaler', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  const isAdmin = adminOperations(app);
  if (docs.public) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      transformSpecification: (spec) => (docs.admin === 'public' ? spec : operationsWhere(spec, (method, path) => !isAdmin(method, path))),
    });
  }
  if (docs.admin !== 'off') {
    app.get('/api/docs/admin/json', { schema: { hide: true }, ...(docs.admin === 'admins' ? { onRequest: requireAdmin } : {}) }, async () =>
      operationsWhere(app.swagger(), isAdmin),
    );
  }
}

/** Whether an operation of the document ('get', '/api/booking/{id}') is the admin API's, by the route's declared access. */
function adminOperations(app: FastifyInstance): IsAdminOperation {
  let admin: ReadonlySet<string> | undefined;
  return (method, path) => {
    // Read once the routes are all registered (the first request for a document).
    admin ??= new Set(app.routeAccess.filter((r) => ADMIN_ACCESS.has(r.access)).map((r) => `${r.method} ${r.url}`));
    return admin.has(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  };
}

/** A copy of the document with only the operations `keep` accepts; a path left with none is dropped. */
function operationsWhere<T>(spec: T, keep: IsAdminOperation): T {
  const document = spec as OpenApiDocument;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const kept = Object.fromEntries(Object.entries(item).filter(([method]) => keep(method, path)));
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { ...document, paths } as T;
}
