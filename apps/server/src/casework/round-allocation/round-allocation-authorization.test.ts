import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addLocationAdmin, setOpeningHours } from '../../../test/factories/calendar';
import { addRoundApplication, createRound } from '../../../test/factories/application-rounds';
import { queryRows } from '../../db/client';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { call } from '../../../test/admin-test-support';

/**
 * Who may call the allocation's routes (decision 031): every route × every kind of caller, and a refused
 * call writes nothing. Siri manages both of the round's locations; Jonas one of them (he sees the
 * round and allocates its rooms, but may not close it or touch the other location's rooms); Vigdis a
 * location outside the round; Nora none; Kari is a citizen.
 */
interface Target {
  roundId: number;
  roomA: number;
  wishA: number;
}
type Row = { name: string; method: InjectOptions['method']; url: (t: Target) => string; body?: (t: Target) => unknown; allows?: string[] };

const routes: Row[] = [
  { name: 'conflict view', method: 'GET', url: (t) => `/api/admin/rounds/${t.roundId}/conflicts?roomId=${t.roomA}` },
  {
    name: 'allocate',
    method: 'PUT',
    url: (t) => `/api/admin/rounds/${t.roundId}/allocations`,
    body: (t) => ({ changes: [{ wishId: t.wishA, version: 0, decision: 'ASKED' }] }),
  },
  // An administrator of one of the round's locations may suggest for its rooms (the round-allocation tests).
  { name: 'suggestion', method: 'POST', url: (t) => `/api/admin/rounds/${t.roundId}/suggestion`, allows: ['otherLocationOfRound'] },
  { name: 'close', method: 'POST', url: (t) => `/api/admin/rounds/${t.roundId}/close` },
];

describe("who may call the round allocation's routes", () => {
  let ctx: TestContext;
  let target: Target;
  const tokens: Record<string, string | null> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const a = (await createLocation(db)).id;
    const b = (await createLocation(db)).id;
    const outside = (await createLocation(db)).id;
    const roomA = (await createAsset(db, a)).id;
    const roomB = (await createAsset(db, b)).id;
    for (const l of [a, b, outside]) await setOpeningHours(db, l, '16:00', '22:00');
    const [siri, jonas, vigdis, , nora] = testAdmins;
    await addLocationAdmin(db, a, siri!.email);
    await addLocationAdmin(db, b, siri!.email);
    await addLocationAdmin(db, b, jonas!.email);
    await addLocationAdmin(db, outside, vigdis!.email);
    const round = await createRound(db, { locationIds: [a, b] });
    const app = await addRoundApplication(db, {
      round,
      locationId: a,
      userId: null,
      wishes: [{ roomId: roomA, weekday: 2, startTime: '18:00', endTime: '19:00' }],
    });
    await addRoundApplication(db, {
      round,
      locationId: b,
      userId: null,
      wishes: [{ roomId: roomB, weekday: 2, startTime: '18:00', endTime: '19:00' }],
    });
    target = { roundId: round.id, roomA, wishA: app.wishIds[0]! };
    tokens.anonymous = null;
    tokens.citizen = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    tokens.noLocation = (await loginAs(ctx.app, nora!)).accessToken;
    tokens.outsideRound = (await loginAs(ctx.app, vigdis!)).accessToken;
    tokens.otherLocationOfRound = (await loginAs(ctx.app, jonas!)).accessToken;
  });
  afterAll(() => ctx.close());

  const expected: Record<string, number> = { anonymous: 401, citizen: 403, noLocation: 403, outsideRound: 403, otherLocationOfRound: 403 };

  for (const route of routes) {
    const refused = Object.entries(expected).filter(([who]) => !route.allows?.includes(who));
    it(`${route.name}: ${refused.map(([who, status]) => `${who} ${status}`).join(', ')}; nothing written`, async () => {
      const before = await queryRows<{ v: number; d: string }>(
        ctx.database.db,
        sql`select sum(version)::int as v, string_agg(decision::text, ',' order by id) as d from round_wishes`,
      );
      for (const [who, status] of refused) {
        const res = await call(ctx.app, tokens[who] ?? null, route.method, route.url(target), route.body?.(target));
        expect({ who, status: res.statusCode }).toEqual({ who, status });
      }
      expect(
        await queryRows(
          ctx.database.db,
          sql`select sum(version)::int as v, string_agg(decision::text, ',' order by id) as d from round_wishes`,
        ),
      ).toEqual(before);
      const [round] = await queryRows<{ status: string }>(
        ctx.database.db,
        sql`select status::text as status from application_rounds where id = ${target.roundId}`,
      );
      expect(round!.status).toBe('OPEN');
    });
  }
});
