import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { loggerOptions } from '../src/http/logger-options';
import { createTestDatabase } from './test-db';

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Collect the app's log lines (parsed JSON, warn and above) here instead of keeping it silent. */
  logs?: Record<string, unknown>[];
}

/** The real app on a fresh migrated test database, silent (unless told to collect logs), without the SPAs. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const { logs } = options;
  // The per-person booking rates (decision 041) are tested where they are set: other suites send many applications as one person.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: logs ? 'warn' : 'silent',
    PORT: '3000',
    BOOKINGS_PER_PERSON_PER_10_MINUTES: '1000',
    TYPED_RECEIPTS_PER_PERSON_PER_HOUR: '1000',
    ...env,
  });
  const logger = logs
    ? { ...loggerOptions(config), stream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } }
    : false;
  const app = await buildApp({ config, database, logger, jobs: { run: false } });
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

/**
 * createTestApp for the tests of the calling describe block (or file): built before them, closed after
 * them. The context's fields are there from its beforeAll on, so tests and later hooks can use them.
 */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(env, options));
  });
  afterAll(() => ctx.close());
  return ctx;
}
