import { sql, type SQL } from 'drizzle-orm';
import type { BookingFormAnswers } from '@lokaler/domain/booking';
import type { WishDecision } from '@lokaler/domain/application-rounds';
import { roomOpeningHours, type HoursRow } from '../../availability';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';

/**
 * The queries of the round's allocation (decisions 029 and 031): the wishes with their
 * applications, the rooms' weekly opening hours, the times taken outside the round, earlier use, and
 * the writes of allocations. Every list is read in a fixed number of statements.
 */

/** An int[] parameter (one bind value whatever the number of ids). */
export const intArray = (values: readonly number[]): SQL => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;

/** 'HH:mm[:ss]' → minutes after midnight ('24:00' → 1440). */
export const minutesOfClock = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface WishRow extends Record<string, unknown> {
  id: number;
  version: number;
  bookingId: number;
  caseNumber: string;
  applicantName: string;
  organizationNumber: string | null;
  userId: number | null;
  formAnswers: BookingFormAnswers;
  appliedAt: string;
  roomId: number;
  locationId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  dateCount: number;
  decision: WishDecision;
  allocRoomId: number | null;
  allocWeekday: number | null;
  allocStartMinute: number | null;
  allocEndMinute: number | null;
  reason: string | null;
  updatedBy: string | null;
  updatedAt: string | null;
  bookingStatus: string;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The applicant as the administrator reads it: the organisation, else the person. */
export const applicantNameSql = sql`coalesce(b.organization_name, u.name, b.on_behalf_of_name, 'Ukjent søker')`;

const wishColumns = sql`w.id, w.version, w.booking_id as "bookingId", b.case_number as "caseNumber", ${applicantNameSql} as "applicantName",
  b.organization_number as "organizationNumber", b.user_id as "userId", b.form_answers as "formAnswers", ${iso(sql`b.created_at`)} as "appliedAt",
  w.bookable_asset_id as "roomId", a.location_id as "locationId", w.weekday::int as weekday, w.start_minute as "startMinute", w.end_minute as "endMinute",
  w.date_count as "dateCount", w.decision::text as decision, w.alloc_asset_id as "allocRoomId", w.alloc_weekday::int as "allocWeekday",
  w.alloc_start_minute as "allocStartMinute", w.alloc_end_minute as "allocEndMinute", w.reason, w.updated_by_name as "updatedBy",
  case when w.updated_at is null then null else ${iso(sql`w.updated_at`)} end as "updatedAt", b.status::text as "bookingStatus"`;
const wishFrom = sql`round_wishes w join bookings b on b.id = w.booking_id join bookable_assets a on a.id = w.bookable_asset_id left join users u on u.id = b.user_id`;

/** The wishes of live applications (UNPROCESSED) asking for the room or allocated to it. One query. */
export async function findWishesOfRoom(db: DbOrTx, roundId: number, roomId: number): Promise<WishRow[]> {
  return queryRows<WishRow>(
    db,
    sql`select ${wishColumns} from ${wishFrom}
    where w.round_id = ${roundId} and (w.bookable_asset_id = ${roomId} or w.alloc_asset_id = ${roomId}) and b.status = 'UNPROCESSED'
    order by w.weekday, w.start_minute, w.id`,
  );
}

/** Every wish of the round's live applications. One query. */
export async function findLiveWishesOfRound(db: DbOrTx, roundId: number): Promise<WishRow[]> {
  return queryRows<WishRow>(
    db,
    sql`select ${wishColumns} from ${wishFrom}
    where w.round_id = ${roundId} and b.status = 'UNPROCESSED' order by w.id`,
  );
}

/** The wishes by id (of this round only), locked in id order for the rest of the transaction. */
export async function lockWishes(tx: Tx, roundId: number, wishIds: readonly number[]): Promise<WishRow[]> {
  if (wishIds.length === 0) return [];
  return queryRows<WishRow>(
    tx,
    sql`select ${wishColumns} from ${wishFrom}
    where w.round_id = ${roundId} and w.id = any(${intArray(wishIds)}) order by w.id for update of w`,
  );
}

/** The wishes by id, as they are now (after a write). */
export async function findWishes(db: DbOrTx, wishIds: readonly number[]): Promise<WishRow[]> {
  if (wishIds.length === 0) return [];
  return queryRows<WishRow>(db, sql`select ${wishColumns} from ${wishFrom} where w.id = any(${intArray(wishIds)}) order by w.id`);
}

/** Per wish, the other live wishes of the same room and weekday whose asked times overlap its own. One query. */
export async function findClashes(db: DbOrTx, wishIds: readonly number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (wishIds.length === 0) return result;
  const rows = await queryRows<{ id: number; other: number }>(
    db,
    sql`select a.id, o.id as other from round_wishes a
    join round_wishes o on o.round_id = a.round_id and o.bookable_asset_id = a.bookable_asset_id and o.weekday = a.weekday and o.id <> a.id
      and o.start_minute < a.end_minute and a.start_minute < o.end_minute
    join bookings ob on ob.id = o.booking_id and ob.status = 'UNPROCESSED'
    where a.id = any(${intArray(wishIds)}) order by a.id, o.id`,
  );
  for (const r of rows) result.set(r.id, [...(result.get(r.id) ?? []), r.other]);
  return result;
}

export interface RoomRow extends Record<string, unknown> {
  id: number;
  name: string;
  roomNumber: string | null;
  locationId: number;
  locationName: string;
}

/** The rooms of these locations (not deleted), by location name and room name. */
export async function findRoomsOfLocations(db: DbOrTx, locationIds: readonly number[]): Promise<RoomRow[]> {
  if (locationIds.length === 0) return [];
  return queryRows<RoomRow>(
    db,
    sql`select a.id, a.name, a.external_asset_number as "roomNumber", a.location_id as "locationId", l.name as "locationName"
    from bookable_assets a join locations l on l.id = a.location_id
    where a.location_id = any(${intArray(locationIds)}) and a.status <> 'DELETED' order by l.name, a.name, a.id`,
  );
}

/** The room's location, or undefined when there is no such room. */
export async function findRoomLocation(db: DbOrTx, roomId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ locationId: number }>(
    db,
    sql`select location_id as "locationId" from bookable_assets where id = ${roomId}`,
  );
  return row?.locationId;
}

export interface WeeklyHours {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/**
 * The regular weekly opening hours of each room (seasonal periods are not read: a round allocates
 * one weekly pattern for the whole semester). A room's own hours of a weekday replace its
 * location's hours of that weekday, as in the room calendars. One query.
 */
export async function findWeeklyHoursOfRooms(
  db: DbOrTx,
  rooms: readonly { id: number; locationId: number }[],
): Promise<Map<number, WeeklyHours[]>> {
  const result = new Map<number, WeeklyHours[]>();
  if (rooms.length === 0) return result;
  const rows = await queryRows<HoursRow & Record<string, unknown>>(
    db,
    sql`
    select location_id as "locationId", bookable_asset_id as "bookableAssetId", weekday::int as weekday, opens::text as opens, closes::text as closes,
      null as "fromDate", null as "toDate"
    from opening_hours where period_id is null and location_id = any(${intArray([...new Set(rooms.map((r) => r.locationId))])})
      and (bookable_asset_id is null or bookable_asset_id = any(${intArray(rooms.map((r) => r.id))}))
    order by weekday, opens`,
  );
  for (const room of rooms) {
    result.set(
      room.id,
      roomOpeningHours(rows, room.id, room.locationId)
        .map((h) => ({ weekday: h.weekday, startMinute: minutesOfClock(h.opens), endMinute: minutesOfClock(h.closes) }))
        .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute),
    );
  }
  return result;
}

export interface BusyFold extends Record<string, unknown> {
  roomId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  label: string;
  dateCount: number;
}

/**
 * The rooms' times taken outside the round over the semester — active reservations (UNPROCESSED,
 * APPROVED: a round's own dates are IN_ROUND) and blocked times — folded per room, weekday and time
 * of day, with on how many dates. One query.
 */
export async function findBusyFolds(db: DbOrTx, roomIds: readonly number[], from: string, to: string): Promise<BusyFold[]> {
  if (roomIds.length === 0) return [];
  const minuteOf = (column: SQL) => sql`(extract(hour from ${column}) * 60 + extract(minute from ${column}))::int`;
  return queryRows<BusyFold>(
    db,
    sql`select x.room as "roomId", x.weekday, x.s as "startMinute", least(1440, x.s + x.d) as "endMinute", x.label, count(*)::int as "dateCount" from (
      select r.bookable_asset_id as room, extract(isodow from r.date)::int as weekday, ${minuteOf(sql`r.start_time`)} as s, r.duration_minutes as d,
        coalesce(b.organization_name, b.internal_event_title, 'Booket') as label
      from reservations r join bookings b on b.id = r.booking_id
      where r.bookable_asset_id = any(${intArray(roomIds)}) and r.date between ${from}::date and ${to}::date and r.status in ('UNPROCESSED', 'APPROVED')
      union all
      select t.bookable_asset_id, extract(isodow from t.date)::int, ${minuteOf(sql`t.start_time`)}, t.duration_minutes, 'Blokkert'
      from blocked_times t where t.bookable_asset_id = any(${intArray(roomIds)}) and t.date between ${from}::date and ${to}::date
    ) x group by x.room, x.weekday, x.s, x.d, x.label order by x.room, x.weekday, x.s, x.label`,
  );
}

/**
 * Minutes of APPROVED reservations at these locations between the dates (from inclusive, to
 * exclusive), per applicant: 'org:<number>' for organisations, 'user:<id>' for private persons.
 * One grouped query for every applicant of a view.
 */
export async function findEarlierUseMinutes(
  db: DbOrTx,
  options: { locationIds: readonly number[]; from: string; to: string; organizationNumbers: readonly string[]; userIds: readonly number[] },
): Promise<Map<string, number>> {
  const { organizationNumbers, userIds } = options;
  if (options.locationIds.length === 0 || (organizationNumbers.length === 0 && userIds.length === 0)) return new Map();
  const orgs = organizationNumbers.length
    ? sql`b.organization_number in (${sql.join(
        organizationNumbers.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql`false`;
  const users = userIds.length ? sql`(b.organization_number is null and b.user_id = any(${intArray(userIds)}))` : sql`false`;
  const rows = await queryRows<{ key: string; minutes: number }>(
    db,
    sql`
    select case when b.organization_number is not null then 'org:' || b.organization_number else 'user:' || b.user_id end as key, sum(r.duration_minutes)::int as minutes
    from reservations r join bookings b on b.id = r.booking_id
    where r.status = 'APPROVED' and b.location_id = any(${intArray(options.locationIds)}) and r.date >= ${options.from}::date and r.date < ${options.to}::date
      and (${orgs} or ${users})
    group by 1`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.minutes)]));
}

/** The round's row, share-locked: allocations wait for a closing (or a suggestion) to commit, and it for them. */
export async function shareLockRound(tx: Tx, roundId: number): Promise<void> {
  await tx.execute(sql`select id from application_rounds where id = ${roundId} for share`);
}

export interface AllocatedElsewhere extends Record<string, unknown> {
  index: number;
  wishId: number;
  applicantName: string;
}

/**
 * Of the proposed allocations, those that overlap an allocation of another wish of the round (in
 * the same room and weekday); the wishes in `exceptWishIds` (being changed now) do not count.
 */
export async function findAllocatedOverlaps(
  db: DbOrTx,
  roundId: number,
  times: readonly { roomId: number; weekday: number; startMinute: number; endMinute: number }[],
  exceptWishIds: readonly number[],
): Promise<AllocatedElsewhere[]> {
  if (times.length === 0) return [];
  const values = sql.join(
    times.map((t, i) => sql`(${i}::int, ${t.roomId}::int, ${t.weekday}::int, ${t.startMinute}::int, ${t.endMinute}::int)`),
    sql`, `,
  );
  return queryRows<AllocatedElsewhere>(
    db,
    sql`select t.i as index, w.id as "wishId", ${applicantNameSql} as "applicantName"
    from (values ${values}) t(i, room, weekday, s, e)
    join round_wishes w on w.round_id = ${roundId} and w.decision in ('ASKED', 'OTHER') and w.alloc_asset_id = t.room and w.alloc_weekday = t.weekday
      and w.alloc_start_minute < t.e and t.s < w.alloc_end_minute
    join bookings b on b.id = w.booking_id left join users u on u.id = b.user_id
    where not (w.id = any(${intArray(exceptWishIds)}))
    order by t.i, w.id`,
  );
}

export interface WishWrite {
  wishId: number;
  decision: WishDecision;
  allocated: { roomId: number; weekday: number; startMinute: number; endMinute: number } | null;
  reason: string | null;
}

/** Rows per statement: seven parameters each, well under PostgreSQL's 65,535. */
const WRITE_CHUNK = 2000;

/** Writes the allocations, each wish's version raised by one. Statements of WRITE_CHUNK wishes. */
export async function writeAllocations(tx: Tx, writes: readonly WishWrite[], updatedByName: string, now: Date): Promise<void> {
  for (let i = 0; i < writes.length; i += WRITE_CHUNK) {
    const chunk = writes.slice(i, i + WRITE_CHUNK);
    const values = sql.join(
      chunk.map(
        (w) => sql`(${w.wishId}::int, ${w.decision}::text, ${w.allocated?.roomId ?? null}::int, ${w.allocated?.weekday ?? null}::int,
      ${w.allocated?.startMinute ?? null}::int, ${w.allocated?.endMinute ?? null}::int, ${w.reason}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update round_wishes w set decision = v.decision::wish_decision, alloc_asset_id = v.room, alloc_weekday = v.weekday::smallint,
        alloc_start_minute = v.s, alloc_end_minute = v.e, reason = v.reason, version = w.version + 1, updated_by_name = ${updatedByName}, updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) v(id, decision, room, weekday, s, e, reason) where w.id = v.id`);
  }
}

/**
 * Lets go of the allocations of wishes whose application was withdrawn (cancelled) meanwhile: the
 * exclusion constraint would otherwise keep their times from everyone else. Run before allocating.
 */
export async function releaseWithdrawnAllocations(tx: Tx, roundId: number): Promise<void> {
  await tx.execute(sql`update round_wishes w set decision = 'UNDECIDED', alloc_asset_id = null, alloc_weekday = null, alloc_start_minute = null,
      alloc_end_minute = null, version = w.version + 1, updated_by_name = 'System', updated_at = now()
    from bookings b where b.id = w.booking_id and w.round_id = ${roundId} and w.decision in ('ASKED', 'OTHER') and b.status <> 'UNPROCESSED'`);
}
