import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { roundErrorCodes } from '@lokaler/domain/application-rounds';
import { queryRows } from '../../db/client';
import { testAdmins } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addLocationAdmin, setOpeningHours } from '../../../test/factories/calendar';
import { addRoundApplication, createRound, type RoundApplication } from '../../../test/factories/application-rounds';
import { call } from '../../../test/admin-test-support';
import { ROUND_CLOSING_JOB } from './round-closing-job';

/**
 * Decision 031: several administrators allocating the same room at once. The check before the
 * write gives the friendly message; when two requests pass it together, the exclusion constraint
 * round_wishes_no_double_allocation refuses the second (SQLSTATE 23P01), which is the same 409.
 * On PostgreSQL the requests really run side by side; PGlite runs them one after the other.
 */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const WISHES = engine === 'postgres' ? 24 : 8;
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

describe(`allocating and closing at once (${engine})`, () => {
  let ctx: TestContext;
  let tokens: string[];
  let location: number;
  let gym: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    location = (await createLocation(db, { name: 'Trengsel skole' })).id;
    gym = (await createAsset(db, location, { name: 'Gymsal' })).id;
    await setOpeningHours(db, location, '08:00', '23:00');
    for (const admin of testAdmins.slice(0, 2)) await addLocationAdmin(db, location, admin.email);
    tokens = await Promise.all(testAdmins.slice(0, 2).map(async (a) => (await loginAs(ctx.app, a)).accessToken));
  });
  afterAll(() => ctx.close());

  it('gives a contested time to exactly one wish; the others get 409, never 5xx', async () => {
    const db = ctx.database.db;
    const round = await createRound(db, { locationIds: [location], semesterStart: '2027-08-16', semesterEnd: '2027-09-12' });
    const owner = await createUser(db);
    const apps: RoundApplication[] = [];
    for (let i = 0; i < WISHES; i++) {
      // Every wish overlaps 18:00–19:00 on Tuesdays.
      const start = 17 + (i % 2);
      apps.push(
        await addRoundApplication(db, {
          round,
          locationId: location,
          userId: owner.id,
          organization: { number: `91000${String(i).padStart(4, '0')}`, name: `Lag ${i}` },
          wishes: [{ roomId: gym, weekday: 2, startTime: `${start}:00`, endTime: `${start + 2}:00` }],
        }),
      );
    }
    const answers = await Promise.all(
      apps.flatMap((a, i) =>
        [0, 1].map((who) =>
          call(ctx.app, tokens[(i + who) % 2]!, 'PUT', `/api/admin/rounds/${round.id}/allocations`, {
            changes: [{ wishId: a.wishIds[0], version: 0, decision: 'ASKED' }],
          }),
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const codes = new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json<ApiError>().code));
    expect([...codes].every((c) => c === roundErrorCodes.taken || c === roundErrorCodes.stale)).toBe(true);
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 409)).toEqual([]);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from round_wishes where round_id = ${round.id} and decision <> 'UNDECIDED'`,
    );
    expect(Number(row!.n)).toBe(1);
  });

  it('two closers at once (the request and the job) answer each application once', async () => {
    const db = ctx.database.db;
    const round = await createRound(db, { locationIds: [location], semesterStart: '2027-10-04', semesterEnd: '2027-10-31' });
    const owner = await createUser(db);
    const apps: RoundApplication[] = [];
    for (let i = 0; i < WISHES; i++) {
      apps.push(
        await addRoundApplication(db, {
          round,
          locationId: location,
          userId: owner.id,
          organization: { number: `92000${String(i).padStart(4, '0')}`, name: `Lag ${i}` },
          wishes: [
            { roomId: gym, weekday: 1 + (i % 7), startTime: clock(8 + Math.floor(i / 7) * 2), endTime: clock(9 + Math.floor(i / 7) * 2) },
          ],
        }),
      );
    }
    const allocated = await call(ctx.app, tokens[0]!, 'PUT', `/api/admin/rounds/${round.id}/allocations`, {
      changes: apps.map((a) => ({ wishId: a.wishIds[0], version: 0, decision: 'ASKED' })),
    });
    expect(allocated.statusCode).toBe(200);
    const [closing] = await Promise.all([
      call(ctx.app, tokens[0]!, 'POST', `/api/admin/rounds/${round.id}/close`),
      ctx.app.jobs.runNow(ROUND_CLOSING_JOB),
    ]);
    expect(closing.statusCode).toBe(200);
    await ctx.app.jobs.runNow(ROUND_CLOSING_JOB);
    const mails = await queryRows<{ booking: number; n: number }>(
      db,
      sql`select (topic ->> 'bookingId')::int as booking, count(*)::int as n from mail_outbox
      where (topic ->> 'bookingId')::int = any(${`{${apps.map((a) => a.bookingId).join(',')}}`}::int[]) group by 1`,
    );
    expect(mails).toHaveLength(apps.length);
    expect(mails.every((m) => Number(m.n) === 1)).toBe(true);
    const [status] = await queryRows<{ status: string }>(
      db,
      sql`select status::text as status from application_rounds where id = ${round.id}`,
    );
    expect(status!.status).toBe('CLOSED');
    const [overlaps] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from reservations a join reservations b
      on a.bookable_asset_id = b.bookable_asset_id and a.id < b.id and a.period && b.period
      where a.status in ('UNPROCESSED', 'APPROVED') and b.status in ('UNPROCESSED', 'APPROVED')`,
    );
    expect(Number(overlaps!.n)).toBe(0);
  });
});
