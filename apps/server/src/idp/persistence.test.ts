import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, refreshTokens } from '../../test/login';
import { createTestDatabase } from '../../test/test-db';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema/index';
import { loadOrCreateServerKeys } from './server-keys';
import { testCitizens } from '../seed/test-users';

const kari = testCitizens[0]!;

/** Two server processes on one database, as behind a load balancer, or before and after a restart. */
describe('keys and logins shared through the database', () => {
  let database: Database;
  let first: App;
  let second: App;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await buildApp({ config, database, logger: false });
    await first.ready();
    second = await buildApp({ config, database, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('generates the keys once and both instances publish the same', async () => {
    const rows = await database.db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'ServerKeys'), eq(oidcPayloads.id, 'current')));
    expect(rows).toHaveLength(1);
    const jwks1 = (await first.inject({ method: 'GET', url: '/idp/jwks' })).json();
    const jwks2 = (await second.inject({ method: 'GET', url: '/idp/jwks' })).json();
    expect(jwks2).toEqual(jwks1);
  });

  it('accepts on the second instance a token the first one issued', async () => {
    const { accessToken } = await loginAs(first, kari);
    const res = await second.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Kari Nordmann', portal: 'PUBLIC' });
  });

  it("refreshes on the second instance with the first one's refresh token (sessions live in the database)", async () => {
    const { refreshToken } = await loginAs(first, kari);
    const refreshed = await refreshTokens(second, refreshToken);
    const res = await first.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(refreshed.accessToken) });
    expect(res.statusCode).toBe(200);
  });

  it('agrees on one set of keys when several processes start on an empty database at once', async () => {
    const fresh = await createTestDatabase();
    try {
      const all = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateServerKeys(fresh.db)));
      const kids = new Set(all.map((k) => k.signingKeys[0]!.kid));
      expect(kids.size).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
