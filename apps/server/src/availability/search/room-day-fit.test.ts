import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addReservation, setOpeningHours } from '../../../test/factories/calendar';
import { queryRows } from '../../db/client';
import { bookableAssets } from '../../db/schema/assets';
import { openingHourPeriods } from '../../db/schema/location-setup';
import { reservations } from '../../db/schema/bookings';
import { openingHours, roomDayBusy } from '../../db/schema/schedule';
import { findCrowdedBusyTimes } from './busy-times-repository';

/**
 * room_day_busy.fit (decision 052): the longest run from a start on the grid that no piece touches
 * inside the room's open span, kept by the triggers as reservations, blocked times, opening hours and
 * rooms change; and the search reads a room-date's rows only where its duration is not below it.
 */
describe('the kept fit of a busy room-date', () => {
  let ctx: TestContext;
  let locationId: number;
  let room: number;
  let userId: number;
  // Wednesdays, far from any daylight-saving change; 2031-03-30 is the spring-forward Sunday.
  const date = '2031-06-11';

  const fitOf = async (on = date, of = room) => {
    const [row] = await ctx.database.db
      .select({ fit: roomDayBusy.fit })
      .from(roomDayBusy)
      .where(and(eq(roomDayBusy.bookableAssetId, of), eq(roomDayBusy.date, on)));
    return row?.fit;
  };
  const reserve = (startTime: string, durationMinutes: number, on = date) =>
    addReservation(ctx.database.db, {
      locationId,
      userId,
      bookableAssetId: room,
      date: on,
      startTime,
      durationMinutes,
      status: 'APPROVED',
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db)).id;
    userId = (await createUser(db)).id;
    await setOpeningHours(db, locationId, '16:00', '22:00');
    // Made after the hours: the room takes its location's span when it is created.
    room = (await createAsset(db, locationId)).id;
  });
  afterAll(() => ctx.close());

  it('is the longest free run on the grid inside the span, and follows every booking and cancellation', async () => {
    // 16:00–17:00 and 17:10–19:00: the run after 19:00 to 22:00 is the longest; 17:00–17:10 holds no grid start.
    await reserve('16:00', 60);
    const { reservationId } = await reserve('17:10', 110);
    expect(await fitOf()).toBe(180);
    const late = await reserve('19:00', 150);
    expect(await fitOf()).toBe(30);
    await ctx.database.db.update(reservations).set({ status: 'CANCELLED' }).where(eq(reservations.id, late.reservationId));
    expect(await fitOf()).toBe(180);
    // A blocked time counts as a reservation does; 19:05 starts the next grid start at 19:15.
    await addBlockedTime(ctx.database.db, room, date, '18:30', 35);
    expect(await fitOf()).toBe(165);
    await ctx.database.db.update(reservations).set({ status: 'REJECTED' }).where(eq(reservations.id, reservationId));
    expect(await fitOf()).toBe(165);
  });

  it('is measured again when the opening hours change or the room gets its own, and not known when a period differs', async () => {
    const db = ctx.database.db;
    const on = '2031-06-18';
    await reserve('16:00', 120, on);
    expect(await fitOf(on)).toBe(240);
    // The location's Wednesday shortened to 16:00–20:00 (a change of a row): 18:00–20:00 is left.
    await db
      .update(openingHours)
      .set({ closes: '20:00' })
      .where(and(eq(openingHours.locationId, locationId), eq(openingHours.weekday, 3)));
    expect(await fitOf(on)).toBe(120);
    // The room's own Wednesday, 17:00–23:10: the end on the grid is 23:00.
    await setOpeningHours(db, locationId, '17:00', '23:10', { bookableAssetId: room, weekdays: [3] });
    expect(await fitOf(on)).toBe(300);
    // A seasonal period with the same Wednesday: every week holds it, the span stays.
    const [period] = await db
      .insert(openingHourPeriods)
      .values({ locationId, name: 'Sommer', fromDate: '2031-07-01', toDate: '2031-08-15' })
      .returning();
    await db
      .insert(openingHours)
      .values({ locationId, bookableAssetId: room, periodId: period!.id, weekday: 3, opens: '17:00', closes: '23:10' });
    expect(await fitOf(on)).toBe(300);
    // Other hours that Wednesday in the period: the weeks disagree, so the run is not known.
    await db.update(openingHours).set({ opens: '18:30', closes: '20:00' }).where(eq(openingHours.periodId, period!.id));
    expect(await fitOf(on)).toBe(-1);
    // The same hours again but a second interval: not known either.
    await db.update(openingHours).set({ opens: '17:00', closes: '23:10' }).where(eq(openingHours.periodId, period!.id));
    expect(await fitOf(on)).toBe(300);
    await db
      .insert(openingHours)
      .values({ locationId, bookableAssetId: room, periodId: period!.id, weekday: 3, opens: '06:00', closes: '08:00' });
    expect(await fitOf(on)).toBe(-1);
    // The period removed (its hours go with it): the room's own Wednesday again.
    await db.delete(openingHourPeriods).where(eq(openingHourPeriods.id, period!.id));
    expect(await fitOf(on)).toBe(300);
    await db.delete(openingHours).where(eq(openingHours.bookableAssetId, room));
    expect(await fitOf(on)).toBe(120);
  });

  it('is not known on a date of 23 hours, and a room moved to a location without hours has no span', async () => {
    const db = ctx.database.db;
    await reserve('17:00', 60, '2031-03-30');
    expect(await fitOf('2031-03-30')).toBe(-1);
    const other = (await createLocation(db, { name: 'Uten åpningstider' })).id;
    const moved = (await createAsset(db, locationId)).id;
    await addReservation(db, {
      locationId,
      userId,
      bookableAssetId: moved,
      date,
      startTime: '18:00',
      durationMinutes: 60,
      status: 'APPROVED',
    });
    expect(await fitOf(date, moved)).toBe(120);
    await db.update(bookableAssets).set({ locationId: other }).where(eq(bookableAssets.id, moved));
    expect(await fitOf(date, moved)).toBe(-1);
    const spans = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from room_open_spans where bookable_asset_id = ${moved}`,
    );
    expect(spans[0]?.n).toBe(0);
  });

  it('lets the search decide a room-date from its fit, and read its rows only where the fit is not known', async () => {
    const on = '2031-06-25';
    await reserve('16:00', 60, on);
    await reserve('17:00', 60, on);
    await reserve('18:00', 60, on);
    await reserve('20:00', 60, on);
    // 19:00–20:00 and, with the location's Wednesday now 16:00–20:00, nothing after: fit 60.
    expect(await fitOf(on)).toBe(60);
    for (const reads of ['by-date', 'by-room'] as const) {
      const rows = (durationSlots: number, special: string[] = []) =>
        findCrowdedBusyTimes(ctx.database.db, {
          dates: [on],
          specialDates: new Set(special),
          // A budget of 0: the sums alone never prove a fit, so only `fit` (and the gap test) can.
          rooms: [{ room, budgets: [null, null, 0, null, null, null, null] }],
          durationSlots,
          reads,
        }).then((r) => r.rows.map((row) => `${row.kind}:${row.date} ${row.startTime.slice(0, 5)}`).sort());
      // An hour fits: nothing read. 75 minutes do not: decided, without its rows.
      expect(await rows(4), reads).toEqual([]);
      expect(await rows(5), reads).toEqual([`f:${on} `]);
      // On a date the rules treat specially (today, say) the fit decides nothing: every row is read.
      expect(await rows(4, [on]), reads).toEqual([`r:${on} 16:00`, `r:${on} 17:00`, `r:${on} 18:00`, `r:${on} 20:00`]);
    }
  });
});
