import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import type { IsoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import type { OpeningHoursEntry, RoomCalendar } from '@lokaler/domain/scheduling/room-calendar';
import { queryRows, type DbOrTx } from '../../db/client';
import { bookableAssets, bookingFlows } from '../../db/schema/assets';
import { bookings, reservations } from '../../db/schema/bookings';
import { locations } from '../../db/schema/locations';
import { closedDates, openingHours } from '../../db/schema/schedule';
import { pgArray } from '../search/pg-array';

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

interface BusyTimeRow extends Record<string, unknown> {
  /** 'r' reservation, 'b' blocked time. */
  kind: 'r' | 'b';
  room: number;
  id: number;
  date: string;
  startTime: string;
  durationMinutes: number;
}

/**
 * The blocked times and active reservations of the rooms that overlap the range, by room: what
 * other writers change. One query whatever the number of rooms; booking creation reads them again
 * under the rooms' locks. Overlap is by instants (the generated `period`, as the exclusion
 * constraint compares them), so a time that starts days before the range and runs into it (a loan
 * of several days) is seen too; the rules spread it over the dates it covers.
 *
 * Rows starting from the day before the range are read through (bookable_asset_id, date) with the
 * overlap spelled out; a row starting earlier and still running has the range's first instant
 * inside it, which the GiST index of (period, bookable_asset_id) finds by itself. Asking that index
 * for the whole range instead (`period && range`) reads every room's rows of the range: 3–6 ms for
 * one room-week at city scale against 0.2 ms.
 */
export async function loadBusyTimes(db: DbOrTx, assetIds: readonly number[], range: CalendarRange): Promise<Map<number, BusyTimes>> {
  const ids = [...new Set(assetIds)];
  const result = new Map<number, { blockedTimes: BusyTimes['blockedTimes'][number][]; reservations: BusyTimes['reservations'][number][] }>(
    ids.map((id) => [id, { blockedTimes: [], reservations: [] }]),
  );
  if (ids.length === 0) return result;
  const rooms = sql`${pgArray(ids)}::int[]`;
  const from = sql`${range.fromInclusive}::date`;
  const to = sql`${range.toInclusive}::date`;
  // Midnight to midnight, Oslo time; the range's end is the start of the day after toInclusive.
  const starts = sql`(${from}::timestamp at time zone 'Europe/Oslo')`;
  const ends = sql`((${to} + 1)::timestamp at time zone 'Europe/Oslo')`;
  const near = (alias: SQL) => sql`${alias}.bookable_asset_id = any(${rooms}) and ${alias}.date between ${from} - 1 and ${to}
    and upper(${alias}.period) > ${starts} and lower(${alias}.period) < ${ends}`;
  const earlier = (alias: SQL) => sql`${alias}.period @> ${starts} and ${alias}.bookable_asset_id = any(${rooms}) and ${alias}.date < ${from} - 1`;
  const columns = (alias: SQL, kind: string) =>
    sql`${kind}::text as kind, ${alias}.bookable_asset_id as room, ${alias}.id, ${alias}.date::text as date, ${alias}.start_time::text as "startTime", ${alias}.duration_minutes as "durationMinutes"`;
  const active = sql`r.status in (${sql.raw(activeReservationStatuses.map((s) => `'${s}'`).join(', '))})`;
  const rows = await queryRows<BusyTimeRow>(db, sql`
    select ${columns(sql`r`, 'r')} from reservations r where ${near(sql`r`)} and ${active}
    union all
    select ${columns(sql`r`, 'r')} from reservations r where ${earlier(sql`r`)} and ${active}
    union all
    select ${columns(sql`b`, 'b')} from blocked_times b where ${near(sql`b`)}
    union all
    select ${columns(sql`b`, 'b')} from blocked_times b where ${earlier(sql`b`)}
    order by kind, room, date, "startTime", id`);
  for (const row of rows) {
    const busy = result.get(row.room);
    if (!busy) continue;
    if (row.kind === 'r') busy.reservations.push({ id: row.id, date: row.date, startTime: row.startTime, duration: formatDuration(row.durationMinutes) });
    else busy.blockedTimes.push({ date: row.date, startTime: row.startTime, duration: formatDuration(row.durationMinutes) });
  }
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
