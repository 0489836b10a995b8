import { eq, sql } from 'drizzle-orm';
import type { BookingFormAnswers, CostCategory } from '@lokaler/domain/booking';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { applicationRounds } from '../../db/schema/application-rounds';
import { intArray } from './repository';

/** The closing's queries (decision 031): one application at a time, each in its own transaction. */

/** Wishes of the round's live applications nobody has decided yet. */
export async function countUndecidedWishes(db: DbOrTx, roundId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from round_wishes w join bookings b on b.id = w.booking_id
    where w.round_id = ${roundId} and w.decision = 'UNDECIDED' and b.status = 'UNPROCESSED'`,
  );
  return Number(row?.n ?? 0);
}

export async function setRoundClosing(tx: Tx, roundId: number, now: Date): Promise<void> {
  await tx.update(applicationRounds).set({ status: 'CLOSING', closingStartedAt: now }).where(eq(applicationRounds.id, roundId));
}

/** CLOSED, unless an application of the round is still undecided (then it stays CLOSING for a re-run). */
export async function setRoundClosedIfDone(tx: Tx, roundId: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update application_rounds set status = 'CLOSED', closed_at = ${now.toISOString()}::timestamptz
    where id = ${roundId} and status = 'CLOSING' and not exists (
      select 1 from round_wishes w join bookings b on b.id = w.booking_id where w.round_id = ${roundId} and b.status = 'UNPROCESSED')
    returning id`,
  );
  return rows.length > 0;
}

/** The round's applications still to answer, by id. */
export async function findUndecidedBookingIds(db: DbOrTx, roundId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct w.booking_id as id from round_wishes w join bookings b on b.id = w.booking_id
    where w.round_id = ${roundId} and b.status = 'UNPROCESSED' order by 1`,
  );
  return rows.map((r) => r.id);
}

export async function findClosingRoundIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: applicationRounds.id })
    .from(applicationRounds)
    .where(eq(applicationRounds.status, 'CLOSING'))
    .orderBy(applicationRounds.id);
  return rows.map((r) => r.id);
}

export interface ClosingApplication extends Record<string, unknown> {
  id: number;
  caseNumber: string;
  locationId: number;
  userId: number | null;
  onBehalfOfEmail: string | null;
  formAnswers: BookingFormAnswers;
  costCategory: CostCategory | null;
  userEmail: string | null;
  wishes: ClosingWish[];
  dates: InRoundReservation[];
}

/**
 * The applications, locked, with their wishes in the round and their IN_ROUND dates — those still
 * UNPROCESSED that no other transaction holds (SKIP LOCKED: two closers of one round, the request
 * and the job, never wait for or decide the same one). One statement, by booking id.
 */
export async function lockUndecidedApplications(tx: Tx, roundId: number, bookingIds: readonly number[]): Promise<ClosingApplication[]> {
  if (bookingIds.length === 0) return [];
  return queryRows<ClosingApplication>(
    tx,
    sql`with locked as (
      select b.id, b.case_number, b.location_id, b.user_id, b.on_behalf_of_email, b.form_answers, b.cost_category::text as cost_category
      from bookings b where b.id = any(${intArray(bookingIds)}) and b.status = 'UNPROCESSED' order by b.id for update skip locked)
    select l.id, l.case_number as "caseNumber", l.location_id as "locationId", l.user_id as "userId", l.on_behalf_of_email as "onBehalfOfEmail",
      l.form_answers as "formAnswers", l.cost_category as "costCategory", (select u.email from users u where u.id = l.user_id) as "userEmail",
      (select coalesce(json_agg(json_build_object('id', w.id, 'roomId', w.bookable_asset_id, 'weekday', w.weekday, 'startMinute', w.start_minute,
          'endMinute', w.end_minute, 'decision', w.decision, 'allocRoomId', w.alloc_asset_id, 'allocWeekday', w.alloc_weekday,
          'allocStartMinute', w.alloc_start_minute, 'allocEndMinute', w.alloc_end_minute, 'reason', w.reason) order by w.id), '[]')
        from round_wishes w where w.round_id = ${roundId} and w.booking_id = l.id) as wishes,
      (select coalesce(json_agg(json_build_object('id', r.id, 'roomId', r.bookable_asset_id, 'date', r.date,
          'startMinute', (extract(hour from r.start_time) * 60 + extract(minute from r.start_time))::int, 'durationMinutes', r.duration_minutes)
          order by r.date, r.start_time, r.id), '[]')
        from reservations r where r.booking_id = l.id and r.status = 'IN_ROUND') as dates
    from locked l order by l.id`,
  );
}

export interface InRoundReservation {
  id: number;
  roomId: number;
  date: string;
  startMinute: number;
  durationMinutes: number;
}

export interface ClosingWish {
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

export interface ClosingPlace {
  rooms: Map<number, { name: string; roomNumber: string | null }>;
  locations: Map<number, { name: string; requireContract: boolean; enableVedtak: boolean; contactEmail: string | null }>;
}

/** The round's rooms and locations as the closing names them, read once for all its applications. Two queries. */
export async function findClosingPlace(db: DbOrTx, locationIds: readonly number[]): Promise<ClosingPlace> {
  const ids = intArray(locationIds);
  const rooms = await queryRows<{ id: number; name: string; roomNumber: string | null }>(
    db,
    sql`select id, name, external_asset_number as "roomNumber"
    from bookable_assets where location_id = any(${ids})`,
  );
  const locations = await queryRows<{
    id: number;
    name: string;
    requireContract: boolean;
    enableVedtak: boolean;
    contactEmail: string | null;
  }>(
    db,
    sql`select id, name,
    require_contract as "requireContract", enable_vedtak as "enableVedtak", contact_email as "contactEmail" from locations where id = any(${ids})`,
  );
  return {
    rooms: new Map(rooms.map((r) => [r.id, { name: r.name, roomNumber: r.roomNumber }])),
    locations: new Map(
      locations.map((l) => [
        l.id,
        { name: l.name, requireContract: l.requireContract, enableVedtak: l.enableVedtak, contactEmail: l.contactEmail },
      ]),
    ),
  };
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
export async function findBusyCandidates(tx: Tx, candidates: readonly (Candidate & { bookingId: number })[]): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const values = sql.join(
    candidates.map(
      (c, i) => sql`(${i}::int, ${c.bookingId}::int, ${c.roomId}::int, ${c.date}::date, ${c.startMinute}::int, ${c.durationMinutes}::int)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ i: number }>(
    tx,
    sql`select v.i from (
      select c.i, c.booking, c.room, tstzrange((c.d + make_interval(mins => c.s)) at time zone 'Europe/Oslo',
        ((((c.d + make_interval(mins => c.s)) at time zone 'Europe/Oslo') at time zone 'UTC' + make_interval(mins => c.dur)) at time zone 'UTC'), '[)') as period
      from (values ${values}) c(i, booking, room, d, s, dur)) v
    where exists (select 1 from reservations o where o.bookable_asset_id = v.room and o.booking_id <> v.booking and o.status in ('UNPROCESSED', 'APPROVED') and o.period && v.period)
      or exists (select 1 from blocked_times t where t.bookable_asset_id = v.room and t.period && v.period)`,
  );
  return new Set(rows.map((r) => r.i));
}

/** How the round's applications were answered (for the closing's answer). One query. */
export async function countOutcome(db: DbOrTx, roundId: number): Promise<{ approved: number; partlyApproved: number; rejected: number }> {
  const [row] = await queryRows<{ approved: number; partly: number; rejected: number }>(
    db,
    sql`
    with apps as (
      select b.id, b.status,
        exists (select 1 from reservations r where r.booking_id = b.id and r.status = 'REJECTED') as some_rejected
      from round_wishes w join bookings b on b.id = w.booking_id where w.round_id = ${roundId} group by b.id, b.status)
    select count(*) filter (where status = 'APPROVED' and not some_rejected)::int as approved,
      count(*) filter (where status = 'APPROVED' and some_rejected)::int as partly,
      count(*) filter (where status = 'REJECTED')::int as rejected
    from apps`,
  );
  return { approved: Number(row?.approved ?? 0), partlyApproved: Number(row?.partly ?? 0), rejected: Number(row?.rejected ?? 0) };
}

export interface BookingDecision {
  bookingId: number;
  status: 'APPROVED' | 'REJECTED';
  costCategory: CostCategory | null;
}

/**
 * The approved bookings' terms, in one statement — a semester loan of the round is a loan (FREE)
 * unless the booking says otherwise; who approved is the administrator who closed the round (or
 * the job, 'System'). The statuses are the bookings module's to write.
 */
export async function saveApprovals(
  tx: Tx,
  decisions: readonly BookingDecision[],
  actor: { userId: number | null; name: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const approved = decisions.filter((d) => d.status === 'APPROVED');
  if (approved.length === 0) return;
  await tx.execute(sql`insert into booking_approvals (booking_id, cost_category, approved_by_user_id, approved_by_name, approved_at)
    values ${sql.join(
      approved.map(
        (d) =>
          sql`(${d.bookingId}::int, ${d.costCategory ?? 'FREE'}::cost_category, ${actor.userId}::int, ${actor.name}, ${at}::timestamptz)`,
      ),
      sql`, `,
    )}
    on conflict (booking_id) do update set cost_category = excluded.cost_category, approved_by_user_id = excluded.approved_by_user_id,
      approved_by_name = excluded.approved_by_name, approved_at = excluded.approved_at`);
}
