import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { FRONTEND_ERROR_RATE_LIMIT } from '../platform/frontend-errors/routes';
import { createTestDatabase, truncateAll } from '../../test/test-db';

/**
 * Two server processes behind one load balancer: a client that spreads its requests over both gets
 * the one limit, not one per process.
 */
describe('rate limits with two app instances on one database', () => {
  let database: Database;
  let apps: App[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
    apps = [];
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
      await app.ready();
      apps.push(app);
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  beforeEach(() => truncateAll(database));

  const report = (app: App, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/frontenderror', remoteAddress, payload: { msg: 'Flood', level: 'error' } });

  it("counts a client's requests to either instance against one limit", async () => {
    // Sent at once, alternating between the instances: every increment is counted, none lost.
    const answers = await Promise.all(Array.from({ length: FRONTEND_ERROR_RATE_LIMIT }, (_, i) => report(apps[i % 2]!, '198.51.100.9')));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 204));
    for (const app of apps) expect((await report(app, '198.51.100.9')).statusCode).toBe(429);
    expect((await report(apps[1]!, '198.51.100.10')).statusCode).toBe(204);
  });
});
