import type { FastifyInstance } from 'fastify';
import { registerApiComponents } from '@lokaler/domain/api-components';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { requireAdmin } from '../auth/guards';
import type { RouteAccess } from './route-access';
import { areaTags, recordRouteAreas } from './openapi-areas';
import { createOperationTransform } from './openapi-operations';
import { documentComponents, usedComponents } from './openapi-components';

/**
 * The API's version (info.version), semantic versioning (decision 062): a breaking change raises the
 * major, an addition the minor; docs/api-changelog.md has an entry per version, and openapi-breaking.test.ts
 * compares the document with the last released one (apps/server/openapi/released/).
 */
export const API_VERSION = '1.1.0';

/** The document's licence: the open data and the API's description are published under NLOD 2.0 (decision 059). */
const license = { name: 'Norsk lisens for offentlige data (NLOD) 2.0', url: 'https://data.norge.no/nlod/no/2.0' };

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
  registerApiComponents();
  const areas = recordRouteAreas(app);
  await app.register(swagger, {
    openapi: {
      // OpenAPI 3.1 (JSON Schema 2020-12), the zod schemas registered with an id as components.schemas (decision 059).
      openapi: '3.1.0',
      info: {
        title: 'Lokaler API',
        description:
          'Finn og lån kommunens lokaler. Endringer: docs/api-changelog.md; versjonering og varsling av brytende endringer: beslutning 062.',
        version: API_VERSION,
        license,
        contact: { name: 'Lokaler', url: app.config.publicUrl },
      },
      // Relative: the host the document is fetched from (the same document serves every environment).
      servers: [{ url: '/', description: 'The server this document is served from' }],
      tags: areaTags,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: createOperationTransform(areas),
    transformObject: documentComponents,
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

/** A copy of the document with only the operations `keep` accepts (and the components they use); a path left with none is dropped. */
function operationsWhere<T>(spec: T, keep: IsAdminOperation): T {
  const document = spec as OpenApiDocument;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const kept = Object.fromEntries(Object.entries(item).filter(([method]) => keep(method, path)));
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return usedComponents({ ...document, paths }) as T;
}
