import { and, asc, desc, eq, exists, getTableColumns, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { applicationRoundLocations, applicationRounds, roundWishes } from '../../db/schema/application-rounds';
import { locations } from '../../db/schema/locations';
import type { RoundRow } from './round-access';

/** Rounds' SQL (decision 029). Every list runs a fixed number of queries, whatever its length. */

export interface LocationRef {
  id: number;
  name: string;
}

/** The locations with these ids that exist (a DELETED location does not count). */
export async function findLiveLocations(db: DbOrTx, ids: readonly number[]): Promise<LocationRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(inArray(locations.id, [...ids]), ne(locations.status, 'DELETED')));
}

export interface OverlappingRound {
  roundName: string;
  locationName: string;
  semesterStart: string;
  semesterEnd: string;
}

/**
 * A round of one of these locations whose semester overlaps [start, end] (both inclusive), if any;
 * `exceptRoundId` leaves that round out (changing a round's own semester).
 */
export async function findOverlappingRound(
  db: DbOrTx,
  locationIds: readonly number[],
  semesterStart: string,
  semesterEnd: string,
  exceptRoundId?: number,
): Promise<OverlappingRound | null> {
  if (locationIds.length === 0) return null;
  const [row] = await db
    .select({
      roundName: applicationRounds.name,
      locationName: locations.name,
      semesterStart: applicationRoundLocations.semesterStart,
      semesterEnd: applicationRoundLocations.semesterEnd,
    })
    .from(applicationRoundLocations)
    .innerJoin(applicationRounds, eq(applicationRounds.id, applicationRoundLocations.roundId))
    .innerJoin(locations, eq(locations.id, applicationRoundLocations.locationId))
    .where(
      and(
        exceptRoundId === undefined ? undefined : ne(applicationRoundLocations.roundId, exceptRoundId),
        inArray(applicationRoundLocations.locationId, [...locationIds]),
        lte(applicationRoundLocations.semesterStart, semesterEnd),
        gte(applicationRoundLocations.semesterEnd, semesterStart),
      ),
    )
    .orderBy(asc(locations.name), asc(applicationRounds.id))
    .limit(1);
  return row ?? null;
}

export interface NewRound {
  name: string;
  applicationStart: string;
  deadline: string;
  semesterStart: string;
  semesterEnd: string;
  /** Left out: the table's defaults (defaultRoundApplicantLimits). */
  maxApplicationsPerApplicant?: number | undefined;
  maxWeeklyHoursPerApplicant?: number | undefined;
  locationIds: readonly number[];
  createdByUserId: number | null;
}

/** The round and its locations (the caller runs this in its transaction). */
export async function insertRoundWithLocations(db: DbOrTx, round: NewRound): Promise<RoundRow> {
  const [row] = await db
    .insert(applicationRounds)
    .values({
      name: round.name,
      applicationStart: round.applicationStart,
      deadline: round.deadline,
      semesterStart: round.semesterStart,
      semesterEnd: round.semesterEnd,
      maxApplicationsPerApplicant: round.maxApplicationsPerApplicant,
      maxWeeklyHoursPerApplicant: round.maxWeeklyHoursPerApplicant,
      createdByUserId: round.createdByUserId,
    })
    .returning();
  await db
    .insert(applicationRoundLocations)
    .values(
      round.locationIds.map((locationId) => ({
        roundId: row!.id,
        locationId,
        semesterStart: round.semesterStart,
        semesterEnd: round.semesterEnd,
      })),
    );
  return row!;
}

/** Rounds with at least one of these locations (every round for null), newest semester first. */
export async function listRoundRows(db: DbOrTx, locationIds: readonly number[] | null): Promise<RoundRow[]> {
  if (locationIds !== null && locationIds.length === 0) return [];
  const query = db.select().from(applicationRounds);
  const filtered =
    locationIds === null
      ? query
      : query.where(
          exists(
            db
              .select({ one: sql`1` })
              .from(applicationRoundLocations)
              .where(
                and(
                  eq(applicationRoundLocations.roundId, applicationRounds.id),
                  inArray(applicationRoundLocations.locationId, [...locationIds]),
                ),
              ),
          ),
        );
  return filtered.orderBy(desc(applicationRounds.semesterStart), desc(applicationRounds.id));
}

/** The locations of these rounds with their names, by round. */
export async function loadRoundLocations(db: DbOrTx, roundIds: readonly number[]): Promise<Map<number, LocationRef[]>> {
  const byRound = new Map<number, LocationRef[]>(roundIds.map((id) => [id, []]));
  if (roundIds.length === 0) return byRound;
  const rows = await db
    .select({ roundId: applicationRoundLocations.roundId, id: locations.id, name: locations.name })
    .from(applicationRoundLocations)
    .innerJoin(locations, eq(locations.id, applicationRoundLocations.locationId))
    .where(inArray(applicationRoundLocations.roundId, [...roundIds]))
    .orderBy(asc(locations.name), asc(locations.id));
  for (const r of rows) byRound.get(r.roundId)?.push({ id: r.id, name: r.name });
  return byRound;
}

export interface RoundCounts {
  applicationCount: number;
  undecidedCount: number;
  decidedCount: number;
}

/**
 * Per round: its applications (bookings with a wish in it, cancelled ones not counted), the
 * undecided wishes of those, and the applications already answered (no longer UNPROCESSED).
 */
export async function loadRoundCounts(db: DbOrTx, roundIds: readonly number[]): Promise<Map<number, RoundCounts>> {
  const byRound = new Map<number, RoundCounts>(roundIds.map((id) => [id, { applicationCount: 0, undecidedCount: 0, decidedCount: 0 }]));
  if (roundIds.length === 0) return byRound;
  const rows = await queryRows<{ round_id: number; applications: number; undecided: number; decided: number }>(
    db,
    sql`
    select w.round_id,
      count(distinct w.booking_id)::int as applications,
      count(*) filter (where w.decision = 'UNDECIDED')::int as undecided,
      count(distinct w.booking_id) filter (where b.status <> 'UNPROCESSED')::int as decided
    from round_wishes w join bookings b on b.id = w.booking_id
    where w.round_id in (${sql.join(
      roundIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and b.status <> 'CANCELLED'
    group by w.round_id`,
  );
  for (const r of rows)
    byRound.set(Number(r.round_id), { applicationCount: r.applications, undecidedCount: r.undecided, decidedCount: r.decided });
  return byRound;
}

export interface RoundRoomRow {
  id: number;
  name: string;
  locationId: number;
  locationName: string;
  wishCount: number;
  clashCount: number;
  undecidedCount: number;
}

/**
 * The rooms (not deleted) of these locations with the round's wishes for them: how many (of
 * applications not cancelled), how many clash (the asked time overlaps another wish of the same room
 * and weekday, both of applications still UNPROCESSED), how many are undecided. One query.
 */
export async function loadRoundRooms(db: DbOrTx, roundId: number, locationIds: readonly number[]): Promise<RoundRoomRow[]> {
  if (locationIds.length === 0) return [];
  const rows = await queryRows<{
    id: number;
    name: string;
    location_id: number;
    location_name: string;
    wishes: number;
    clashes: number;
    undecided: number;
  }>(
    db,
    sql`
    with live as (
      select w.id, w.bookable_asset_id, w.weekday, w.start_minute, w.end_minute, w.decision, b.status
      from round_wishes w join bookings b on b.id = w.booking_id
      where w.round_id = ${roundId} and b.status <> 'CANCELLED'
    ), clashing as (
      select distinct a.id from live a join live o
        on o.bookable_asset_id = a.bookable_asset_id and o.weekday = a.weekday and o.id <> a.id
       and o.start_minute < a.end_minute and a.start_minute < o.end_minute
      where a.status = 'UNPROCESSED' and o.status = 'UNPROCESSED'
    )
    select r.id, r.name, r.location_id, l.name as location_name,
      count(live.id)::int as wishes,
      count(clashing.id)::int as clashes,
      count(live.id) filter (where live.decision = 'UNDECIDED')::int as undecided
    from bookable_assets r
      join locations l on l.id = r.location_id
      left join live on live.bookable_asset_id = r.id
      left join clashing on clashing.id = live.id
    where r.location_id in (${sql.join(
      locationIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and r.status <> 'DELETED'
    group by r.id, r.name, r.location_id, l.name
    order by l.name, r.name, r.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    locationId: Number(r.location_id),
    locationName: r.location_name,
    wishCount: r.wishes,
    clashCount: r.clashes,
    undecidedCount: r.undecided,
  }));
}

/** The rounds of the location that collect applications today, earliest deadline first. */
export async function findCollectingRounds(db: DbOrTx, locationId: number, today: string): Promise<RoundRow[]> {
  return db
    .select(getTableColumns(applicationRounds))
    .from(applicationRounds)
    .innerJoin(applicationRoundLocations, eq(applicationRoundLocations.roundId, applicationRounds.id))
    .where(
      and(
        eq(applicationRoundLocations.locationId, locationId),
        eq(applicationRounds.status, 'OPEN'),
        lte(applicationRounds.applicationStart, today),
        gte(applicationRounds.deadline, today),
      ),
    )
    .orderBy(asc(applicationRounds.deadline), asc(applicationRounds.id));
}

export interface NewWish {
  roundId: number;
  bookingId: number;
  bookableAssetId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  dateCount: number;
}

/** Rows per INSERT: 7 parameters each, far below PostgreSQL's 65 535 per statement. */
const WISH_CHUNK = 2000;

export async function insertWishes(db: DbOrTx, wishes: readonly NewWish[]): Promise<void> {
  for (let i = 0; i < wishes.length; i += WISH_CHUNK) await db.insert(roundWishes).values(wishes.slice(i, i + WISH_CHUNK));
}

export interface BookingRound {
  id: number;
  name: string;
  deadline: string;
  status: RoundRow['status'];
}

/** The round a booking's wishes are in, if any. */
export async function findRoundOfBooking(db: DbOrTx, bookingId: number): Promise<BookingRound | null> {
  const [row] = await db
    .select({
      id: applicationRounds.id,
      name: applicationRounds.name,
      deadline: applicationRounds.deadline,
      status: applicationRounds.status,
    })
    .from(roundWishes)
    .innerJoin(applicationRounds, eq(applicationRounds.id, roundWishes.roundId))
    .where(eq(roundWishes.bookingId, bookingId))
    .limit(1);
  return row ?? null;
}

/** The rounds these bookings' wishes are in, by booking. One query, whatever the number of bookings. */
export async function findRoundsOfBookings(db: DbOrTx, bookingIds: readonly number[]): Promise<Map<number, BookingRound>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({
      bookingId: roundWishes.bookingId,
      id: applicationRounds.id,
      name: applicationRounds.name,
      deadline: applicationRounds.deadline,
      status: applicationRounds.status,
    })
    .from(roundWishes)
    .innerJoin(applicationRounds, eq(applicationRounds.id, roundWishes.roundId))
    .where(inArray(roundWishes.bookingId, [...bookingIds]));
  return new Map(rows.map(({ bookingId, ...round }) => [bookingId, round]));
}

export async function locationExists(db: DbOrTx, locationId: number): Promise<boolean> {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  return row !== undefined;
}
