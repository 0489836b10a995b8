import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { engineIndependentFiles } from './apps/server/test/engine-independent.ts';

// Every suite of `npm test` (scripts/test.mjs decides which projects run).
// Server suites run once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const serverFiles = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
// Migrates one database per run; every server test file starts from a copy of it.
const templateDatabase = './apps/server/test/template-database.ts';
// The server's files share one module graph per worker (isolate: false): importing the app (Fastify,
// oidc-provider, jsdom for the sanitiser, Drizzle) again for every file was most of the projects' CPU.
// Each file still builds its own app on its own database, and these suites mock no modules.
const webFiles = [
  'packages/ui/src/**/*.test.{ts,tsx}',
  'packages/api-client/src/**/*.test.{ts,tsx}',
  'apps/portal/src/**/*.test.{ts,tsx}',
  'apps/admin/src/**/*.test.{ts,tsx}',
];
const webProject = {
  environment: 'jsdom',
  env: { TZ: 'Europe/Oslo' },
  setupFiles: ['./scripts/vitest-web-setup.ts'],
  testTimeout: 30_000,
} as const;
// *.artifact.test.ts run in their own project (artifact), not on the server's template database.
const serverProject = {
  globalSetup: [templateDatabase, './apps/server/test/build-server.ts'],
  environment: 'node',
  isolate: false,
  exclude: ['**/node_modules/**', '**/*.artifact.test.ts'],
  // Decision 060: every app a file builds checks its /api answers against its OpenAPI document.
  setupFiles: ['./apps/server/test/response-check-setup.ts'],
} as const;

// The domain's files are pure functions without module mocks: they share one module graph per worker.
export default defineConfig({
  test: {
    globals: false,
    // Vitest's default is one worker less than the cores: one worker on CI's two. The suites wait on
    // timers, PostgreSQL and the file system much of the time, so two workers there use both cores.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        // With the build scripts' own pure functions (the bundle budget's arithmetic): node, no time zone.
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          environment: 'node',
          isolate: false,
          env: { TZ: 'Europe/Oslo' },
        },
      },
      {
        extends: true,
        test: {
          name: 'domain-utc',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          env: { TZ: 'UTC' },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: webFiles,
          // Files share one module graph and jsdom per worker: importing React, Designsystemet and the
          // app again for every file was most of the suite's time (348 s → see docs/decisions). Each file
          // renders its own tree and cleans up after each test; a file with module mocks is *.isolated.test.*.
          exclude: ['**/*.isolated.test.{ts,tsx}', '**/node_modules/**'],
          isolate: false,
          ...webProject,
        },
      },
      {
        extends: true,
        test: { name: 'web-isolated', include: webFiles.map((glob) => glob.replace('*.test.', '*.isolated.test.')), ...webProject },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: serverFiles,
          ...serverProject,
          // The API fuzzer (minutes) runs once: on PostgreSQL, the production engine, when there is one (server-pg).
          exclude: [...serverProject.exclude, ...(process.env.TEST_DATABASE_URL ? ['apps/server/src/http/api-fuzz.test.ts'] : [])],
          env: { TZ: 'Europe/Oslo', TEST_ENGINE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Run once, in `server` (decision 072): production-rails starts main.ts as processes on PGlite whatever the
        // engine, and the files of apps/server/test/engine-independent.ts reach no database and never read which
        // engine the run is on (engine-independent.test.ts checks each against that rule).
        test: {
          name: 'server-pg',
          include: serverFiles,
          ...serverProject,
          exclude: [...serverProject.exclude, 'apps/server/test/production-rails.test.ts', ...engineIndependentFiles],
          env: { TZ: 'Europe/Oslo', TEST_ENGINE: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The storm of decision 016 at CI size: two server processes on PostgreSQL (bench/storm); only with TEST_DATABASE_URL.
        extends: true,
        test: { name: 'storm', include: ['bench/storm/*.test.ts'], environment: 'node', env: { TZ: 'Europe/Oslo' }, testTimeout: 180_000 },
      },
      {
        // Decision 049: npm run bench at CI size (a tiny city, a second per search and schedule scenario); only with TEST_DATABASE_URL.
        extends: true,
        test: {
          name: 'bench',
          include: ['bench/*.test.ts'],
          environment: 'node',
          env: { TZ: 'Europe/Oslo' },
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Decision 036: the runtime tree the Docker image copies, installed and started outside the repository
        // on PostgreSQL (apps/server/test/artifact); only with TEST_DATABASE_URL. npm ci there needs the registry.
        extends: true,
        test: {
          name: 'artifact',
          include: ['apps/server/test/artifact/*.artifact.test.ts'],
          environment: 'node',
          env: { TZ: 'Europe/Oslo' },
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['./e2e/support/global-setup.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A poll's default second is too short for a page drawn by a browser on a busy CI machine.
          expect: { poll: { timeout: 10_000 } },
          env: { TZ: 'Europe/Oslo' },
        },
      },
    ],
  },
});
