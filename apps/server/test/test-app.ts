import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './test-db';

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh migrated test database, silent, without the SPAs. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000', ...env });
  const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
