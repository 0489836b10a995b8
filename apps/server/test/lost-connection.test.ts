import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { readRetryStats } from '../src/db/connection-retry';
import { writeTransactionStats } from '../src/db/write-transaction';
import { testCitizens } from '../src/seed/test-users';
import { createTestApp, type TestContext } from './test-app';
import { bearer, loginAs } from './login';
import { createAsset, createLocation } from './factories/places';
import { inDays, setOpeningHours } from './factories/calendar';

/**
 * Decision 043: the application's database connections terminated again and
 * again while citizens book. A lost connection is run again on a fresh one (lone reads by the pool,
 * write transactions by writeTransaction, a lost COMMIT asked after): every request answers 201 or
 * 409, never 503, and what was answered 201 is written once (a booking run again after a COMMIT
 * that did commit would be a second booking, or a 409 against itself). PGlite runs in the process:
 * there it is the same load without the blips.
 */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const BOOKINGS = engine === 'postgres' ? 60 : 12;

describe(`bookings while the database connections are terminated (${engine}, ${BOOKINGS} bookings)`, () => {
  let ctx: TestContext;
  let rooms: number[];
  let tokens: string[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    // A few citizens send every booking: the fair-share limits (decision 041, fair-share.test.ts) are lifted to their maximum here.
    const location = await createLocation(db, { name: 'Brudd skole', maxPendingHours: 2000, maxPendingApplications: 500 });
    await setOpeningHours(db, location.id, '08:00', '23:00');
    rooms = [];
    for (const name of ['Gymsal', 'Aula', 'Musikkrom', 'Bibliotek']) rooms.push((await createAsset(db, location.id, { name })).id);
    tokens = await Promise.all(testCitizens.slice(0, 4).map(async (c) => (await loginAs(ctx.app, c)).accessToken));
  });
  afterAll(() => ctx.close());

  /** Ends every connection of the app's database from outside its pool; the number ended. */
  async function terminateAll(): Promise<number> {
    const [{ name }] = (await queryRows<{ name: string }>(ctx.database.db, sql`select current_database() as name`)) as [{ name: string }];
    const outside = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await outside.connect();
    try {
      const result = await outside.query<{ n: number }>(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return result.rows[0]!.n;
    } finally {
      await outside.end();
    }
  }

  it('answers 201 or 409 to every booking, never 503, and writes each answered booking once', async () => {
    const retriesBefore =
      writeTransactionStats().reconnects +
      writeTransactionStats().lostCommitsCommitted +
      writeTransactionStats().lostCommitsRolledBack +
      readRetryStats().readRetries;
    const date = inDays(9);
    const book = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: bearer(tokens[i % tokens.length]!),
        payload: {
          availabilityData: {
            probablyAvailable: [
              {
                bookableAssetId: rooms[i % rooms.length]!,
                datesAndTimes: [
                  {
                    date,
                    startTime: `${String(8 + (Math.floor(i / rooms.length) % 14)).padStart(2, '0')}:00:00`,
                    duration: 'PT1H',
                    initialRepetitionDate: null,
                  },
                ],
              },
            ],
          },
          isRepeating: false,
          bookingPortalClient: 'PUBLIC',
          bookingPurpose: 'PUBLICUSER_LOAN',
          formAnswers: {
            activity: 'Trening',
            purpose: 'Trening',
            participants: 10,
            contactEmail: 'lag@example.no',
            contactPhone: '41234567',
          },
        },
      });
    let running = true;
    let terminated = 0;
    const blips = (async () => {
      if (engine !== 'postgres') return;
      // Two blips while the bookings are in flight, so some connections die mid-transaction (and
      // some transactions twice; MAX_CONNECTION_ATTEMPTS is 3).
      for (let blip = 0; blip < 2 && running; blip++) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (running) terminated += await terminateAll();
      }
    })();
    const answers = await Promise.all(Array.from({ length: BOOKINGS }, (_, i) => book(i)));
    running = false;
    await blips;

    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      answers
        .filter((a) => a.statusCode >= 500)
        .map((a) => a.body)
        .join('\n'),
    ).toEqual([]);
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json<{ bookingId: number }>().bookingId);
    expect(created.length).toBeGreaterThan(0);
    const written = await queryRows<{ id: number; mails: number }>(
      ctx.database.db,
      sql`select b.id, (select count(*)::int from mail_outbox m where (m.topic ->> 'bookingId')::int = b.id) as mails
      from bookings b where b.location_id = (select location_id from bookable_assets where id = ${rooms[0]!}) order by b.id`,
    );
    expect(written.map((w) => w.id)).toEqual([...created].sort((a, b) => a - b));
    expect(written.every((w) => w.mails <= 1)).toBe(true);
    const [overlaps] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from reservations a join reservations b
      on a.bookable_asset_id = b.bookable_asset_id and a.id < b.id and a.period && b.period
      where a.status in ('UNPROCESSED', 'APPROVED') and b.status in ('UNPROCESSED', 'APPROVED')`,
    );
    expect(overlaps!.n).toBe(0);
    if (engine === 'postgres') {
      expect(terminated).toBeGreaterThan(0);
      const retries =
        writeTransactionStats().reconnects +
        writeTransactionStats().lostCommitsCommitted +
        writeTransactionStats().lostCommitsRolledBack +
        readRetryStats().readRetries;
      // The blips hit work in flight (else this test would prove nothing).
      expect(retries - retriesBefore).toBeGreaterThan(0);
    }
  });
});
