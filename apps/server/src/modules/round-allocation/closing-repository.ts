import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { applicationRounds } from '../../db/schema/application-rounds';
import { bookings } from '../../db/schema/bookings';

/** The closing's queries (issue 17 point 4): one application at a time, each in its own transaction. */

const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;

/** Wishes of the round's live applications nobody has decided yet. */
export async function countUndecidedWishes(db: DbOrTx, roundId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from round_wishes w join bookings b on b.id = w.booking_id
    where w.round_id = ${roundId} and w.decision = 'UNDECIDED' and b.status = 'UNPROCESSED'`);
  return Number(row?.n ?? 0);
}

export async function setRoundClosing(tx: Tx, roundId: number, now: Date): Promise<void> {
  await tx.update(applicationRounds).set({ status: 'CLOSING', closingStartedAt: now }).where(eq(applicationRounds.id, roundId));
}

/** CLOSED, unless an application of the round is still undecided (then it stays CLOSING for a re-run). */
export async function setRoundClosedIfDone(tx: Tx, roundId: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`update application_rounds set status = 'CLOSED', closed_at = ${now.toISOString()}::timestamptz
    where id = ${roundId} and status = 'CLOSING' and not exists (
      select 1 from round_wishes w join bookings b on b.id = w.booking_id where w.round_id = ${roundId} and b.status = 'UNPROCESSED')
    returning id`);
  return rows.length > 0;
}

/** The round's applications still to answer, by id. */
export async function findUndecidedBookingIds(db: DbOrTx, roundId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select distinct w.booking_id as id from round_wishes w join bookings b on b.id = w.booking_id
    where w.round_id = ${roundId} and b.status = 'UNPROCESSED' order by 1`);
  return rows.map((r) => r.id);
}

export async function findClosingRoundIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: applicationRounds.id }).from(applicationRounds).where(eq(applicationRounds.status, 'CLOSING')).orderBy(applicationRounds.id);
  return rows.map((r) => r.id);
}

export type BookingRow = typeof bookings.$inferSelect;

/**
 * The booking, locked, if it is still UNPROCESSED and no other transaction holds it (SKIP LOCKED:
 * two closers of one round — the request and the job — never wait for or decide the same one).
 */
export async function lockUndecidedBooking(tx: Tx, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.status, 'UNPROCESSED'))).for('update', { skipLocked: true });
  return row;
}

export interface InRoundReservation extends Record<string, unknown> {
  id: number;
  roomId: number;
  date: string;
  startMinute: number;
  durationMinutes: number;
}

export async function findInRoundReservations(tx: Tx, bookingId: number): Promise<InRoundReservation[]> {
  return queryRows<InRoundReservation>(tx, sql`select id, bookable_asset_id as "roomId", date::text as date,
      (extract(hour from start_time) * 60 + extract(minute from start_time))::int as "startMinute", duration_minutes as "durationMinutes"
    from reservations where booking_id = ${bookingId} and status = 'IN_ROUND' order by date, start_time, id`);
}

export interface ClosingWish extends Record<string, unknown> {
  id: number;
  roomId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  decision: string;
  allocRoomId: number | null;
  allocWeekday: number | null;
  allocStartMinute: number | null;
  allocEndMinute: number | null;
  reason: string | null;
}

export async function findWishesOfBooking(tx: Tx, roundId: number, bookingId: number): Promise<ClosingWish[]> {
  return queryRows<ClosingWish>(tx, sql`select id, bookable_asset_id as "roomId", weekday::int as weekday, start_minute as "startMinute", end_minute as "endMinute",
      decision::text as decision, alloc_asset_id as "allocRoomId", alloc_weekday::int as "allocWeekday", alloc_start_minute as "allocStartMinute",
      alloc_end_minute as "allocEndMinute", reason
    from round_wishes where round_id = ${roundId} and booking_id = ${bookingId} order by id`);
}

export async function findRoomNames(tx: Tx, roomIds: readonly number[]): Promise<Map<number, { name: string; roomNumber: string | null }>> {
  if (roomIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string; roomNumber: string | null }>(tx, sql`select id, name, external_asset_number as "roomNumber"
    from bookable_assets where id = any(${intArray([...new Set(roomIds)])})`);
  return new Map(rows.map((r) => [r.id, { name: r.name, roomNumber: r.roomNumber }]));
}

export interface Candidate {
  roomId: number;
  date: string;
  startMinute: number;
  durationMinutes: number;
}

/**
 * Of the candidate times, the indexes of those an active reservation of another booking or a
 * blocked time overlaps (instants, as the exclusion constraint compares them). One query.
 */
export async function findBusyCandidates(tx: Tx, bookingId: number, candidates: readonly Candidate[]): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const values = sql.join(candidates.map((c, i) => sql`(${i}::int, ${c.roomId}::int, ${c.date}::date, ${c.startMinute}::int, ${c.durationMinutes}::int)`), sql`, `);
  const rows = await queryRows<{ i: number }>(tx, sql`select v.i from (
      select c.i, c.room, tstzrange((c.d + make_interval(mins => c.s)) at time zone 'Europe/Oslo',
        ((((c.d + make_interval(mins => c.s)) at time zone 'Europe/Oslo') at time zone 'UTC' + make_interval(mins => c.dur)) at time zone 'UTC'), '[)') as period
      from (values ${values}) c(i, room, d, s, dur)) v
    where exists (select 1 from reservations o where o.bookable_asset_id = v.room and o.booking_id <> ${bookingId} and o.status in ('UNPROCESSED', 'APPROVED') and o.period && v.period)
      or exists (select 1 from blocked_times t where t.bookable_asset_id = v.room and t.period && v.period)`);
  return new Set(rows.map((r) => r.i));
}

export async function setStatusOfReservations(tx: Tx, ids: readonly number[], status: 'APPROVED' | 'REPLACED' | 'REJECTED'): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update reservations set status = ${status}::reservation_status, updated_at = now() where id = any(${intArray(ids)})`);
}

/** How the round's applications were answered (for the closing's answer). One query. */
export async function countOutcome(db: DbOrTx, roundId: number): Promise<{ approved: number; partlyApproved: number; rejected: number }> {
  const [row] = await queryRows<{ approved: number; partly: number; rejected: number }>(db, sql`
    with apps as (
      select b.id, b.status, bool_and(w.decision = 'ASKED') as all_asked,
        exists (select 1 from reservations r where r.booking_id = b.id and r.status = 'REJECTED') as some_rejected
      from round_wishes w join bookings b on b.id = w.booking_id where w.round_id = ${roundId} group by b.id, b.status)
    select count(*) filter (where status = 'APPROVED' and all_asked and not some_rejected)::int as approved,
      count(*) filter (where status = 'APPROVED' and not (all_asked and not some_rejected))::int as partly,
      count(*) filter (where status = 'REJECTED')::int as rejected
    from apps`);
  return { approved: Number(row?.approved ?? 0), partlyApproved: Number(row?.partly ?? 0), rejected: Number(row?.rejected ?? 0) };
}

export interface ClosingLocation extends Record<string, unknown> {
  name: string;
  requireContract: boolean;
}

export async function findClosingLocation(tx: Tx, locationId: number): Promise<ClosingLocation | undefined> {
  const [row] = await queryRows<ClosingLocation>(tx, sql`select name, require_contract as "requireContract" from locations where id = ${locationId}`);
  return row;
}

/**
 * The approval's terms: a semester loan of the round is a loan (FREE) unless the booking says
 * otherwise; who approved is the administrator who closed the round (or the job, 'System').
 */
export async function saveRoundApproval(tx: Tx, bookingId: number, costCategory: string, actor: { userId: number | null; name: string }, now: Date): Promise<void> {
  await tx.execute(sql`insert into booking_approvals (booking_id, cost_category, approved_by_user_id, approved_by_name, approved_at)
    values (${bookingId}, ${costCategory}::cost_category, ${actor.userId}::int, ${actor.name}, ${now.toISOString()}::timestamptz)
    on conflict (booking_id) do update set cost_category = excluded.cost_category, approved_by_user_id = excluded.approved_by_user_id,
      approved_by_name = excluded.approved_by_name, approved_at = excluded.approved_at`);
}
