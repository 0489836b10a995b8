import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, truncateAll } from '../../test/test-db';
import { createAsset, createBooking, createLocation, createUser } from '../../test/factories/places';
import { sqlState } from '../http/error-handler';
import { queryRows, type Database } from './client';
import { osloPeriodOf } from './reservation-repository';
import { insertReservations, type NewReservation } from '../bookings/bookings';

/** Instants as UTC ISO strings, independent of the session's TimeZone. */
async function instants(database: Database, id: number) {
  const [row] = await queryRows<{ lower: string; upper: string }>(
    database.db,
    sql`
    select to_char(lower(period) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as lower,
           to_char(upper(period) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as upper
    from reservations where id = ${id}`,
  );
  return row!;
}

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return sqlState(error);
  }
  return 'accepted';
}

describe('no double booking (exclusion constraint on reservations)', () => {
  let database: Database;
  let roomA: number;
  let roomB: number;
  let bookingId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    await truncateAll(database);
    const location = await createLocation(database.db);
    roomA = (await createAsset(database.db, location.id)).id;
    roomB = (await createAsset(database.db, location.id)).id;
    const user = await createUser(database.db);
    bookingId = (await createBooking(database.db, location.id, user.id)).id;
  });

  const at = (fields: Partial<NewReservation>): NewReservation => ({
    bookingId,
    bookableAssetId: roomA,
    date: '2031-05-06',
    startTime: '10:00:00',
    durationMinutes: 120,
    ...fields,
  });

  it('refuses an overlapping active reservation of the same room with SQLSTATE 23P01', async () => {
    await insertReservations(database.db, [at({ status: 'APPROVED' })]);
    expect(await refusal(insertReservations(database.db, [at({ startTime: '11:30:00', durationMinutes: 60 })]))).toBe('23P01');
    expect(await refusal(insertReservations(database.db, [at({ startTime: '09:00:00', durationMinutes: 300, status: 'APPROVED' })]))).toBe(
      '23P01',
    );
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from reservations`);
    expect(count!.n).toBe(1);
  });

  it('refuses two overlapping times within one insert, leaving nothing behind', async () => {
    expect(await refusal(insertReservations(database.db, [at({}), at({ startTime: '11:00:00' })]))).toBe('23P01');
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from reservations`);
    expect(count!.n).toBe(0);
  });

  it('accepts a touching reservation (one ends when the next starts)', async () => {
    await insertReservations(database.db, [at({})]);
    const [after] = await insertReservations(database.db, [at({ startTime: '12:00:00' })]);
    const [before] = await insertReservations(database.db, [at({ startTime: '09:00:00', durationMinutes: 60 })]);
    expect(after!.status).toBe('UNPROCESSED');
    expect(before!.id).toBeGreaterThan(after!.id);
  });

  it('accepts the same time in a different room', async () => {
    await insertReservations(database.db, [at({})]);
    expect(await refusal(insertReservations(database.db, [at({ bookableAssetId: roomB })]))).toBe('accepted');
  });

  it('accepts overlaps when either side is not active, and refuses reactivating into a conflict', async () => {
    await insertReservations(database.db, [at({ status: 'APPROVED' })]);
    for (const status of ['CANCELLED', 'REJECTED', 'AUTOREJECTED', 'REPLACED', 'UNAVAILABLE'] as const) {
      expect(await refusal(insertReservations(database.db, [at({ status })]))).toBe('accepted');
    }
    // Turning a cancelled one back into an application is checked too.
    const update = database.db.execute(sql`update reservations set status = 'UNPROCESSED' where status = 'CANCELLED'`);
    expect(await refusal(update)).toBe('23P01');
  });

  it('refuses a changed time that moves onto another active reservation', async () => {
    await insertReservations(database.db, [at({})]);
    const [other] = await insertReservations(database.db, [at({ startTime: '14:00:00' })]);
    const move = database.db.execute(sql`update reservations set start_time = '11:00' where id = ${other!.id}`);
    expect(await refusal(move)).toBe('23P01');
  });

  it('derives the instant range in Europe/Oslo on an ordinary day (CEST, UTC+2)', async () => {
    const [r] = await insertReservations(database.db, [at({ date: '2031-06-10', startTime: '18:00', durationMinutes: 90 })]);
    expect(await instants(database, r!.id)).toEqual({ lower: '2031-06-10T16:00Z', upper: '2031-06-10T17:30Z' });
  });

  it('is right across the spring-forward change (last Sunday of March): 3 h from 01:00 ends 05:00 local', async () => {
    const [r] = await insertReservations(database.db, [at({ date: '2031-03-30', startTime: '01:00', durationMinutes: 180 })]);
    // 01:00 CET = 00:00Z; three real hours later is 03:00Z = 05:00 CEST.
    expect(await instants(database, r!.id)).toEqual({ lower: '2031-03-30T00:00Z', upper: '2031-03-30T03:00Z' });
  });

  it('is right across the fall-back change (last Sunday of October)', async () => {
    const [r] = await insertReservations(database.db, [at({ date: '2031-10-26', startTime: '01:30', durationMinutes: 120 })]);
    // 01:30 CEST = 23:30Z the day before; two real hours later is 01:30Z = 02:30 CET.
    expect(await instants(database, r!.id)).toEqual({ lower: '2031-10-25T23:30Z', upper: '2031-10-26T01:30Z' });
    // A booking 02:30–03:30 local (CET, 01:30Z–02:30Z) therefore touches it and is accepted…
    expect(await refusal(insertReservations(database.db, [at({ date: '2031-10-26', startTime: '02:30', durationMinutes: 60 })]))).toBe(
      'accepted',
    );
    // …while 02:00–03:00 local (CET, 01:00Z–02:00Z) overlaps the last half hour and is refused.
    expect(await refusal(insertReservations(database.db, [at({ date: '2031-10-26', startTime: '02:00', durationMinutes: 60 })]))).toBe(
      '23P01',
    );
  });

  it('osloPeriodOf gives the same range as the stored column, for availability checks', async () => {
    const [r] = await insertReservations(database.db, [at({ date: '2031-03-30', startTime: '01:00', durationMinutes: 180 })]);
    const [row] = await queryRows<{ same: boolean; overlaps: boolean }>(
      database.db,
      sql`
      select period = ${osloPeriodOf('2031-03-30', '01:00', 180)} as same,
             period && ${osloPeriodOf('2031-03-30', '04:30', 30)} as overlaps
      from reservations where id = ${r!.id}`,
    );
    expect(row).toEqual({ same: true, overlaps: true });
  });
});
