import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import type { IsoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import type { OpeningHoursEntry, RoomCalendar } from '@lokaler/domain/scheduling/room-calendar';
import type { DbOrTx } from '../../db/client';
import { bookableAssets, bookingFlows } from '../../db/schema/assets';
import { bookings, reservations } from '../../db/schema/bookings';
import { locations } from '../../db/schema/locations';
import { blockedTimes, closedDates, openingHours } from '../../db/schema/schedule';

/**
 * What the scheduling rules need about rooms, for any number of rooms in a fixed number of queries:
 * the rooms with their location's rules (1), opening hours (2), closed dates (3), blocked times (4)
 * and active reservations (5) of the date range. Used by the schedule, the availability check and,
 * inside its transaction, booking creation.
 */

function selectRooms(db: DbOrTx, assetIds: readonly number[]) {
  return db.select({
    id: bookableAssets.id,
    name: bookableAssets.name,
    externalAssetNumber: bookableAssets.externalAssetNumber,
    status: bookableAssets.status,
    locationId: bookableAssets.locationId,
    bookingFlowTheme: bookingFlows.theme,
    room: {
      allowRepeatedBookingsForPublicUser: bookableAssets.allowRepeatedBookingsForPublicUser,
      allowSingleBookingsForPublicUser: bookableAssets.allowSingleBookingsForPublicUser,
      maxOneTimeslotPerBookingForPublicUser: bookableAssets.maxOneTimeslotPerBookingForPublicUser,
    },
    location: {
      name: locations.name,
      status: locations.status,
      contactEmail: locations.contactEmail,
      behandlingstid: locations.behandlingstid,
      minBookingDurationMinutes: locations.minBookingDurationMinutes,
      adminCanBookPastDates: locations.adminCanBookPastDates,
      allowRepeatedBookingsForPublicUser: locations.allowRepeatedBookingsForPublicUser,
      allowSingleBookingsForPublicUser: locations.allowSingleBookingsForPublicUser,
      maxOneTimeslotPerBookingForPublicUser: locations.maxOneTimeslotPerBookingForPublicUser,
    },
  }).from(bookableAssets)
    .innerJoin(locations, eq(locations.id, bookableAssets.locationId))
    .leftJoin(bookingFlows, eq(bookingFlows.id, bookableAssets.bookingFlowId))
    .where(inArray(bookableAssets.id, [...assetIds]));
}
export type RoomRow = Awaited<ReturnType<typeof selectRooms>>[number];

/** The rooms with these ids (any status) and their location's rules; unknown ids are left out. One query. */
export async function findRooms(db: DbOrTx, assetIds: readonly number[]): Promise<RoomRow[]> {
  if (assetIds.length === 0) return [];
  return selectRooms(db, assetIds);
}

export interface RoomWithCalendar {
  row: RoomRow;
  calendar: RoomCalendar;
}

export interface CalendarRange {
  /** Closed dates, blocked times and reservations are loaded for these dates (inclusive). */
  fromInclusive: string;
  toInclusive: string;
}

/**
 * The rooms with their calendars, by room id, in five queries whatever the number of rooms (and the
 * subquery of their locations).
 */
export async function loadRoomCalendars(db: DbOrTx, assetIds: readonly number[], range: CalendarRange): Promise<Map<number, RoomWithCalendar>> {
  const result = new Map<number, RoomWithCalendar>();
  if (assetIds.length === 0) return result;
  const ids = [...new Set(assetIds)];
  const { fromInclusive: from, toInclusive: to } = range;
  const locationIds = db.select({ id: bookableAssets.locationId }).from(bookableAssets).where(inArray(bookableAssets.id, ids));
  // Sequential on purpose: inside a transaction the statements share one connection anyway.
  const rooms = await selectRooms(db, ids);
  const hours = await db.select({
    locationId: openingHours.locationId, bookableAssetId: openingHours.bookableAssetId, weekday: openingHours.weekday,
    opens: openingHours.opens, closes: openingHours.closes,
  }).from(openingHours)
    .where(and(inArray(openingHours.locationId, locationIds), or(isNull(openingHours.bookableAssetId), inArray(openingHours.bookableAssetId, ids))));
  const closed = await db.select({ locationId: closedDates.locationId, date: closedDates.date }).from(closedDates)
    .where(and(inArray(closedDates.locationId, locationIds), gte(closedDates.date, from), lte(closedDates.date, to)));
  const busy = await loadBusyTimes(db, ids, range);

  for (const row of rooms) {
    result.set(row.id, {
      row,
      calendar: {
        bookableAssetId: row.id,
        openingHours: roomOpeningHours(hours, row.id, row.locationId),
        closedDates: closed.filter((c) => c.locationId === row.locationId).map((c) => c.date),
        ...(busy.get(row.id) ?? { blockedTimes: [], reservations: [] }),
        lastBookableDate: null,
        behandlingstid: row.location.behandlingstid,
        minBookingDurationMinutes: row.location.minBookingDurationMinutes,
      },
    });
  }
  return result;
}

export type BusyTimes = Pick<RoomCalendar, 'blockedTimes' | 'reservations'>;

/**
 * The blocked times and active reservations of the rooms that overlap the range, by room: what
 * other writers change. Two queries whatever the number of rooms; booking creation reads them again
 * under the rooms' locks. Overlap is by instants (the generated `period`, as the exclusion
 * constraint compares them), so a time that starts days before the range and runs into it (a loan
 * of several days) is seen too; the rules spread it over the dates it covers.
 */
export async function loadBusyTimes(db: DbOrTx, assetIds: readonly number[], range: CalendarRange): Promise<Map<number, BusyTimes>> {
  const ids = [...new Set(assetIds)];
  const result = new Map<number, { blockedTimes: BusyTimes['blockedTimes'][number][]; reservations: BusyTimes['reservations'][number][] }>(
    ids.map((id) => [id, { blockedTimes: [], reservations: [] }]),
  );
  if (ids.length === 0) return result;
  // Midnight to midnight, Oslo time; the range's end is the start of the day after toInclusive.
  const span = sql`tstzrange((${range.fromInclusive}::date)::timestamp at time zone 'Europe/Oslo', (${range.toInclusive}::date + 1)::timestamp at time zone 'Europe/Oslo', '[)')`;
  const blocked = await db.select({
    bookableAssetId: blockedTimes.bookableAssetId, date: blockedTimes.date, startTime: blockedTimes.startTime, durationMinutes: blockedTimes.durationMinutes,
  }).from(blockedTimes)
    .where(and(inArray(blockedTimes.bookableAssetId, ids), sql`${blockedTimes.period} && ${span}`));
  const reserved = await db.select({
    id: reservations.id, bookableAssetId: reservations.bookableAssetId, date: reservations.date, startTime: reservations.startTime, durationMinutes: reservations.durationMinutes,
  }).from(reservations)
    .where(and(
      inArray(reservations.bookableAssetId, ids),
      inArray(reservations.status, [...activeReservationStatuses]),
      sql`${reservations.period} && ${span}`,
    ));
  for (const b of blocked) result.get(b.bookableAssetId)?.blockedTimes.push({ date: b.date, startTime: b.startTime, duration: formatDuration(b.durationMinutes) });
  for (const r of reserved) result.get(r.bookableAssetId)?.reservations.push({ id: r.id, date: r.date, startTime: r.startTime, duration: formatDuration(r.durationMinutes) });
  return result;
}

interface HoursRow {
  locationId: number;
  bookableAssetId: number | null;
  weekday: number;
  opens: string;
  closes: string;
}

/**
 * A room's weekly hours: for each weekday the room's own rows when it has any for that day, else
 * the location's (the demo's gyms stay open longer on weekdays and keep the school's weekend hours).
 */
function roomOpeningHours(rows: readonly HoursRow[], assetId: number, locationId: number): OpeningHoursEntry[] {
  const own = rows.filter((h) => h.bookableAssetId === assetId);
  const ownDays = new Set(own.map((h) => h.weekday));
  const inherited = rows.filter((h) => h.bookableAssetId === null && h.locationId === locationId && !ownDays.has(h.weekday));
  return [...own, ...inherited].map((h) => ({ weekday: h.weekday as IsoWeekday, opens: h.opens, closes: h.closes }));
}

/** Of these reservation ids, those in bookings of this person (a citizen may ignore only their own). One query. */
export async function findOwnReservationIds(db: DbOrTx, userId: number, reservationIds: readonly number[]): Promise<number[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db.select({ id: reservations.id }).from(reservations)
    .innerJoin(bookings, eq(bookings.id, reservations.bookingId))
    .where(and(inArray(reservations.id, [...reservationIds]), eq(bookings.userId, userId)));
  return rows.map((r) => r.id);
}
