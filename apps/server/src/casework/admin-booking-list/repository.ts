import { sql, type SQL } from 'drizzle-orm';
import type { AdminBookingSort } from '@lokaler/domain/admin-booking-list';
import type { BookingDurationType, BookingPurpose, BookingStatus, CostCategory, SourceForm } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * The SQL of the request lists. A list is three queries whatever its length: the counts per status,
 * one page of bookings (with their dates from a lateral aggregate), and the rooms of that page.
 */

export interface BookingFilters {
  locationId: number;
  statuses?: readonly BookingStatus[] | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  bookableAssetId?: number | undefined;
  purpose?: BookingPurpose | undefined;
  text?: string | undefined;
  /** Only the applications this user has taken ('Mine saker'). */
  assigneeUserId?: number | undefined;
}

/** ISO-8601 UTC text of a timestamptz, the same on both engines. */
export const utcText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** LIKE pattern of a free text: its wildcards are literal characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause of every filter; `withStatus: false` leaves the status out (for the counts). */
export function whereClause(f: BookingFilters, withStatus: boolean): SQL {
  const parts: SQL[] = [sql`b.location_id = ${f.locationId}`];
  if (withStatus && f.statuses && f.statuses.length > 0) {
    parts.push(
      sql`b.status in (${sql.join(
        f.statuses.map((s) => sql`${s}::booking_status`),
        sql`, `,
      )})`,
    );
  }
  if (f.purpose) parts.push(sql`b.purpose = ${f.purpose}::booking_purpose`);
  if (f.fromDate || f.toDate || f.bookableAssetId) {
    // Any time of the booking (also rejected ones: a rejected application is found by its dates too).
    const inner: SQL[] = [sql`r.booking_id = b.id`, sql`r.status <> 'REPLACED'`];
    if (f.fromDate) inner.push(sql`r.date >= ${f.fromDate}::date`);
    if (f.toDate) inner.push(sql`r.date <= ${f.toDate}::date`);
    if (f.bookableAssetId) inner.push(sql`r.bookable_asset_id = ${f.bookableAssetId}`);
    parts.push(sql`exists (select 1 from reservations r where ${sql.join(inner, sql` and `)})`);
  }
  if (f.text) {
    const p = likePattern(f.text);
    parts.push(sql`(b.case_number ilike ${p} or u.name ilike ${p} or u.email ilike ${p} or b.organization_name ilike ${p}
      or b.organization_number ilike ${p} or b.internal_event_title ilike ${p} or b.on_behalf_of_name ilike ${p}
      or b.on_behalf_of_email ilike ${p} or b.form_answers ->> 'activity' ilike ${p} or b.form_answers ->> 'contactEmail' ilike ${p})`);
  }
  if (f.assigneeUserId)
    parts.push(sql`exists (select 1 from booking_assignees ba where ba.booking_id = b.id and ba.user_id = ${f.assigneeUserId})`);
  return sql.join(parts, sql` and `);
}

export async function countByStatus(db: DbOrTx, f: BookingFilters): Promise<Map<BookingStatus, number>> {
  const rows = await queryRows<{ status: BookingStatus; count: number }>(
    db,
    sql`
    select b.status, count(*)::int as count
    from bookings b left join users u on u.id = b.user_id
    where ${whereClause(f, false)}
    group by b.status`,
  );
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}

/** Decision 065: the first active date minus the location's behandlingstid, a date (no clock, no DST). */
const deadline = sql`(d.first_active_date - l.behandlingstid)`;

/** Every order ends on the id, so it is total: 'Neste søknad' counts on that. */
export const orderBy: Record<AdminBookingSort, SQL> = {
  deadline: sql`${deadline} asc nulls last, b.created_at asc, b.id asc`,
  '-deadline': sql`${deadline} desc nulls last, b.created_at desc, b.id desc`,
  created: sql`b.created_at asc, b.id asc`,
  '-created': sql`b.created_at desc, b.id desc`,
  firstDate: sql`d.first_date asc nulls last, b.id asc`,
  '-firstDate': sql`d.first_date desc nulls last, b.id desc`,
  caseNumber: sql`b.case_number asc, b.id asc`,
  '-caseNumber': sql`b.case_number desc, b.id desc`,
  applicant: sql`lower(coalesce(b.on_behalf_of_name, u.name, b.internal_event_title, '')) asc, b.id asc`,
  '-applicant': sql`lower(coalesce(b.on_behalf_of_name, u.name, b.internal_event_title, '')) desc, b.id desc`,
};

export interface ListRow extends Record<string, unknown> {
  id: number;
  case_number: string;
  status: BookingStatus;
  created_utc: string;
  purpose: BookingPurpose;
  duration_type: BookingDurationType;
  user_name: string | null;
  user_email: string | null;
  organization_name: string | null;
  internal_event_title: string | null;
  on_behalf_of_name: string | null;
  on_behalf_of_email: string | null;
  cost_category: CostCategory | null;
  activity: string | null;
  first_date: string | null;
  last_date: string | null;
  active_count: number;
  pending: boolean;
  source_form: SourceForm;
  held: boolean;
  round_name: string | null;
  deadline_date: string | null;
  assignee_user_id: number | null;
  assignee_name: string | null;
  assigned_utc: string | null;
  require_contract: boolean;
}

/** The joins every ordered list needs: the applicant, the location, the dates of the times. */
const listFrom = sql`
    from bookings b
    left join users u on u.id = b.user_id
    join locations l on l.id = b.location_id
    left join lateral (
      select min(r.date) as first_date, max(r.date) as last_date,
        min(r.date) filter (where r.status in ('UNPROCESSED', 'APPROVED', 'IN_ROUND')) as first_active_date,
        count(*) filter (where r.status in ('UNPROCESSED', 'APPROVED', 'IN_ROUND')) as active_count
      from reservations r where r.booking_id = b.id and r.status <> 'REPLACED'
    ) d on true`;

export async function listPage(db: DbOrTx, f: BookingFilters, sort: AdminBookingSort, limit: number, offset: number): Promise<ListRow[]> {
  return queryRows<ListRow>(
    db,
    sql`
    select b.id, b.case_number, b.status, ${utcText(sql`b.created_at`)} as created_utc, b.purpose, b.duration_type,
      u.name as user_name, u.email as user_email, b.organization_name, b.internal_event_title,
      b.on_behalf_of_name, b.on_behalf_of_email, b.cost_category, b.form_answers ->> 'activity' as activity,
      to_char(d.first_date, 'YYYY-MM-DD') as first_date, to_char(d.last_date, 'YYYY-MM-DD') as last_date,
      coalesce(d.active_count, 0)::int as active_count,
      exists (select 1 from requirements q where q.booking_id = b.id and not q.is_fulfilled) as pending,
      b.source_form, (b.hold_expires_at is not null) as held,
      (select ar.name from round_wishes w join application_rounds ar on ar.id = w.round_id
        where w.booking_id = b.id and ar.status <> 'CLOSED' limit 1) as round_name,
      to_char(${deadline}, 'YYYY-MM-DD') as deadline_date, l.require_contract,
      ba.user_id as assignee_user_id, au.name as assignee_name, ${utcText(sql`ba.assigned_at`)} as assigned_utc
    ${listFrom}
    left join booking_assignees ba on ba.booking_id = b.id
    left join users au on au.id = ba.user_id
    where ${whereClause(f, true)}
    order by ${orderBy[sort]}
    limit ${limit} offset ${offset}`,
  );
}

/**
 * 'Neste søknad' (decision 065): the booking after `afterId` in the list's order. The current booking
 * joins the ordered set whatever the filters, so it is placed by its own sort key even when it no
 * longer matches them. Null when it is the last, or not of this location.
 */
export async function nextInOrder(db: DbOrTx, f: BookingFilters, sort: AdminBookingSort, afterId: number): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with ordered as (
      select b.id, row_number() over (order by ${orderBy[sort]}) as n
      ${listFrom}
      where b.location_id = ${f.locationId} and (b.id = ${afterId} or (${whereClause(f, true)}))
    )
    select o.id from ordered o where o.n > (select c.n from ordered c where c.id = ${afterId}) order by o.n limit 1`,
  );
  return rows[0]?.id ?? null;
}

export interface RoomOfBooking extends Record<string, unknown> {
  booking_id: number;
  bookable_asset_id: number;
  name: string;
  external_asset_number: string | null;
}

/** The rooms applied for in these bookings (replaced times left out). */
export async function roomsOfBookings(db: DbOrTx, bookingIds: readonly number[]): Promise<RoomOfBooking[]> {
  if (bookingIds.length === 0) return [];
  return queryRows<RoomOfBooking>(
    db,
    sql`
    select distinct r.booking_id, r.bookable_asset_id, a.name, a.external_asset_number
    from reservations r join bookable_assets a on a.id = r.bookable_asset_id
    where r.booking_id in (${sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and r.status <> 'REPLACED'
    order by r.booking_id, a.name, r.bookable_asset_id`,
  );
}

export interface CalendarRow extends Record<string, unknown> {
  booking_id: number;
  case_number: string;
  booking_status: BookingStatus;
  purpose: BookingPurpose;
  title: string | null;
  reservation_id: number;
  bookable_asset_id: number;
  date: string;
  start_time: string;
  duration_minutes: number;
  reservation_status: ReservationStatus;
}

/**
 * The active reservations (UNPROCESSED, APPROVED) of the filtered bookings in a date range, in time
 * order, each with its booking. One query.
 */
export async function listCalendarRows(db: DbOrTx, f: BookingFilters, from: string, to: string): Promise<CalendarRow[]> {
  return queryRows<CalendarRow>(
    db,
    sql`
    select b.id as booking_id, b.case_number, b.status as booking_status, b.purpose,
      coalesce(b.internal_event_title, b.on_behalf_of_name, b.organization_name, u.name) as title,
      r.id as reservation_id, r.bookable_asset_id, to_char(r.date, 'YYYY-MM-DD') as date,
      to_char(r.start_time, 'HH24:MI:SS') as start_time, r.duration_minutes, r.status as reservation_status
    from bookings b
    left join users u on u.id = b.user_id
    join reservations r on r.booking_id = b.id
    where ${whereClause(f, true)}
      and r.status in ('UNPROCESSED', 'APPROVED')
      and r.date between ${from}::date and ${to}::date
      ${f.bookableAssetId ? sql`and r.bookable_asset_id = ${f.bookableAssetId}` : sql``}
    order by r.date, r.start_time, r.id`,
  );
}

/** The location's closed days in the range, with their reason (decision 042: the calendar marks them). One query. */
export async function listClosedDays(
  db: DbOrTx,
  locationId: number,
  from: string,
  to: string,
): Promise<{ date: string; reason: string | null }[]> {
  return queryRows<{ date: string; reason: string | null }>(
    db,
    sql`
    select to_char(date, 'YYYY-MM-DD') as date, reason from closed_dates
    where location_id = ${locationId} and date between ${from}::date and ${to}::date order by date`,
  );
}

/** The blocked times of the location's rooms in the range (one room when filtered). One query. */
export async function listBlockedTimes(
  db: DbOrTx,
  locationId: number,
  from: string,
  to: string,
  bookableAssetId?: number,
): Promise<{ bookableAssetId: number; date: string; startTime: string; durationMinutes: number }[]> {
  return queryRows<{ bookableAssetId: number; date: string; startTime: string; durationMinutes: number }>(
    db,
    sql`
    select t.bookable_asset_id as "bookableAssetId", to_char(t.date, 'YYYY-MM-DD') as date, to_char(t.start_time, 'HH24:MI:SS') as "startTime", t.duration_minutes as "durationMinutes"
    from blocked_times t join bookable_assets a on a.id = t.bookable_asset_id
    where a.location_id = ${locationId} and t.date between ${from}::date and ${to}::date
      ${bookableAssetId ? sql`and t.bookable_asset_id = ${bookableAssetId}` : sql``}
    order by t.date, t.start_time, t.bookable_asset_id`,
  );
}
