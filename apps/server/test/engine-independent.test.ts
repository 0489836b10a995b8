import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineDependence, engineIndependentFiles } from './engine-independent';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Decision 072: the files that run only in `server` (vitest.config.ts) are the ones whose engine cannot matter. */
describe('the server test files run once, not again on PostgreSQL', () => {
  it('exist, and none of them reaches a database or reads which engine the run is on', () => {
    const dependent = engineIndependentFiles
      .map((file) => (fs.existsSync(`${root}/${file}`) ? engineDependence(root, file) : `${file} does not exist`))
      .filter(Boolean);
    expect(dependent).toEqual([]);
  });

  it('the check finds the test database behind the app, and an engine variable (it can fail)', () => {
    // Builds the whole app on a test database, an import away.
    expect(engineDependence(root, 'apps/server/src/routes-anonymous.test.ts')).toBe(
      'apps/server/src/routes-anonymous.test.ts → apps/server/test/test-app.ts → apps/server/test/test-db.ts (a database)',
    );
    expect(engineDependence(root, 'apps/server/src/db/exclusion.test.ts')).toMatch(/ → apps\/server\/test\/test-db\.ts \(a database\)$/);
    // Starts server processes (on PGlite whatever the engine: excluded from server-pg by a rule of its own).
    expect(engineDependence(root, 'apps/server/test/production-rails.test.ts')).toMatch(
      / → apps\/server\/test\/server-process\.ts \(a database\)$/,
    );
    // Reads TEST_ENGINE itself, and starts a server process on either engine.
    expect(engineDependence(root, 'apps/server/src/db/connection-retry.test.ts')).toMatch(/reads TEST_ENGINE$/);
    expect(engineDependence(root, 'apps/server/test/graceful-shutdown.test.ts')).toMatch(/reads TEST_ENGINE$/);
    // A pure function's test reaches neither.
    expect(engineDependence(root, 'apps/server/src/http/redact-personal-data.test.ts')).toBeUndefined();
  });
});
