import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { queryRows, type Database } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { createTestDatabase, truncateAll } from '../../../test/test-db';
import { FakeClock } from '../../../test/fake-clock';
import { applicantBooking, citizenSession } from '../../../test/factories/applicant';
import { inDays } from '../../../test/factories/calendar';
import { createWeddingVenue, takeWeddingTimes, weddingTime } from '../../../test/factories/wedding';
import { EXPIRE_WEDDING_HOLDS_JOB, expireWeddingHolds } from './expire-wedding-holds';

const MINUTE = 60_000;
const day = inDays(40);

/**
 * The hold-expiry job (decision 012) on the job runner with a fake clock: holds run out only when
 * the clock says so, a restarted process carries on, and two processes never both act on a booking.
 */
describe('expiring wedding holds', () => {
  let database: Database;
  let clock: FakeClock;
  const apps: App[] = [];
  let roomId: number;
  let locationId: number;

  const startApp = async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
    const app = await buildApp({ config, database, logger: false, jobs: { run: false, clock } });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  beforeEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await truncateAll(database);
    clock = new FakeClock(new Date());
    ({ roomId, locationId } = await createWeddingVenue(database.db));
  });

  const bookings = () =>
    queryRows<{ id: number; status: string; held: boolean; rejections: number; times: string }>(
      database.db,
      sql`
    select b.id, b.status::text, b.hold_expires_at is not null as held,
      (select count(*)::int from change_log c where c.booking_id = b.id and c.type = 'BookingRejection' and c.user_name = 'System') as rejections,
      (select string_agg(r.status::text, ',') from reservations r where r.booking_id = b.id) as times
    from bookings b order by b.id`,
    );

  it('lets an unsent hold go when the clock passes its end, and then the time is free for somebody else', async () => {
    const app = await startApp();
    const kari = await citizenSession(app, testCitizens[0]!);
    expect((await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')])).statusCode).toBe(201);

    clock.advance(29 * MINUTE);
    await app.jobs.tick();
    expect(await bookings()).toMatchObject([{ status: 'UNPROCESSED', held: true, rejections: 0, times: 'UNPROCESSED' }]);

    clock.advance(2 * MINUTE);
    expect(await app.jobs.tick()).toMatchObject({ ran: expect.arrayContaining([EXPIRE_WEDDING_HOLDS_JOB]), failed: [] });
    expect(await bookings()).toMatchObject([{ status: 'AUTOREJECTED', held: false, rejections: 1, times: 'AUTOREJECTED' }]);

    const amina = await citizenSession(app, testCitizens[3]!);
    expect((await takeWeddingTimes(amina, roomId, [weddingTime(day, '11:00:00')])).statusCode).toBe(201);
  });

  it('leaves a sent form, another booking and an unexpired hold alone', async () => {
    const db = database.db;
    const now = clock.now();
    const sent = await applicantBooking(db, {
      locationId,
      userId: null,
      sourceForm: 'wedding',
      times: [{ bookableAssetId: roomId, date: day, startTime: '11:00:00', durationMinutes: 30 }],
    });
    const waiting = await applicantBooking(db, {
      locationId,
      userId: null,
      sourceForm: 'wedding',
      times: [{ bookableAssetId: roomId, date: day, startTime: '12:00:00', durationMinutes: 30 }],
    });
    const expired = await applicantBooking(db, {
      locationId,
      userId: null,
      sourceForm: 'wedding',
      times: [{ bookableAssetId: roomId, date: day, startTime: '13:00:00', durationMinutes: 30 }],
    });
    await db.execute(sql`update bookings set hold_expires_at = case id
      when ${waiting.id} then ${new Date(now.getTime() + MINUTE).toISOString()}::timestamptz
      when ${expired.id} then ${new Date(now.getTime() - MINUTE).toISOString()}::timestamptz end
      where id in (${waiting.id}, ${expired.id})`);
    expect(await expireWeddingHolds(db, now)).toEqual({ autorejected: [expired.id] });
    expect((await bookings()).map((b) => [b.id, b.status])).toEqual([
      [sent.id, 'UNPROCESSED'],
      [waiting.id, 'UNPROCESSED'],
      [expired.id, 'AUTOREJECTED'],
    ]);
    // Run again: nothing more to do, no second log entry.
    expect(await expireWeddingHolds(db, now)).toEqual({ autorejected: [] });
    expect((await bookings()).map((b) => b.rejections)).toEqual([0, 0, 1]);
  });

  it('survives a restart: the hold is in the database, and the next process lets it go', async () => {
    const first = await startApp();
    const kari = await citizenSession(first, testCitizens[0]!);
    expect((await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')])).statusCode).toBe(201);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    clock.advance(31 * MINUTE);
    const second = await startApp();
    await second.jobs.tick();
    expect(await bookings()).toMatchObject([{ status: 'AUTOREJECTED', held: false, rejections: 1 }]);
  });

  it('two app instances at once act on each expired booking exactly once', async () => {
    const both = [await startApp(), await startApp()];
    const db = database.db;
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const start = `${String(10 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}:00`;
      ids.push(
        (
          await applicantBooking(db, {
            locationId,
            userId: null,
            sourceForm: 'wedding',
            times: [{ bookableAssetId: roomId, date: day, startTime: start, durationMinutes: 15 }],
          })
        ).id,
      );
    }
    await db.execute(sql`update bookings set hold_expires_at = ${new Date(clock.now().getTime() - MINUTE).toISOString()}::timestamptz`);
    const results = await Promise.all(
      both.flatMap((app) => [
        app.jobs.tick(),
        app.jobs.runNow<{ autorejected: number[] }>(EXPIRE_WEDDING_HOLDS_JOB),
        app.jobs.runNow<{ autorejected: number[] }>(EXPIRE_WEDDING_HOLDS_JOB),
      ]),
    );
    const acted = results.flatMap((r) => ('autorejected' in r ? r.autorejected : []));
    expect([...acted].sort((a, b) => a - b)).toEqual(ids);
    expect((await bookings()).every((b) => b.status === 'AUTOREJECTED' && b.rejections === 1)).toBe(true);
  });
});
