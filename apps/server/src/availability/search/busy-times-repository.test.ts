import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addReservation } from '../../../test/factories/calendar';
import { findBusyTimes, findCrowdedBusyTimes, readsByRoom, type BusyRow, type CrowdedDaysQuery } from './busy-times-repository';

/**
 * The database side of the city-wide search's pre-filter: a room's date comes back (with all its
 * busy rows) exactly when the slots its pieces touch plus a duration per piece exceed the budget.
 */
describe('busy times repository', () => {
  let ctx: TestContext;
  let room: number;
  let quiet: number;
  const date = '2031-06-11';
  const slots = 4;
  const budgetOn = (budget: number | null) => [null, null, budget, null, null, null, null];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const location = await createLocation(db);
    const userId = (await createUser(db)).id;
    room = (await createAsset(db, location.id)).id;
    quiet = (await createAsset(db, location.id)).id;
    const reserve = (startTime: string, durationMinutes: number, status: 'APPROVED' | 'REJECTED' = 'APPROVED', on = date) =>
      addReservation(db, { locationId: location.id, userId, bookableAssetId: room, date: on, startTime, durationMinutes, status });
    // A Wednesday. 16:00–17:00 touches 4 slots, 17:10–19:00 touches 8 (17:00–19:00).
    await reserve('16:00', 60);
    await reserve('17:10', 110);
    // Not active: counts for nothing.
    await reserve('19:00', 180, 'REJECTED');
    // The evening before runs into the night: it is found from the earlier date too.
    await reserve('23:30', 60, 'APPROVED', '2031-06-10');
    await addBlockedTime(db, quiet, '2031-06-12', '10:00', 60);
    // A loan of three days from the 20th: still running on the 22nd.
    await addReservation(db, {
      locationId: location.id,
      userId,
      bookableAssetId: quiet,
      date: '2031-06-20',
      startTime: '12:00',
      durationMinutes: 3 * 1440,
    });
    await addBlockedTime(db, quiet, '2031-06-19', '08:00', 4 * 1440);
  });
  afterAll(() => ctx.close());

  const ids = (rows: BusyRow[]) => rows.map((r) => `${r.kind}:${r.date} ${r.startTime.slice(0, 5)} ${r.durationMinutes}`).sort();
  // The busy sums read date by date (every room's, many rooms) and room by room (a filter): the same rows.
  describe.each(['by-date', 'by-room'] as const)('reading the busy sums %s', (reads) => {
    const crowded = (budget: number | null, special: string[] = []) =>
      findCrowdedBusyTimes(ctx.database.db, {
        dates: [date],
        specialDates: new Set(special),
        rooms: [{ room, budgets: budgetOn(budget) }],
        durationSlots: slots,
        reads,
      }).then((r) => r.rows);

    it('keeps a date whose pieces exceed the budget, with every active row that touches it', async () => {
      // 12 + 2·4 = 20, plus the evening before: it counts its whole hour (4 slots) + 4 = 28.
      expect(await crowded(28)).toEqual([]);
      expect(ids(await crowded(27))).toEqual(['r:2031-06-10 23:30 60', 'r:2031-06-11 16:00 60', 'r:2031-06-11 17:10 110']);
    });

    it('keeps a special date whatever the budget, and never a weekday where nothing fits', async () => {
      expect(ids(await crowded(1000, [date]))).toHaveLength(3);
      expect(await crowded(null, [date])).toEqual([]);
      expect(await crowded(null)).toEqual([]);
    });

    it('counts blocked times and reads them from the date of the earliest piece', async () => {
      const { rows } = await findCrowdedBusyTimes(ctx.database.db, {
        dates: ['2031-06-12'],
        specialDates: new Set(),
        rooms: [{ room: quiet, budgets: [null, null, null, 0, null, null, null] }],
        durationSlots: slots,
        reads,
      });
      expect(ids(rows)).toEqual(['b:2031-06-12 10:00 60']);
    });

    it("leaves a crowded date's rows out when a gap between its pieces holds the duration inside the opening span", async () => {
      const spanned = (start: number, end: number, special: string[] = []) =>
        findCrowdedBusyTimes(ctx.database.db, {
          dates: [date],
          specialDates: new Set(special),
          rooms: [{ room, budgets: budgetOn(27), openSpans: [null, null, { start, end }, null, null, null, null] }],
          durationSlots: slots,
          reads,
        }).then((r) => r.rows);
      // 16:00–22:00: busy 16:00–17:00 and 17:10–19:00, so 19:00–20:00 fits.
      expect(await spanned(960, 1320)).toEqual([]);
      // 16:00–19:45: 17:00–17:10 and 19:00–19:45 are too short, so the rules must look.
      expect(ids(await spanned(960, 1185))).toHaveLength(3);
      // 00:00–01:30: the evening before runs to 00:30, and 00:30–01:30 fits; to 01:15 it does not.
      expect(await spanned(0, 90)).toEqual([]);
      expect(ids(await spanned(0, 75))).toHaveLength(3);
      // A special date is never decided here.
      expect(ids(await spanned(960, 1320, [date]))).toHaveLength(3);
    });

    it("decides the gap before a date's first piece from its sums, within the span's end", async () => {
      // The 12th (a Thursday) holds one piece, blocked 10:00–11:00: its earliest start is on the date.
      const spanned = (start: number, end: number) =>
        findCrowdedBusyTimes(ctx.database.db, {
          dates: ['2031-06-12'],
          specialDates: new Set(),
          rooms: [
            {
              room: quiet,
              budgets: [null, null, null, 0, null, null, null],
              openSpans: [null, null, null, { start, end }, null, null, null],
            },
          ],
          durationSlots: slots,
          reads,
        }).then((r) => ids(r.rows));
      // 08:00–12:00 and 09:00–10:00: the hour before 10:00 fits.
      expect(await spanned(480, 720)).toEqual([]);
      expect(await spanned(540, 600)).toEqual([]);
      // 09:00–09:45: the piece starts an hour after the span opens, but the span closes first.
      expect(await spanned(540, 585)).toEqual(['b:2031-06-12 10:00 60']);
      // 09:15–10:30: 45 minutes before the piece, none after it.
      expect(await spanned(555, 630)).toEqual(['b:2031-06-12 10:00 60']);
    });

    it('reads only the searched dates of the period, and only the rooms asked for', async () => {
      // The 10th and the 12th lie in the period from the 10th to the 12th but are not searched.
      const { rows } = await findCrowdedBusyTimes(ctx.database.db, {
        dates: ['2031-06-10', '2031-06-12'],
        specialDates: new Set(['2031-06-10', '2031-06-12']),
        rooms: [{ room, budgets: [0, 0, 0, 0, 0, 0, 0] }],
        durationSlots: slots,
        reads,
      });
      expect(ids(rows)).toEqual(['r:2031-06-10 23:30 60']);
    });
  });

  it('reads by room when the rooms asked for are few against the dates searched, else by date', () => {
    const rooms = (ids: number[]) => ids.map((id) => ({ room: id, budgets: budgetOn(0) }));
    const query = (roomIds: number[], dates: string[]): CrowdedDaysQuery => ({
      dates,
      specialDates: new Set(),
      rooms: rooms(roomIds),
      durationSlots: slots,
    });
    const mondays = Array.from({ length: 52 }, (_, i) => new Date(Date.UTC(2031, 0, 6 + 7 * i)).toISOString().slice(0, 10));
    // 1 room in 27 (ids 1–270): by room for one date and for a weekly pattern.
    const narrow = Array.from({ length: 10 }, (_, i) => 1 + 27 * i).concat([270]);
    expect(readsByRoom(query(narrow, ['2031-06-11']))).toBe(true);
    expect(readsByRoom(query(narrow, mondays))).toBe(true);
    // Every room: by date.
    const all = Array.from({ length: 270 }, (_, i) => i + 1);
    expect(readsByRoom(query(all, ['2031-06-11']))).toBe(false);
    expect(readsByRoom(query(all, mondays))).toBe(false);
    // Half the rooms over a weekly pattern: a room's period holds seven times the searched dates.
    expect(
      readsByRoom(
        query(
          all.filter((id) => id % 2 === 0),
          mondays,
        ),
      ),
    ).toBe(false);
  });

  it('reads every busy row of a few rooms in a period, active reservations and blocked times', async () => {
    expect(ids(await findBusyTimes(ctx.database.db, [room, quiet], '2031-06-11', '2031-06-12'))).toEqual([
      'b:2031-06-12 10:00 60',
      'r:2031-06-10 23:30 60',
      'r:2031-06-11 16:00 60',
      'r:2031-06-11 17:10 110',
    ]);
    expect(await findBusyTimes(ctx.database.db, [quiet], '2031-06-13', '2031-06-18')).toEqual([]);
    // Rows that started days before the period and still run in it.
    expect(ids(await findBusyTimes(ctx.database.db, [quiet], '2031-06-22', '2031-06-25'))).toEqual([
      'b:2031-06-19 08:00 5760',
      'r:2031-06-20 12:00 4320',
    ]);
    expect(ids(await findBusyTimes(ctx.database.db, [quiet], '2031-06-24', '2031-06-25'))).toEqual([]);
  });
});
