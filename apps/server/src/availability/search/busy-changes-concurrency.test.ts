import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { queryRows } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { postBooking } from '../../../test/booking-http';
import { createAsset, createLocation } from '../../../test/factories/places';
import { inDays, setOpeningHours } from '../../../test/factories/calendar';
import { searchAssets } from './search-assets';

/**
 * Bookings of many rooms on the same dates at the same moment (decision 047): each writes its rows
 * of busy_changes (migration 0029), insert-only, so none waits for another's date and PostgreSQL
 * reports no deadlock — per-date version rows (migration 0021) made every such booking queue on the
 * same rows until commit. Each booking is a weekly pair of dates in its own room.
 */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const REQUESTS = engine === 'postgres' ? 200 : 20;

describe(`${REQUESTS} concurrent bookings on one date, each its own room (${engine})`, () => {
  let ctx: TestContext;
  let port: number;
  let rooms: number[];
  let tokens: string[];
  const date = inDays(9);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    // A few citizens send every request: the fair-share limits (decision 041) are lifted here.
    const location = await createLocation(db, { name: 'Mangerom skole', maxPendingHours: 2000, maxPendingApplications: 500 });
    await setOpeningHours(db, location.id, '16:00', '22:00');
    rooms = [];
    for (let i = 0; i < REQUESTS; i++) rooms.push((await createAsset(db, location.id, { name: `Rom ${i + 1}` })).id);
    tokens = await Promise.all(testCitizens.map(async (c) => (await loginAs(ctx.app, c)).accessToken));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('books every one without a deadlock, and the kept search sees them all', async () => {
    const db = ctx.database.db;
    const before = await searchAssets({ db, search: { kind: 'single', date, minutes: 360 }, tagIds: [] });
    expect(before.available).toHaveLength(REQUESTS);
    const deadlocks = async () =>
      engine === 'postgres'
        ? Number(
            (
              await queryRows<{ n: string }>(db, sql`select deadlocks::text as n from pg_stat_database where datname = current_database()`)
            )[0]!.n,
          )
        : 0;
    const deadlocksBefore = await deadlocks();
    const answers = await Promise.all(
      rooms.map((bookableAssetId, i) => {
        // The series' dates in either order in the body.
        const dates = i % 2 === 0 ? [date, addDays(date, 7)] : [addDays(date, 7), date];
        return postBooking(port, tokens[i % tokens.length]!, {
          availabilityData: {
            probablyAvailable: [
              {
                bookableAssetId,
                datesAndTimes: dates.map((d) => ({ date: d, startTime: '16:00:00', duration: 'PT6H', initialRepetitionDate: date })),
              },
            ],
          },
          isRepeating: true,
          bookingPortalClient: 'PUBLIC',
          bookingPurpose: 'PUBLICUSER_LOAN',
          formAnswers: {
            activity: 'Fotball',
            purpose: 'Trening',
            participants: 12,
            contactEmail: 'lag@example.no',
            contactPhone: '41234567',
          },
        });
      }),
    );
    const deadlockCount = (await deadlocks()) - deadlocksBefore;
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!.toFixed(0);
    // eslint-disable-next-line no-console -- the figures are the test's report
    console.log(
      `[busy changes ${engine}] ${REQUESTS} simultaneous bookings of a weekly pair on ${date}, each its own room: ` +
        `deadlocks ${engine === 'postgres' ? deadlockCount : 'n/a'}, latency p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`,
    );
    expect(
      answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.slice(0, 200)}`),
      'every booking is accepted',
    ).toEqual([]);
    expect(deadlockCount).toBe(0);
    // The search kept before the bookings answers them all.
    const after = await searchAssets({ db, search: { kind: 'single', date, minutes: 360 }, tagIds: [] });
    expect(after.available).toEqual([]);
    expect(after.unavailable).toHaveLength(REQUESTS);
  }, 120_000);
});
