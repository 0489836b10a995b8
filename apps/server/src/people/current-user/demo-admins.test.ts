import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/login';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { seedDemoDataIfEmpty } from '../../seed/index';
import { testAdmins } from '../../seed/test-users';

/** The test administrators against the demo data, as someone trying the embedded default sees them. */
describe('administrators of the demo data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    expect(await seedDemoDataIfEmpty(ctx.database.db, { today: '2025-03-10' })).toBe(true);
  });
  afterAll(() => ctx.close());

  const locationAdmins = testAdmins.filter((a) => ['Siri', 'Jonas', 'Vigdis'].includes(a.givenName));

  it.each(locationAdmins.map((a) => [a.givenName, a] as const))(
    '%s sees exactly the locations the demo data gives their e-mail',
    async (_name, admin) => {
      const expected = await queryRows<{ id: number; name: string }>(
        ctx.database.db,
        sql`
      select l.id, l.name from location_admins la join locations l on l.id = la.location_id
      where la.email = ${admin.email.toLowerCase()} and l.status <> 'DELETED'`,
      );
      expect(expected.length).toBeGreaterThan(0);

      const { accessToken } = await loginAs(ctx.app, admin, { client: 'admin' });
      const res = await ctx.app.inject({ method: 'GET', url: '/api/currentuser/adminlocations', headers: bearer(accessToken) });
      expect(res.statusCode).toBe(200);
      const seen = res.json<{ id: number; name: string }[]>();
      expect([...seen].sort((a, b) => a.id - b.id)).toEqual([...expected].sort((a, b) => a.id - b.id));
    },
  );

  it('gives Bente the city-wide role and no location of her own, and Nora (to be invited) nothing', async () => {
    const roles = async (givenName: string) => {
      const { accessToken } = await loginAs(
        ctx.app,
        testAdmins.find((a) => a.givenName === givenName)!,
        { client: 'admin' },
      );
      const [who, where] = await Promise.all(
        ['/api/currentuser/roles', '/api/currentuser/adminlocations'].map((url) =>
          ctx.app.inject({ method: 'GET', url, headers: bearer(accessToken) }),
        ),
      );
      return {
        roles: who!.json<{ roles: string[] }>().roles,
        locations: where!.statusCode === 200 ? where!.json<unknown[]>() : where!.statusCode,
      };
    };
    expect(await roles('Bente')).toEqual({ roles: ['CITY_ADMIN'], locations: [] });
    expect(await roles('Nora')).toEqual({ roles: [], locations: 403 });
  });

  it('gives the wedding administrator the town hall', async () => {
    const vigdis = testAdmins.find((a) => a.givenName === 'Vigdis')!;
    const { accessToken } = await loginAs(ctx.app, vigdis, { client: 'admin' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/currentuser/adminlocations', headers: bearer(accessToken) });
    expect(
      res
        .json<{ name: string }[]>()
        .map((l) => l.name)
        .join(' '),
    ).toMatch(/rådhus/i);
  });
});
