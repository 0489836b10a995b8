import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { openingHourPeriods } from '../../db/schema/location-setup';
import { openingHours } from '../../db/schema/schedule';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addClosedDate, addReservation, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { countingDb } from '../../../test/counting-db';
import { findOwnReservationIds, findRooms, loadRoomCalendars } from './repository';

describe('room calendars repository', () => {
  let ctx: TestContext;
  let locationId: number;
  let rooms: number[];
  let userId: number;
  let lateReservation: number;
  let longLoan: number;
  const day = inDays(10);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db)).id;
    await setOpeningHours(db, locationId, '16:00', '22:00');
    rooms = [];
    for (let i = 0; i < 10; i++) rooms.push((await createAsset(db, locationId)).id);
    // Room 0 has its own hours on the weekday of `day` only.
    await setOpeningHours(db, locationId, '08:00', '23:00', { bookableAssetId: rooms[0]!, weekdays: [isoWeekday(day)] });
    await addClosedDate(db, locationId, day);
    await addClosedDate(db, locationId, inDays(40));
    await addBlockedTime(db, rooms[1]!, day, '18:00', 60);
    userId = (await createUser(db)).id;
    // 23:00 the day before, for three hours: it takes the first two hours of `day`.
    lateReservation = (
      await addReservation(db, {
        locationId,
        userId,
        bookableAssetId: rooms[0]!,
        date: inDays(9),
        startTime: '23:00',
        durationMinutes: 180,
      })
    ).reservationId;
    await addReservation(db, {
      locationId,
      userId,
      bookableAssetId: rooms[0]!,
      date: day,
      startTime: '16:00',
      durationMinutes: 60,
      status: 'REJECTED',
    });
    // A loan of three days that began three days before still holds `day`; one that ended days before does not.
    longLoan = (
      await addReservation(db, {
        locationId,
        userId,
        bookableAssetId: rooms[3]!,
        date: inDays(7),
        startTime: '12:00',
        durationMinutes: 3 * 1440,
      })
    ).reservationId;
    await addReservation(db, { locationId, userId, bookableAssetId: rooms[3]!, date: inDays(6), startTime: '10:00', durationMinutes: 60 });
    await addReservation(db, { locationId, userId, bookableAssetId: rooms[2]!, date: inDays(30), startTime: '16:00', durationMinutes: 60 });
    // The evening before, over before midnight: not in the range.
    await addReservation(db, { locationId, userId, bookableAssetId: rooms[2]!, date: inDays(9), startTime: '20:00', durationMinutes: 60 });
    // A blocked time from the evening before that runs past midnight, and one of two days from two days before.
    await addBlockedTime(db, rooms[4]!, inDays(9), '23:00', 120);
    await addBlockedTime(db, rooms[5]!, inDays(8), '12:00', 2 * 1440);
    await addBlockedTime(db, rooms[5]!, inDays(7), '12:00', 60);
  });
  afterAll(() => ctx.close());

  it('loads one room or ten in one statement', async () => {
    const one = countingDb(ctx.database.db, ['session']);
    await loadRoomCalendars(one.db, rooms.slice(0, 1), { fromInclusive: day, toInclusive: day });
    const ten = countingDb(ctx.database.db, ['session']);
    const loaded = await loadRoomCalendars(ten.db, rooms, { fromInclusive: day, toInclusive: day });
    expect(loaded.size).toBe(10);
    expect(one.count()).toBe(ten.count());
    expect(ten.count()).toBe(1);
  });

  it("builds each room's calendar: own hours per weekday, closed dates, blocked times and active reservations of the range", async () => {
    const loaded = await loadRoomCalendars(ctx.database.db, [rooms[0]!, rooms[1]!, rooms[2]!, rooms[3]!, rooms[4]!, rooms[5]!, 999_999], {
      fromInclusive: day,
      toInclusive: day,
    });
    expect(loaded.has(999_999)).toBe(false);
    const first = loaded.get(rooms[0]!)!.calendar;
    const weekday = isoWeekday(day);
    expect(first.openingHours.filter((h) => h.weekday === weekday)).toEqual([{ weekday, opens: '08:00:00', closes: '23:00:00' }]);
    expect(first.openingHours.filter((h) => h.weekday !== weekday)).toHaveLength(6);
    expect(first.closedDates).toEqual([day]);
    // The rejected one is not active; the one from the evening before runs into the range.
    expect(first.reservations).toEqual([{ id: lateReservation, date: inDays(9), startTime: '23:00:00', duration: 'PT3H' }]);
    expect(loaded.get(rooms[1]!)!.calendar.blockedTimes).toEqual([{ date: day, startTime: '18:00:00', duration: 'PT1H' }]);
    expect(loaded.get(rooms[2]!)!.calendar.reservations).toEqual([]);
    expect(loaded.get(rooms[3]!)!.calendar.reservations).toEqual([
      { id: longLoan, date: inDays(7), startTime: '12:00:00', duration: 'PT72H' },
    ]);
    expect(loaded.get(rooms[4]!)!.calendar.blockedTimes).toEqual([{ date: inDays(9), startTime: '23:00:00', duration: 'PT2H' }]);
    expect(loaded.get(rooms[5]!)!.calendar.blockedTimes).toEqual([{ date: inDays(8), startTime: '12:00:00', duration: 'PT48H' }]);
    expect(loaded.get(rooms[1]!)!.row).toMatchObject({
      locationId,
      status: 'PUBLISHED',
      bookingFlowTheme: null,
      location: { behandlingstid: 0, status: 'PUBLISHED' },
    });
  });

  it('loads the seasonal periods that touch the range, with their hours, in the same one statement', async () => {
    const db = ctx.database.db;
    const other = (await createLocation(db)).id;
    const room = (await createAsset(db, other)).id;
    const own = (await createAsset(db, other)).id;
    await setOpeningHours(db, other, '08:00', '16:00');
    await setOpeningHours(db, other, '07:00', '23:00', { bookableAssetId: own, weekdays: [isoWeekday(day)] });
    const [summer, empty, later] = await db
      .insert(openingHourPeriods)
      .values([
        { locationId: other, name: 'Sommer', fromDate: addDays(day, -3), toDate: day },
        { locationId: other, name: 'Stengt', fromDate: addDays(day, 1), toDate: addDays(day, 2) },
        { locationId: other, name: 'Høst', fromDate: addDays(day, 30), toDate: addDays(day, 40) },
      ])
      .returning();
    await db.insert(openingHours).values([
      { locationId: other, periodId: summer!.id, weekday: isoWeekday(day), opens: '10:00', closes: '12:00' },
      { locationId: other, periodId: later!.id, weekday: isoWeekday(day), opens: '10:00', closes: '11:00' },
    ]);
    const counting = countingDb(db, ['session']);
    const loaded = await loadRoomCalendars(counting.db, [room, own], { fromInclusive: day, toInclusive: addDays(day, 5) });
    expect(counting.count()).toBe(1);
    const calendar = loaded.get(room)!.calendar;
    // The autumn period lies outside the range: neither it nor its hours are read.
    expect(calendar.openingPeriods).toEqual([
      { fromDate: summer!.fromDate, toDate: summer!.toDate },
      { fromDate: empty!.fromDate, toDate: empty!.toDate },
    ]);
    expect(calendar.openingHours.filter((h) => h.fromDate)).toEqual([
      { weekday: isoWeekday(day), opens: '10:00:00', closes: '12:00:00', fromDate: summer!.fromDate, toDate: summer!.toDate },
    ]);
    expect(calendar.openingHours.filter((h) => !h.fromDate)).toHaveLength(7);
    // A room's own standard hours replace the location's standard ones only; the period still applies to it.
    const ownCalendar = loaded.get(own)!.calendar;
    expect(ownCalendar.openingHours.filter((h) => !h.fromDate && h.weekday === isoWeekday(day))).toEqual([
      { weekday: isoWeekday(day), opens: '07:00:00', closes: '23:00:00' },
    ]);
    expect(ownCalendar.openingHours.filter((h) => h.fromDate)).toHaveLength(1);
  });

  it('gives each room the same row as findRooms', async () => {
    const loaded = await loadRoomCalendars(ctx.database.db, rooms, { fromInclusive: day, toInclusive: day });
    const found = await findRooms(ctx.database.db, rooms);
    expect(found).toHaveLength(rooms.length);
    for (const row of found) expect(loaded.get(row.id)!.row).toStrictEqual(row);
  });

  it("finds only the reservations of the person's own bookings", async () => {
    const stranger = (await createUser(ctx.database.db)).id;
    expect(await findOwnReservationIds(ctx.database.db, userId, [lateReservation, 999_999])).toEqual([lateReservation]);
    expect(await findOwnReservationIds(ctx.database.db, stranger, [lateReservation])).toEqual([]);
  });
});
