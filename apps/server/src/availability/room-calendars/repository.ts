import { and, eq, inArray, sql, type SQL, type Table } from 'drizzle-orm';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import type { IsoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import type { OpeningHoursEntry, RoomCalendar } from '@lokaler/domain/scheduling/room-calendar';
import { calendarSettingsOf } from '@lokaler/domain/scheduling/room-rules';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { bookableAssets, bookingFlows } from '../../db/schema/assets';
import { bookings, reservations } from '../../db/schema/bookings';
import { locations } from '../../db/schema/locations';
import { jsonObjectSql } from '../../db/selection-sql';
import { roomRulesAliases, roomRulesColumns } from '../../locations';
import { pgArray } from '../search/pg-array';

/**
 * What the scheduling rules need about rooms, for any number of rooms in one statement: the rooms
 * with their location's rules, opening hours, closed dates, blocked times and active reservations of
 * the date range. Used by the schedule, the availability check and, inside its transaction, booking
 * creation.
 */

/**
 * A room with its location's rules: one selection, read as Drizzle's select (findRooms) and as the
 * JSON the one-statement loader builds (roomJson), so the two cannot differ. The rules themselves
 * come from the one reader of a room's rules.
 */
const roomColumns = {
  id: bookableAssets.id,
  name: bookableAssets.name,
  externalAssetNumber: bookableAssets.externalAssetNumber,
  status: bookableAssets.status,
  locationId: bookableAssets.locationId,
  bookingFlowTheme: bookingFlows.theme,
  room: roomRulesColumns.room,
  location: {
    name: locations.name,
    status: locations.status,
    filterCategory: locations.filterCategory,
    contactEmail: locations.contactEmail,
    ...roomRulesColumns.location,
  },
};

function selectRooms(db: DbOrTx, assetIds: readonly number[]) {
  return db
    .select(roomColumns)
    .from(bookableAssets)
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
  /** The reason of each closed date of calendar.closedDates (the schedule answers it); absent on a copy that does not need it. */
  closedReasons?: ReadonlyMap<string, string | null>;
}

export interface CalendarRange {
  /** Closed dates, blocked times and reservations are loaded for these dates (inclusive). */
  fromInclusive: string;
  toInclusive: string;
}

/** selectRooms' row as JSON built by the database, from the same selection (the room-calendars tests compare both). */
const roomJson = jsonObjectSql(roomColumns, new Map<Table, string>([...roomRulesAliases('a', 'l'), [bookingFlows, 'f']]));

/** [location, room or null, weekday, opens, closes, period's from date or null, period's to date or null] */
type HoursTuple = [number, number | null, number, string, string, string | null, string | null];
/** [location, from date, to date]: a seasonal period of opening hours (also one without hours). */
type PeriodTuple = [number, string, string];
/** [location, date, reason] */
type ClosedTuple = [number, string, string | null];
/** ['r' reservation or 'b' blocked time, room, id, date, start time, minutes] */
type BusyTuple = ['r' | 'b', number, number, string, string, number];

interface CalendarsRow extends Record<string, unknown> {
  rooms: RoomRow[];
  hours: HoursTuple[];
  periods: PeriodTuple[];
  closed: ClosedTuple[];
  busy: BusyTuple[];
}

const roomsParam = sql`${sql.placeholder('rooms')}::int[]`;
const fromParam = sql`${sql.placeholder('from')}::date`;
const toParam = sql`${sql.placeholder('to')}::date`;

/** loadRoomCalendars' one statement, prepared (db/client.ts preparedQuery): the same text for any rooms and dates. */
const roomCalendarsStatement = preparedQuery<CalendarsRow>(
  'room_calendars',
  (() => {
    const locationIds = sql`(select location_id from bookable_assets where id = any(${roomsParam}))`;
    return sql`select
    (select coalesce(json_agg(${roomJson}), '[]') from bookable_assets a
      join locations l on l.id = a.location_id left join booking_flows f on f.id = a.booking_flow_id
      where a.id = any(${roomsParam})) as rooms,
    (select coalesce(json_agg(json_build_array(h.location_id, h.bookable_asset_id, h.weekday, h.opens, h.closes, p.from_date, p.to_date)
        order by p.from_date nulls first, h.weekday, h.opens), '[]')
      from opening_hours h left join opening_hour_periods p on p.id = h.period_id
      where h.location_id in ${locationIds} and (h.bookable_asset_id is null or h.bookable_asset_id = any(${roomsParam}))
        and (h.period_id is null or (p.to_date >= ${fromParam} and p.from_date <= ${toParam}))) as hours,
    (select coalesce(json_agg(json_build_array(p.location_id, p.from_date, p.to_date) order by p.from_date), '[]') from opening_hour_periods p
      where p.location_id in ${locationIds} and p.to_date >= ${fromParam} and p.from_date <= ${toParam}) as periods,
    (select coalesce(json_agg(json_build_array(c.location_id, c.date, c.reason) order by c.date), '[]') from closed_dates c
      where c.location_id in ${locationIds} and c.date between ${fromParam} and ${toParam}) as closed,
    (select coalesce(json_agg(json_build_array(x.kind, x.room, x.id, x.date, x."startTime", x."durationMinutes")
      order by x.kind, x.room, x.date, x."startTime", x.id), '[]') from (${busyTimesOf(roomsParam, fromParam, toParam)}) x) as busy`;
  })(),
);

/**
 * The rooms with their calendars, by room id: the rooms with their location's rules, opening hours,
 * closed dates, blocked times and active reservations of the range, in one statement whatever the
 * number of rooms (each part a JSON array built by the database: one round trip, one plan, no
 * per-row work in the drivers).
 */
export async function loadRoomCalendars(
  db: DbOrTx,
  assetIds: readonly number[],
  range: CalendarRange,
): Promise<Map<number, RoomWithCalendar>> {
  const result = new Map<number, RoomWithCalendar>();
  if (assetIds.length === 0) return result;
  const ids = [...new Set(assetIds)];
  const [data] = await roomCalendarsStatement(db, { rooms: pgArray(ids), from: range.fromInclusive, to: range.toInclusive });
  const hours = data!.hours.map(([locationId, bookableAssetId, weekday, opens, closes, fromDate, toDate]) => ({
    locationId,
    bookableAssetId,
    weekday,
    opens,
    closes,
    fromDate,
    toDate,
  }));
  const busy = groupBusyTimes(
    ids,
    data!.busy.map(([kind, room, id, date, startTime, durationMinutes]) => ({ kind, room, id, date, startTime, durationMinutes })),
  );

  for (const row of data!.rooms) {
    const closed = data!.closed.filter(([locationId]) => locationId === row.locationId);
    result.set(row.id, {
      row,
      calendar: {
        bookableAssetId: row.id,
        openingHours: roomOpeningHours(hours, row.id, row.locationId),
        openingPeriods: data!.periods
          .filter(([locationId]) => locationId === row.locationId)
          .map(([, fromDate, toDate]) => ({ fromDate, toDate })),
        closedDates: closed.map(([, date]) => date),
        ...(busy.get(row.id) ?? { blockedTimes: [], reservations: [] }),
        lastBookableDate: null,
        ...calendarSettingsOf(row),
      },
      closedReasons: new Map(closed.map(([, date, reason]) => [date, reason])),
    });
  }
  return result;
}

export type BusyTimes = Pick<RoomCalendar, 'blockedTimes' | 'reservations'>;

export interface BusyTimeRow extends Record<string, unknown> {
  /** 'r' reservation, 'b' blocked time. */
  kind: 'r' | 'b';
  room: number;
  id: number;
  date: string;
  startTime: string;
  durationMinutes: number;
}

/**
 * The blocked times and active reservations of the rooms that overlap the range (the columns of
 * BusyTimeRow). Overlap is by instants (the generated `period`, as the exclusion constraint compares
 * them), so a time that starts days before the range and runs into it (a loan of several days) is
 * seen too; the rules spread it over the dates it covers.
 *
 * Rows starting from the day before the range are read through (bookable_asset_id, date) with the
 * overlap spelled out; a row starting earlier and still running has the range's first instant
 * inside it, which the GiST index of (period, bookable_asset_id) finds by itself. Asking that index
 * for the whole range instead (`period && range`) reads every room's rows of the range: 3–6 ms for
 * one room-week at city scale against 0.2 ms.
 */
export function busyTimesSql(ids: readonly number[], range: CalendarRange): SQL {
  return busyTimesOf(sql`${pgArray(ids)}::int[]`, sql`${range.fromInclusive}::date`, sql`${range.toInclusive}::date`);
}

/** busyTimesSql of the rooms (an int[]) and dates given as SQL: values, or placeholders of a prepared statement. */
function busyTimesOf(rooms: SQL, from: SQL, to: SQL): SQL {
  // Midnight to midnight, Oslo time; the range's end is the start of the day after toInclusive.
  const starts = sql`(${from}::timestamp at time zone 'Europe/Oslo')`;
  const ends = sql`((${to} + 1)::timestamp at time zone 'Europe/Oslo')`;
  const near = (alias: SQL) => sql`${alias}.bookable_asset_id = any(${rooms}) and ${alias}.date between ${from} - 1 and ${to}
    and upper(${alias}.period) > ${starts} and lower(${alias}.period) < ${ends}`;
  const earlier = (alias: SQL) =>
    sql`${alias}.period @> ${starts} and ${alias}.bookable_asset_id = any(${rooms}) and ${alias}.date < ${from} - 1`;
  const columns = (alias: SQL, kind: string) =>
    sql`${kind}::text as kind, ${alias}.bookable_asset_id as room, ${alias}.id, ${alias}.date::text as date, ${alias}.start_time::text as "startTime", ${alias}.duration_minutes as "durationMinutes"`;
  const active = sql`r.status in (${sql.raw(activeReservationStatuses.map((s) => `'${s}'`).join(', '))})`;
  return sql`
    select ${columns(sql`r`, 'r')} from reservations r where ${near(sql`r`)} and ${active}
    union all
    select ${columns(sql`r`, 'r')} from reservations r where ${earlier(sql`r`)} and ${active}
    union all
    select ${columns(sql`b`, 'b')} from blocked_times b where ${near(sql`b`)}
    union all
    select ${columns(sql`b`, 'b')} from blocked_times b where ${earlier(sql`b`)}`;
}

export function groupBusyTimes(ids: readonly number[], rows: readonly BusyTimeRow[]): Map<number, BusyTimes> {
  const result = new Map<number, { blockedTimes: BusyTimes['blockedTimes'][number][]; reservations: BusyTimes['reservations'][number][] }>(
    ids.map((id) => [id, { blockedTimes: [], reservations: [] }]),
  );
  for (const row of rows) {
    const busy = result.get(row.room);
    if (!busy) continue;
    if (row.kind === 'r')
      busy.reservations.push({ id: row.id, date: row.date, startTime: row.startTime, duration: formatDuration(row.durationMinutes) });
    else busy.blockedTimes.push({ date: row.date, startTime: row.startTime, duration: formatDuration(row.durationMinutes) });
  }
  return result;
}

/**
 * The blocked times and active reservations of the rooms that overlap the range, by room (see
 * busyTimesSql): what other writers change. One query whatever the number of rooms; booking
 * creation reads them again under the rooms' locks.
 */
const busyTimesStatement = preparedQuery<BusyTimeRow>(
  'busy_times',
  sql`${busyTimesOf(roomsParam, fromParam, toParam)} order by kind, room, date, "startTime", id`,
);

export async function loadBusyTimes(db: DbOrTx, assetIds: readonly number[], range: CalendarRange): Promise<Map<number, BusyTimes>> {
  const ids = [...new Set(assetIds)];
  if (ids.length === 0) return new Map();
  const rows = await busyTimesStatement(db, { rooms: pgArray(ids), from: range.fromInclusive, to: range.toInclusive });
  return groupBusyTimes(ids, rows);
}

export interface HoursRow {
  locationId: number;
  bookableAssetId: number | null;
  weekday: number;
  opens: string;
  closes: string;
  /** The seasonal period's dates; null for the standard hours. */
  fromDate: string | null;
  toDate: string | null;
}

/**
 * A room's weekly hours: within the standard hours and within each seasonal period, for each weekday
 * the room's own rows when it has any for that day, else the location's (the demo's gyms stay open
 * longer on weekdays and keep the school's weekend hours). A location's period replaces the standard
 * hours on its dates for all its rooms, the room's own standard rows too.
 */
export function roomOpeningHours(rows: readonly HoursRow[], assetId: number, locationId: number): OpeningHoursEntry[] {
  const own = rows.filter((h) => h.bookableAssetId === assetId);
  const ownDays = new Set(own.map((h) => `${h.fromDate}|${h.weekday}`));
  const inherited = rows.filter(
    (h) => h.bookableAssetId === null && h.locationId === locationId && !ownDays.has(`${h.fromDate}|${h.weekday}`),
  );
  return [...own, ...inherited].map((h) => ({
    weekday: h.weekday as IsoWeekday,
    opens: h.opens,
    closes: h.closes,
    ...(h.fromDate !== null ? { fromDate: h.fromDate, toDate: h.toDate } : {}),
  }));
}

/** Of these reservation ids, those in bookings of this person (a citizen may ignore only their own). One query. */
export async function findOwnReservationIds(db: DbOrTx, userId: number, reservationIds: readonly number[]): Promise<number[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(bookings, eq(bookings.id, reservations.bookingId))
    .where(and(inArray(reservations.id, [...reservationIds]), eq(bookings.userId, userId)));
  return rows.map((r) => r.id);
}
