import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { bookableAssets } from '../db/schema/assets';
import { cityAdmins, closedDateRanges, locationAuditLog, locationInvitations } from '../db/schema/location-setup';
import { locationAdmins } from '../db/schema/locations';
import { testAdmins, testCitizens } from '../seed/test-users';
import { createTestApp, type TestContext } from '../../test/test-app';
import { loginAs } from '../../test/login';
import { createAsset, createLocation } from '../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../test/factories/calendar';
import { call } from '../../test/admin-test-support';
import { locationSetupRoutes, pendingRoutes, type RouteRow, type Target } from './admin-locations-route-table';

/** Every route of a location's setup (admin-locations-route-table.ts) × every kind of caller (decision 015). */
type Caller = 'anonymous' | 'citizen' | 'otherAdmin' | 'admin' | 'cityAdmin';

/** What each caller must get for a row. */
export function expectedStatus(row: RouteRow, caller: Caller): number {
  switch (caller) {
    case 'anonymous':
      return 401;
    case 'citizen':
    case 'otherAdmin':
      return 403;
    case 'admin':
      return row.access === 'city' ? 403 : row.ok;
    case 'cityAdmin':
      return row.access === 'handling' ? 403 : row.ok;
  }
}

describe("who may call the routes of a location's setup (decision 015)", () => {
  let ctx: TestContext;
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  let siriUserId: number;
  let shared: Target;

  /** A fresh location administered by Siri (and a co-administrator), with a room, a closed range and a claimed invitation. */
  async function makeTarget(): Promise<Target> {
    const db = ctx.database.db;
    const location = await createLocation(db, { name: `Skole ${randomBytes(3).toString('hex')}` });
    await setOpeningHours(db, location.id, '16:00', '22:00');
    const coAdminEmail = 'med.admin@oslo.kommune.no';
    await addLocationAdmin(db, location.id, testAdmins[0]!.email);
    await addLocationAdmin(db, location.id, coAdminEmail);
    const roomId = (await createAsset(db, location.id, { name: 'Gymsal' })).id;
    const [range] = await db
      .insert(closedDateRanges)
      .values({ locationId: location.id, fromDate: inDays(60), toDate: inDays(61), reason: 'Stengt' })
      .returning();
    const linkId = randomBytes(32).toString('base64url');
    const [invitation] = await db
      .insert(locationInvitations)
      .values({
        linkId,
        locationId: location.id,
        email: testAdmins[0]!.email,
        expiresAt: new Date(Date.now() + 86_400_000),
        usedByUserId: siriUserId,
        usedAt: new Date(),
      })
      .returning();
    return { locationId: location.id, roomId, coAdminEmail, closedRangeId: range!.id, linkId, invitationId: invitation!.id };
  }

  /** What a refused call must leave as it was. */
  async function snapshot(t: Target) {
    const db = ctx.database.db;
    return {
      rooms: await db.select().from(bookableAssets).where(eq(bookableAssets.locationId, t.locationId)).orderBy(asc(bookableAssets.id)),
      admins: (await db.select().from(locationAdmins).where(eq(locationAdmins.locationId, t.locationId))).map((a) => a.email).sort(),
      audit: (await db.select({ id: locationAuditLog.id }).from(locationAuditLog).where(eq(locationAuditLog.locationId, t.locationId)))
        .length,
      location: await queryRows(db, sql`select * from locations where id = ${t.locationId}`),
      blocked: await queryRows(db, sql`select id from blocked_times where bookable_asset_id = ${t.roomId} order by id`),
      feeds: await queryRows(db, sql`select id, secret from calendar_feeds where location_id = ${t.locationId} order by id`),
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    // Jonas administers another location; Bente is city-wide and administers none herself.
    await addLocationAdmin(db, (await createLocation(db, { name: 'Deichman Bjerke' })).id, testAdmins[1]!.email);
    await db.insert(cityAdmins).values({ email: testAdmins[3]!.email.toLowerCase() });
    tokens.admin = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    tokens.otherAdmin = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    tokens.cityAdmin = (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken;
    tokens.citizen = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    siriUserId = (await call(ctx.app, tokens.admin, 'GET', '/api/currentuser/roles')).json<{ userId: number }>().userId;
    shared = await makeTarget();
  });
  afterAll(() => ctx.close());

  const rows = locationSetupRoutes.map((row) => [row.name, row] as const);

  it.each(rows)('%s is registered', (_name, row) => {
    expect(ctx.app.hasRoute({ method: row.method, url: row.route }), `${row.method} ${row.route}`).toBe(true);
  });

  it.each(rows)('%s: anonymous 401, citizen 403, administrator of another location 403, and nothing changes', async (_name, row) => {
    const before = await snapshot(shared);
    for (const caller of ['anonymous', 'citizen', 'otherAdmin'] as const) {
      const res = await call(ctx.app, caller === 'anonymous' ? null : tokens[caller], row.method, row.url(shared), row.body?.(shared));
      expect(res.statusCode, `${caller}: ${res.body}`).toBe(expectedStatus(row, caller));
      expect(res.json().fields, `${caller} sees no schema detail`).toBeUndefined();
    }
    expect(await snapshot(shared)).toEqual(before);
  });

  it.each(rows)("%s: the location's administrator and the city-wide administrator as designed", async (_name, row) => {
    for (const caller of ['admin', 'cityAdmin'] as const) {
      const target = await makeTarget();
      const before = await snapshot(target);
      const res = await call(ctx.app, tokens[caller], row.method, row.url(target), row.body?.(target));
      const expected = expectedStatus(row, caller);
      expect(res.statusCode, `${caller}: ${res.body}`).toBe(expected);
      if (expected === 403) expect(await snapshot(target)).toEqual(before);
    }
  });

  it('keeps pending rows out of the loop until their modules are merged (and every row names a distinct route)', () => {
    const keys = [...locationSetupRoutes, ...pendingRoutes].map((r) => `${r.method} ${r.route} ${r.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of pendingRoutes) expect(locationSetupRoutes.some((r) => r.method === row.method && r.route === row.route)).toBe(false);
  });
});
