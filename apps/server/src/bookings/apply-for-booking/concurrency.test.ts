import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiError } from '@lokaler/domain/api-error';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { queryRows } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { postBooking } from '../../../test/booking-http';
import { createAsset, createLocation } from '../../../test/factories/places';
import { inDays, setOpeningHours } from '../../../test/factories/calendar';

/**
 * Many citizens send bookings for overlapping times of the same rooms at the same
 * moment, each over its own TCP connection to a listening server. Exactly one booking gets each
 * contested time, every other answer is a 409 naming taken times, a series is all or nothing, nothing
 * answers 500, PostgreSQL reports no deadlock, and no two active reservations overlap afterwards.
 */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const REQUESTS = engine === 'postgres' ? 200 : 30;
/** Days the times spread over: fewer for the smaller burst, so it is as contested. */
const SPREAD_DAYS = engine === 'postgres' ? 4 : 2;

interface Time {
  date: string;
  startTime: string;
  duration: string;
  initialRepetitionDate: string | null;
}
interface Planned {
  rooms: number[];
  times: Time[];
  isRepeating: boolean;
  token: string;
}
interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One booking over a fresh connection (postBooking), its JSON body parsed. */
async function post(port: number, token: string, payload: unknown): Promise<Answer> {
  const { status, body, ms } = await postBooking(port, token, payload);
  return { status, body: body ? (JSON.parse(body) as unknown) : null, ms };
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe(`concurrent POST /api/booking (${engine}, ${REQUESTS} requests)`, () => {
  let ctx: TestContext;
  let port: number;
  let rooms: [number, number];
  let plans: Planned[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    // Four citizens send all 200 requests: the fair-share limits (decision 041, tested in fair-share.test.ts) are lifted to their maximum here.
    const location = await createLocation(db, { name: 'Stressvik skole', maxPendingHours: 2000, maxPendingApplications: 500 });
    await setOpeningHours(db, location.id, '16:00', '22:00');
    rooms = [(await createAsset(db, location.id, { name: 'Gymsal' })).id, (await createAsset(db, location.id, { name: 'Aula' })).id];
    const tokens = await Promise.all(testCitizens.map(async (c) => (await loginAs(ctx.app, c)).accessToken));
    const next = random(20_251_122);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const first = inDays(7);
    plans = Array.from({ length: REQUESTS }, (_, i) => {
      // Rooms in either order in the body: the locks are still taken in id order.
      const roomSet = next() < 0.25 ? (next() < 0.5 ? [rooms[0], rooms[1]] : [rooms[1], rooms[0]]) : [pick(rooms)];
      const token = tokens[i % tokens.length]!;
      if (next() < 0.35) {
        // A weekly series from one of the first four days; series from the same day share all dates.
        const start = addDays(first, Math.floor(next() * SPREAD_DAYS));
        const weeks = 3 + Math.floor(next() * 4);
        const startTime = pick(['17:00:00', '17:30:00', '18:00:00']);
        const times = Array.from({ length: weeks }, (_, w) => ({
          date: addDays(start, w * 7),
          startTime,
          duration: 'PT1H',
          initialRepetitionDate: start,
        }));
        return { rooms: roomSet, times, isRepeating: true, token };
      }
      const date = addDays(first, Math.floor(next() * SPREAD_DAYS) + 7 * Math.floor(next() * 2));
      const startMinutes = 16 * 60 + 15 * Math.floor(next() * 17);
      const duration = pick([30, 45, 60, 90, 120]);
      const startTime = `${String(Math.floor(startMinutes / 60)).padStart(2, '0')}:${String(startMinutes % 60).padStart(2, '0')}:00`;
      return {
        rooms: roomSet,
        times: [{ date, startTime, duration: `PT${Math.floor(duration / 60)}H${duration % 60}M`, initialRepetitionDate: null }],
        isRepeating: false,
        token,
      };
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('gives each contested time to exactly one booking, answers 409 to the rest, and never 500 or deadlocks', async () => {
    const deadlocksBefore = await deadlockCount();
    const answers = await Promise.all(
      plans.map((plan) =>
        post(port, plan.token, {
          availabilityData: { probablyAvailable: plan.rooms.map((bookableAssetId) => ({ bookableAssetId, datesAndTimes: plan.times })) },
          isRepeating: plan.isRepeating,
          bookingPortalClient: 'PUBLIC',
          bookingPurpose: 'PUBLICUSER_LOAN',
          formAnswers: {
            activity: 'Fotball',
            purpose: 'Trening',
            participants: 12,
            contactEmail: 'lag@example.no',
            contactPhone: '41234567',
          },
        }),
      ),
    );
    const deadlocksAfter = await deadlockCount();
    const deadlocks = deadlocksAfter === null || deadlocksBefore === null ? null : deadlocksAfter - deadlocksBefore;
    const statuses = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
    const contested = contestedSlots();
    // eslint-disable-next-line no-console -- the figures are the test's report
    console.log(
      `[concurrency ${engine}] ${REQUESTS} simultaneous POST /api/booking (${contested.size} contested 15-minute slots): wins ${statuses[201] ?? 0}, 409s ${statuses[409] ?? 0}, ` +
        `other ${REQUESTS - (statuses[201] ?? 0) - (statuses[409] ?? 0)}, deadlocks ${deadlocks ?? 'n/a'}, ` +
        `latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
    );

    expect(Object.keys(statuses).sort(), JSON.stringify(answers.filter((a) => a.status !== 201 && a.status !== 409).slice(0, 3))).toEqual([
      '201',
      '409',
    ]);
    if (deadlocks !== null) expect(deadlocks).toBe(0);

    // Winners hold all their times (a series is all or nothing); losers hold nothing.
    const held = await queryRows<{ booking_id: number; room: number; date: string; start: string; minutes: number }>(
      ctx.database.db,
      sql`
      select booking_id, bookable_asset_id as room, to_char(date, 'YYYY-MM-DD') as date, to_char(start_time, 'HH24:MI:SS') as start, duration_minutes as minutes
      from reservations where status in ('UNPROCESSED', 'APPROVED')`,
    );
    const wins = answers.flatMap((a, i) =>
      a.status === 201 ? [{ plan: plans[i]!, bookingId: (a.body as { bookingId: number }).bookingId }] : [],
    );
    const bookingCount = (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from bookings`))[0]!.n;
    expect(bookingCount).toBe(wins.length);
    for (const { plan, bookingId } of wins) {
      expect(held.filter((r) => Number(r.booking_id) === bookingId)).toHaveLength(plan.rooms.length * plan.times.length);
    }

    // Every 409 names taken times, and each of them is held by a winner.
    const overlapsHeld = (room: number, date: string, start: string, end: string) =>
      held.some(
        (r) => r.room === room && r.date === date && minutes(r.start) < minutes(end) && minutes(start) < minutes(r.start) + r.minutes,
      );
    for (const loser of answers.filter((a) => a.status === 409)) {
      const error = loser.body as ApiError;
      expect(error.code).toBe('BOOKING_CONFLICT');
      expect(error.userMsg).toMatch(/ikke lenger ledig/);
      expect(error.conflicts?.length).toBeGreaterThan(0);
      for (const c of error.conflicts!)
        expect(overlapsHeld(c.bookableAssetId, c.date, c.startTime, c.endTime), JSON.stringify(c)).toBe(true);
    }

    // The database's own word: no two active reservations of a room overlap.
    const [overlaps] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`
      select count(*)::int as n from reservations a join reservations b
        on a.id < b.id and a.bookable_asset_id = b.bookable_asset_id and a.period && b.period
      where a.status in ('UNPROCESSED', 'APPROVED') and b.status in ('UNPROCESSED', 'APPROVED')`,
    );
    expect(overlaps!.n).toBe(0);
    // The same per contested slot, from the answers: at most one winner holds it.
    for (const key of contested) {
      const holders = wins.filter(({ plan }) => slotsOf(plan).has(key));
      expect(holders.length, key).toBeLessThanOrEqual(1);
    }
    expect(contested.size).toBeGreaterThan(10);
    expect(wins.length).toBeGreaterThan(1);
    expect(statuses[409]).toBeGreaterThan(1);
  }, 60_000);

  /** 'room date HH:mm' of every 15-minute slot a request asks for. */
  function slotsOf(plan: Planned): Set<string> {
    const keys = new Set<string>();
    for (const room of plan.rooms) {
      for (const t of plan.times) {
        const length = Number(/(\d+)H/.exec(t.duration)?.[1] ?? 0) * 60 + Number(/(\d+)M/.exec(t.duration)?.[1] ?? 0);
        for (let m = minutes(t.startTime); m < minutes(t.startTime) + length; m += 15) keys.add(`${room} ${t.date} ${m}`);
      }
    }
    return keys;
  }

  /** Slots that two or more requests ask for. */
  function contestedSlots(): Set<string> {
    const askedBy = new Map<string, number>();
    for (const plan of plans) for (const key of slotsOf(plan)) askedBy.set(key, (askedBy.get(key) ?? 0) + 1);
    return new Set([...askedBy].filter(([, n]) => n > 1).map(([key]) => key));
  }

  /** Deadlocks PostgreSQL detected in this test's database (null on PGlite: one connection cannot deadlock). */
  async function deadlockCount(): Promise<number | null> {
    if (engine !== 'postgres') return null;
    const [row] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select deadlocks::text as n from pg_stat_database where datname = current_database()`,
    );
    return Number(row!.n);
  }
});
