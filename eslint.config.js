import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { serverAreas, serverLayers } from './scripts/server-areas.mjs';

/** Feature folders of an SPA never import each other (STYLE.md, bulletproof-react). */
function featureZones(app) {
  const dir = `./apps/${app}/src/features`;
  if (!fs.existsSync(dir)) return [];
  const features = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return features.map((f) => ({
    target: `${dir}/${f}`,
    from: dir,
    except: [`./${f}`],
    message: "A feature does not use a sibling feature's internals: move what both need to packages/ui or packages/domain.",
  }));
}

/**
 * The server's areas (scripts/server-areas.mjs): an area uses another only through its index.ts, and only
 * the areas its `uses` names; the layers use no area; production code does not import the seed.
 */
function serverAreaZones() {
  const src = './apps/server/src';
  const zones = [];
  for (const area of serverAreas) {
    for (const other of serverAreas) {
      if (other.name === area.name) continue;
      zones.push(
        area.uses.includes(other.name)
          ? {
              target: `${src}/${area.name}`,
              from: `${src}/${other.name}`,
              except: ['./index.ts'],
              message: `The ${area.name} area uses ${other.name} through its public entry only: import from '${other.name}' (its index.ts), and export what you need there.`,
            }
          : {
              target: `${src}/${area.name}`,
              from: `${src}/${other.name}`,
              message: `The ${area.name} area does not use ${other.name} (scripts/server-areas.mjs): the areas have no loops. Register a hook, or move the code to the area both may use.`,
            },
      );
    }
  }
  const areaFolders = serverAreas.map((area) => `${src}/${area.name}`);
  for (const layer of serverLayers.filter((l) => l !== 'seed')) {
    zones.push({
      target: `${src}/${layer}`,
      from: areaFolders,
      message: `The ${layer} layer uses no area: areas use the layers, and app.ts wires them.`,
    });
  }
  // Demo data and test users: tests, benchmarks, the seed itself and the local demo services only.
  zones.push({
    target: [
      `${src}/!(main).ts`,
      ...serverAreas.map((area) => `${src}/${area.name}/**`),
      ...['auth', 'db', 'http', 'jobs', 'observability'].map((l) => `${src}/${l}/**`),
    ],
    from: `${src}/seed/**`,
    message: 'Production code does not import the seed (demo data, test users); main.ts loads it with import() when SEED_DEMO_DATA is on.',
  });
  return zones;
}

const baseZones = [
  { target: './packages', from: './apps', message: 'Packages never import from an app.' },
  { target: './apps/portal', from: './apps/admin', message: 'No app imports another app.' },
  { target: './apps/admin', from: './apps/portal', message: 'No app imports another app.' },
  {
    target: './apps/server',
    from: ['./apps/portal', './apps/admin', './packages/ui', './packages/api-client'],
    message: 'The server depends on packages/domain only.',
  },
  ...featureZones('portal'),
  ...featureZones('admin'),
];

const serverTestFiles = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*-test-support.ts'];

const writeTransactionOnly = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
  message:
    'Run transactions through writeTransaction(db, fn) from apps/server/src/db/write-transaction.ts (retries 40001/40P01 and a lost connection; a savepoint is withSavepoint(tx, fn)).',
};

/**
 * The bookings module (apps/server/src/bookings/bookings) is the one writer of a booking's and a
 * reservation's status and of the change log: elsewhere, a Drizzle insert/update/delete on those
 * tables, or SQL text that inserts into, updates or deletes from them, is an error. Reading them
 * stays free. The demo data (seed) writes whole bookings as they were; tests set up states.
 */
const bookingTableWriters = ['apps/server/src/bookings/bookings/**/*.ts', 'apps/server/src/seed/**/*.ts'];
const bookingTablesMessage =
  'Only the bookings module writes bookings, reservations and the change log: call changeStatus/changeStatuses, recordChange/appendChangeLog, updateBookingDetails or its insert functions (apps/server/src/bookings/bookings/index.ts).';
const bookingTablesWrittenByBookingsOnly = [
  {
    selector: 'CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(bookings|reservations|changeLog)$/]',
    message: bookingTablesMessage,
  },
  {
    selector:
      "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/(update|insert\\s+into|delete\\s+from)\\s+(bookings|reservations|change_log)\\b/i]",
    message: bookingTablesMessage,
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-test/**', '**/node_modules/**', '**/data/**', 'apps/server/src/db/migrations/**', 'bench/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: baseZones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'pg', 'drizzle-orm*', 'react*', '@lokaler/*'],
              message: 'packages/domain is pure TypeScript with no I/O and no dependencies on other workspaces.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's areas and layers (scripts/server-areas.mjs). Tests may set up state through any area's files.
    files: ['apps/server/src/**/*.ts'],
    ignores: serverTestFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...baseZones, ...serverAreaZones()] }] },
  },
  {
    // SQL lives in repositories only (STYLE.md 4): services and routes call named, typed functions.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/seed/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*-test-support.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                "SQL lives in repositories only: put the query in the module's *repository.ts (or apps/server/src/db/ for cross-cutting infrastructure) as a named, typed function and call that.",
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message:
                "Tables are queried in repositories only: put the query in the module's *repository.ts (or apps/server/src/db/) and export the row type from there.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 14: every write transaction retries deadlocks and lost connections the same way.
    // And only the bookings module writes bookings, reservations and the change log (bookingTableWriters).
    files: ['apps/server/src/**/*.ts'],
    ignores: [...serverTestFiles, ...bookingTableWriters],
    rules: { 'no-restricted-syntax': ['error', writeTransactionOnly, ...bookingTablesWrittenByBookingsOnly] },
  },
  { files: bookingTableWriters, ignores: serverTestFiles, rules: { 'no-restricted-syntax': ['error', writeTransactionOnly] } },
  {
    files: ['packages/ui/**/*.{ts,tsx}', 'packages/api-client/**/*.{ts,tsx}', 'apps/portal/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web, server and domain suites share one module graph per worker (isolate: false, vitest.config.ts),
    // where a module mock would leak into the next file. A test that needs one is named *.isolated.test.*.
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'Module mocks leak between files in a shared module graph: name this file *.isolated.test.tsx (its own project), or pass the dependency in.',
        },
      ],
    },
  },
  { files: ['scripts/**', 'bench/**', 'e2e/**', '**/build.mjs', 'apps/server/src/main.ts'], rules: { 'no-console': 'off' } },
);
