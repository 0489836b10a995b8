import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';

/** A JSON document as /api/docs/json serves it. */
export type OpenApiJson = Record<string, unknown> & {
  info: { version: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown> };
};

export interface OpenApiDocumentOptions {
  /** Environment on top of a test configuration with every document on (API_DOCS_ADMIN=public). */
  env?: Record<string, string>;
  /** A migrated database to build on (tests pass their template's copy); else an in-memory one is made. */
  database?: Database;
  serveSpas?: BuildAppOptions['serveSpas'];
}

/**
 * The API document as /api/docs/json serves it, from the whole app on an (empty) database with every
 * document on: what the released snapshot (scripts/openapi.mts, decision 062) and the contract tests read.
 */
export async function buildOpenApiDocument(options: OpenApiDocumentOptions = {}): Promise<OpenApiJson> {
  const database = options.database ?? (await openDatabase({ engine: 'pglite' }));
  try {
    if (!options.database) await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', LOG_LEVEL: 'silent', API_DOCS_ADMIN: 'public', ...options.env });
    const app = await buildApp({ config, database, logger: false, jobs: { run: false }, serveSpas: options.serveSpas ?? false });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      return res.json<OpenApiJson>();
    } finally {
      await app.close();
    }
  } finally {
    if (!options.database) await database.close();
  }
}
