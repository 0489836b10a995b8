import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, truncateAll } from '../../test/test-db';
import { createAsset, createBooking, createLocation, createUser } from '../../test/factories/places';
import { queryRows, type Database } from './client';
import { insertReservations } from '../bookings/bookings';
import { blockedTimes } from './schema/schedule';
import { createRandom } from '../seed/prng';

interface SummaryRow extends Record<string, unknown> {
  room: number;
  date: string;
  pieces: number;
  slots: number;
  earliest: string;
}

const earliestUtc = sql`to_char(earliest at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')`;

/** room_day_busy as the triggers left it (rows whose pieces all went away are left out). */
async function kept(database: Database): Promise<SummaryRow[]> {
  return queryRows<SummaryRow>(
    database.db,
    sql`
    select bookable_asset_id as room, date::text as date, pieces, slots, ${earliestUtc} as earliest
    from room_day_busy where pieces <> 0 order by 1, 2`,
  );
}

/** The same sums computed afresh from the pieces, as room_day_busy_rebuild does. */
async function recomputed(database: Database): Promise<SummaryRow[]> {
  return queryRows<SummaryRow>(
    database.db,
    sql`
    select p.room, d::text as date, count(*)::int as pieces, sum(room_day_busy_slots(p.period))::int as slots,
      to_char(min(lower(p.period)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as earliest
    from (
      select bookable_asset_id as room, period from reservations where status in ('UNPROCESSED', 'APPROVED')
      union all select bookable_asset_id, period from blocked_times
    ) p cross join lateral room_day_busy_dates(p.period) as d
    group by p.room, d order by 1, 2`,
  );
}

describe('room_day_busy (per room-date busy sums kept by triggers)', () => {
  let database: Database;
  let rooms: number[];
  let bookingId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    await truncateAll(database);
    const location = await createLocation(database.db);
    rooms = [];
    for (let i = 0; i < 3; i++) rooms.push((await createAsset(database.db, location.id)).id);
    bookingId = (await createBooking(database.db, location.id, (await createUser(database.db)).id)).id;
  });

  it('counts a piece on every date whose window (the day ± 2 hours) it touches, with the slots it touches', async () => {
    const [room] = rooms as [number];
    // 16:00–17:15 in winter (UTC+1): one date, five slots.
    await insertReservations(database.db, [
      { bookingId, bookableAssetId: room, date: '2027-01-12', startTime: '16:00', durationMinutes: 75, status: 'UNPROCESSED' },
    ]);
    // 23:00 for three hours: its own date and the next one.
    await insertReservations(database.db, [
      { bookingId, bookableAssetId: room, date: '2027-01-14', startTime: '23:00', durationMinutes: 180, status: 'APPROVED' },
    ]);
    // A cancelled one holds nothing; a blocked time counts like a reservation.
    await insertReservations(database.db, [
      { bookingId, bookableAssetId: room, date: '2027-01-12', startTime: '18:00', durationMinutes: 60, status: 'CANCELLED' },
    ]);
    await database.db.insert(blockedTimes).values({ bookableAssetId: room, date: '2027-01-12', startTime: '18:10', durationMinutes: 20 });
    expect(await kept(database)).toEqual([
      // The blocked time 18:10–18:30 touches the slots 18:00 and 18:15.
      { room, date: '2027-01-12', pieces: 2, slots: 5 + 2, earliest: '2027-01-12T15:00Z' },
      { room, date: '2027-01-14', pieces: 1, slots: 12, earliest: '2027-01-14T22:00Z' },
      { room, date: '2027-01-15', pieces: 1, slots: 12, earliest: '2027-01-14T22:00Z' },
    ]);
  });

  it('follows inserts, status changes, moves and deletes of reservations and blocked times', async () => {
    // Seeded (mulberry32, as the demo data): a failure repeats.
    const next = createRandom(20_270_328).next;
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
    // Around the spring-forward and fall-back Sundays of 2027, and ordinary days.
    const dates = ['2027-03-27', '2027-03-28', '2027-03-29', '2027-10-30', '2027-10-31', '2027-11-01', '2027-06-15'];
    const statuses = ['UNPROCESSED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
    // Two-hour lanes from 00:00 and at most two hours long: active reservations of a room never
    // overlap (the exclusion constraint), whatever the moves below do.
    const lanes = ['00:00', '02:00', '04:00', '10:00', '16:00', '18:00', '20:00', '22:00'];
    const used = new Set<string>();
    const freeLane = (room: number) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const key = `${room} ${pick(dates)} ${pick(lanes)}`;
        if (!used.has(key)) {
          used.add(key);
          const [, date, startTime] = key.split(' ') as [string, string, string];
          return { date, startTime, key };
        }
      }
      return null;
    };
    const reservations: { id: number; room: number; key: string }[] = [];
    const blocked: number[] = [];
    for (let step = 0; step < 120; step++) {
      const room = pick(rooms);
      const action = next();
      if (action < 0.35 || reservations.length === 0) {
        const lane = freeLane(room);
        if (!lane) continue;
        const [row] = await insertReservations(database.db, [
          {
            bookingId,
            bookableAssetId: room,
            date: lane.date,
            startTime: lane.startTime,
            durationMinutes: pick([15, 30, 60, 105, 120]),
            status: pick(statuses),
          },
        ]);
        reservations.push({ id: row!.id, room, key: lane.key });
      } else if (action < 0.55) {
        await database.db.execute(sql`update reservations set status = ${pick(statuses)} where id = ${pick(reservations).id}`);
      } else if (action < 0.65) {
        const moved = pick(reservations);
        const lane = freeLane(moved.room);
        if (!lane) continue;
        used.delete(moved.key);
        moved.key = lane.key;
        await database.db.execute(sql`update reservations set date = ${lane.date}, start_time = ${lane.startTime} where id = ${moved.id}`);
      } else if (action < 0.72) {
        const gone = reservations.splice(Math.floor(next() * reservations.length), 1)[0]!;
        used.delete(gone.key);
        await database.db.execute(sql`delete from reservations where id = ${gone.id}`);
      } else if (action < 0.85 || blocked.length === 0) {
        // Blocked times may overlap anything, and last days.
        const [row] = await database.db
          .insert(blockedTimes)
          .values({
            bookableAssetId: room,
            date: pick(dates),
            startTime: pick(['00:30', '01:45', '09:00', '21:50', '23:15']),
            durationMinutes: pick([10, 45, 200, 1440, 2 * 1440 + 30]),
          })
          .returning({ id: blockedTimes.id });
        blocked.push(row!.id);
      } else if (action < 0.93) {
        await database.db.execute(
          sql`update blocked_times set date = ${pick(dates)}, duration_minutes = ${pick([15, 90, 600])} where id = ${pick(blocked)}`,
        );
      } else {
        const id = blocked.splice(Math.floor(next() * blocked.length), 1)[0]!;
        await database.db.execute(sql`delete from blocked_times where id = ${id}`);
      }
    }
    const fresh = await recomputed(database);
    expect(fresh.length).toBeGreaterThan(10);
    const rows = await kept(database);
    // Pieces and slots exactly; `earliest` never later than the earliest piece left (it only moves back).
    expect(rows.map(({ earliest: _, ...r }) => r)).toEqual(fresh.map(({ earliest: _, ...r }) => r));
    rows.forEach((row, i) => expect(row.earliest <= fresh[i]!.earliest).toBe(true));
    // Rebuilding gives the fresh sums, earliest included.
    await database.db.execute(sql`select room_day_busy_rebuild()`);
    expect(await kept(database)).toEqual(fresh);
  });

  it('leaves the sums alone when an update does not move the busy time', async () => {
    const [room] = rooms as [number];
    const [row] = await insertReservations(database.db, [
      { bookingId, bookableAssetId: room, date: '2027-01-12', startTime: '16:00', durationMinutes: 60, status: 'UNPROCESSED' },
    ]);
    const before = await kept(database);
    await database.db.execute(sql`update reservations set status = 'APPROVED', updated_at = now() where id = ${row!.id}`);
    expect(await kept(database)).toEqual(before);
    await database.db.execute(sql`update reservations set status = 'REJECTED' where id = ${row!.id}`);
    expect(await kept(database)).toEqual([]);
    expect(before).toEqual([{ room, date: '2027-01-12', pieces: 1, slots: 4, earliest: '2027-01-12T15:00Z' }]);
  });
  it('sums whole statements: many rows inserted, updated (some moved, some activated, some ended) and deleted at once', async () => {
    const weeks = Array.from(
      { length: 20 },
      (_, i) => `2027-${String(1 + Math.floor(i / 4)).padStart(2, '0')}-${String(5 + (i % 4) * 7).padStart(2, '0')}`,
    );
    const rows = rooms.flatMap((room, r) =>
      weeks.map((date, i) => ({
        bookingId,
        bookableAssetId: room,
        date,
        startTime: r === 0 ? '17:00' : '23:00',
        durationMinutes: 120,
        status: (['IN_ROUND', 'UNPROCESSED', 'APPROVED', 'CANCELLED'] as const)[(i + r) % 4],
      })),
    );
    await insertReservations(database.db, rows);
    const same = async () => {
      const fresh = await recomputed(database);
      expect((await kept(database)).map(({ earliest: _, ...r }) => r)).toEqual(fresh.map(({ earliest: _, ...r }) => r));
      return fresh;
    };
    expect((await same()).length).toBeGreaterThan(20);
    // As closing a round does: the collected dates approved, others moved to another room and time, others ended.
    await database.db.execute(
      sql`update reservations set status = 'APPROVED' where status = 'IN_ROUND' and bookable_asset_id = ${rooms[0]!}`,
    );
    await database.db.execute(
      sql`update reservations set bookable_asset_id = ${rooms[2]!}, start_time = '08:00', status = 'APPROVED' where status = 'IN_ROUND'`,
    );
    await database.db.execute(sql`update reservations set status = 'REJECTED' where status = 'UNPROCESSED'`);
    await database.db.execute(sql`update reservations set updated_at = now()`);
    await same();
    await database.db.execute(sql`delete from reservations where bookable_asset_id <> ${rooms[1]!}`);
    await same();
    await database.db.execute(sql`delete from reservations`);
    expect(await kept(database)).toEqual([]);
  });
});
