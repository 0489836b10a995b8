import { sql, type SQL } from 'drizzle-orm';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import {
  STATISTICS_ORGANISATION_FORM_UNKNOWN,
  STATISTICS_ORGANISATION_KEY_PREFIX,
  type StatisticsPeriod,
} from '@lokaler/domain/statistics';
import { queryRows, type Tx } from '../../db/client';
import type { HoursRow } from '../../availability';

/**
 * The statistics' reads (decision 068): every figure an aggregate made by the database, a fixed number
 * of statements whatever the size of the period or the city. `locationId` null is the whole city.
 * Booked time is the active reservations (UNPROCESSED and APPROVED: what holds the calendar) of every
 * purpose but a time made unavailable, counted on the reservation's date.
 */

const active = sql.raw(activeReservationStatuses.map((s) => `'${s}'`).join(', '));
const notUse = sql`'ADMINUSER_MAKE_TIME_UNAVAILABLE'`;

/**
 * The reservations of the scope in the period, as `r`: a location's through its rooms (reservations_asset_date),
 * the city's by date alone (no join: at city scale a join with the rooms cost a second of three).
 */
function reservationsInScope(locationId: number | null, period: StatisticsPeriod): SQL {
  const dates = sql`r.date between ${period.from}::date and ${period.to}::date`;
  return locationId === null
    ? sql`reservations r where ${dates}`
    : sql`reservations r join bookable_assets a on a.id = r.bookable_asset_id and a.location_id = ${locationId} where ${dates}`;
}

export interface ScopeRoom {
  id: number;
  name: string;
  locationId: number;
  locationName: string;
}

/** The rooms of the location, or of every location; ordered by location and room name. */
export async function loadScopeRooms(tx: Tx, locationId: number | null): Promise<ScopeRoom[]> {
  const rows = await queryRows<{ id: number; name: string; location_id: number; location_name: string }>(
    tx,
    sql`select a.id, a.name, a.location_id, l.name as location_name from bookable_assets a join locations l on l.id = a.location_id
      ${locationId === null ? sql`` : sql`where a.location_id = ${locationId}`} order by l.name, l.id, a.name, a.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, locationId: Number(r.location_id), locationName: r.location_name }));
}

export interface OpeningData {
  hours: HoursRow[];
  periods: { locationId: number; fromDate: string; toDate: string }[];
  closed: { locationId: number; date: string }[];
}

/** The scope's opening hours (standard and of the periods that touch the period), its seasonal periods and closed dates. Three small reads. */
export async function loadOpeningData(tx: Tx, locationId: number | null, period: StatisticsPeriod): Promise<OpeningData> {
  const ofScope = (alias: string) => (locationId === null ? sql`true` : sql`${sql.raw(alias)}.location_id = ${locationId}`);
  const hours = await queryRows<{ l: number; a: number | null; w: number; o: string; c: string; f: string | null; t: string | null }>(
    tx,
    sql`select h.location_id as l, h.bookable_asset_id as a, h.weekday as w, h.opens::text as o, h.closes::text as c,
        p.from_date::text as f, p.to_date::text as t
      from opening_hours h left join opening_hour_periods p on p.id = h.period_id
      where ${ofScope('h')} and (h.period_id is null or (p.to_date >= ${period.from}::date and p.from_date <= ${period.to}::date))`,
  );
  const periods = await queryRows<{ l: number; f: string; t: string }>(
    tx,
    sql`select p.location_id as l, p.from_date::text as f, p.to_date::text as t from opening_hour_periods p
      where ${ofScope('p')} and p.to_date >= ${period.from}::date and p.from_date <= ${period.to}::date`,
  );
  const closed = await queryRows<{ l: number; d: string }>(
    tx,
    sql`select c.location_id as l, c.date::text as d from closed_dates c where ${ofScope('c')} and c.date between ${period.from}::date and ${period.to}::date`,
  );
  return {
    hours: hours.map((h) => ({
      locationId: Number(h.l),
      bookableAssetId: h.a === null ? null : Number(h.a),
      weekday: Number(h.w),
      opens: h.o,
      closes: h.c,
      fromDate: h.f,
      toDate: h.t,
    })),
    periods: periods.map((p) => ({ locationId: Number(p.l), fromDate: p.f, toDate: p.t })),
    closed: closed.map((c) => ({ locationId: Number(c.l), date: c.d })),
  };
}

/**
 * Booked minutes per room and ISO week (the week's Monday) for a location, per room and month
 * ('YYYY-MM') city-wide (the page adds a location's rooms up). The times made unavailable are taken
 * off by a second, small read through their bookings rather than an anti-join over every reservation.
 */
export async function loadBookedMinutes(
  tx: Tx,
  locationId: number | null,
  period: StatisticsPeriod,
): Promise<{ room: number; column: string; minutes: number }[]> {
  const column = locationId === null ? sql`to_char(r.date, 'YYYY-MM')` : sql`to_char(date_trunc('week', r.date), 'YYYY-MM-DD')`;
  const rows = await queryRows<{ room: number; column: string; minutes: string | number }>(
    tx,
    sql`select room, col as column, sum(minutes)::bigint as minutes from (
        select r.bookable_asset_id as room, ${column} as col, r.duration_minutes as minutes
        from ${reservationsInScope(locationId, period)} and r.status in (${active})
        union all
        select r.bookable_asset_id, ${column}, -r.duration_minutes
        from bookings b join reservations r on r.booking_id = b.id
        where b.purpose = ${notUse}${locationId === null ? sql`` : sql` and b.location_id = ${locationId}`}
          and r.date between ${period.from}::date and ${period.to}::date and r.status in (${active})
      ) x group by room, col having sum(minutes) <> 0`,
  );
  return rows.map((r) => ({ room: Number(r.room), column: r.column, minutes: Number(r.minutes) }));
}

export type BreakdownDimension = 'purpose' | 'age' | 'kind';

/** Booked minutes and bookings by purpose, by the form's age group and by kind of applicant (an organisation by its form). One statement. */
export async function loadBreakdowns(
  tx: Tx,
  locationId: number | null,
  period: StatisticsPeriod,
): Promise<{ dimension: BreakdownDimension; key: string; minutes: number; bookings: number }[]> {
  const rows = await queryRows<{ dimension: BreakdownDimension; key: string; minutes: string | number; bookings: number }>(
    tx,
    sql`with booked as materialized (
        select r.booking_id, sum(r.duration_minutes)::bigint as minutes
        from ${reservationsInScope(locationId, period)} and r.status in (${active})
        group by r.booking_id
      ), facts as materialized (
        select b.purpose::text as purpose,
          case when b.form_answers->>'ageGroup' in ('CHILDREN', 'YOUTH', 'ADULTS', 'ALL') then b.form_answers->>'ageGroup' else 'UNKNOWN' end as age,
          case when b.purpose = 'ADMINUSER_INTERNAL_ACTIVITY' then 'INTERNAL'
            when b.organization_number is not null then ${STATISTICS_ORGANISATION_KEY_PREFIX}::text || coalesce(b.organization_form, ${STATISTICS_ORGANISATION_FORM_UNKNOWN}::text)
            else 'PERSON' end as kind,
          k.minutes
        from booked k join bookings b on b.id = k.booking_id
        where b.purpose <> ${notUse}
      )
      select 'purpose' as dimension, purpose as key, sum(minutes)::bigint as minutes, count(*)::int as bookings from facts group by purpose
      union all select 'age', age, sum(minutes)::bigint, count(*)::int from facts group by age
      union all select 'kind', kind, sum(minutes)::bigint, count(*)::int from facts group by kind`,
  );
  return rows.map((r) => ({ dimension: r.dimension, key: r.key, minutes: Number(r.minutes), bookings: Number(r.bookings) }));
}

/**
 * Minutes applied for by the public per weekday (ISO) and hour of the Oslo wall clock: every time of
 * an application (PUBLICUSER_LOAN) on a date of the period, whatever became of it — rejected,
 * cancelled and still in a round too — except a time an administrator replaced by another (the other
 * counts instead). A time is split over the hours it covers; past midnight it counts on the next weekday.
 */
export async function loadDemand(
  tx: Tx,
  locationId: number | null,
  period: StatisticsPeriod,
): Promise<{ weekday: number; hour: number; minutes: number }[]> {
  // Grouped by weekday, start and length: a few thousand groups for a year of the city, each split below. The
  // times of other purposes (few) are taken off by a second read through their bookings, not a join over all.
  const shape = sql`extract(isodow from r.date)::int as dow,
    extract(hour from r.start_time)::int * 60 + extract(minute from r.start_time)::int as s, r.duration_minutes as d`;
  const rows = await queryRows<{ dow: number; s: number; d: number; n: string | number }>(
    tx,
    sql`select dow, s, d, sum(n) as n from (
        select ${shape}, count(*) as n from ${reservationsInScope(locationId, period)} and r.status <> 'REPLACED' group by 1, 2, 3
        union all
        select ${shape}, -count(*) from bookings b join reservations r on r.booking_id = b.id
        where b.purpose <> 'PUBLICUSER_LOAN'${locationId === null ? sql`` : sql` and b.location_id = ${locationId}`}
          and r.date between ${period.from}::date and ${period.to}::date and r.status <> 'REPLACED'
        group by 1, 2, 3
      ) x group by dow, s, d having sum(n) <> 0`,
  );
  const minutes = new Map<number, number>();
  for (const row of rows) {
    const [dow, start, length, times] = [Number(row.dow), Number(row.s), Number(row.d), Number(row.n)];
    for (let hour = Math.floor(start / 60); hour * 60 < start + length; hour++) {
      const covered = Math.min(start + length, (hour + 1) * 60) - Math.max(start, hour * 60);
      const key = ((dow - 1 + Math.floor(hour / 24)) % 7) * 24 + (hour % 24);
      minutes.set(key, (minutes.get(key) ?? 0) + covered * times);
    }
  }
  return [...minutes].map(([key, value]) => ({ weekday: Math.floor(key / 24) + 1, hour: key % 24, minutes: value }));
}

/**
 * Handling times of applications (PUBLICUSER_LOAN) whose first decision — the first approval or
 * rejection in the change log, an automatic rejection too — fell on a date of the period: per month of
 * that decision ('YYYY-MM', Oslo) and for the whole period (month null), the count, the median and the
 * 90th percentile of the hours from sending to deciding. A location's applications are read through
 * bookings_location_status and each one's first decision through change_log_booking; city-wide the
 * decisions are read once and grouped by booking.
 */
export async function loadHandlingTimes(
  tx: Tx,
  locationId: number | null,
  period: StatisticsPeriod,
): Promise<{ month: string | null; decided: number; median: number | null; p90: number | null }[]> {
  const decision = sql`c.type in ('BookingApproval', 'BookingRejection')`;
  const firsts =
    locationId === null
      ? sql`select b.created_at, f.decided_at
          from (select c.booking_id, min(c.logged_at) as decided_at from change_log c where ${decision} group by c.booking_id) f
          join bookings b on b.id = f.booking_id and b.purpose = 'PUBLICUSER_LOAN'`
      : sql`select b.created_at,
            (select min(c.logged_at) from change_log c where c.booking_id = b.id and ${decision}) as decided_at
          from bookings b where b.location_id = ${locationId} and b.purpose = 'PUBLICUSER_LOAN'`;
  const rows = await queryRows<{ month: string | null; decided: number; median: number | null; p90: number | null }>(
    tx,
    sql`with firsts as materialized (${firsts}), handled as (
        select to_char(f.decided_at at time zone 'Europe/Oslo', 'YYYY-MM') as month,
          extract(epoch from f.decided_at - f.created_at) / 3600.0 as hours
        from firsts f
        where f.decided_at >= (${period.from}::date::timestamp at time zone 'Europe/Oslo')
          and f.decided_at < ((${period.to}::date + 1)::timestamp at time zone 'Europe/Oslo')
      )
      select month, count(*)::int as decided,
        percentile_cont(0.5) within group (order by hours) as median,
        percentile_cont(0.9) within group (order by hours) as p90
      from handled group by rollup (month) order by month nulls last`,
  );
  return rows.map((r) => ({
    month: r.month,
    decided: Number(r.decided),
    median: r.median === null ? null : Number(r.median),
    p90: r.p90 === null ? null : Number(r.p90),
  }));
}

/** The location's name; undefined when it does not exist. */
export async function findLocationName(tx: Tx, locationId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(tx, sql`select name from locations where id = ${locationId}`);
  return row?.name;
}

/**
 * JIT off for the rest of the transaction: PostgreSQL compiles by the cost estimate, and the city's
 * aggregates look expensive enough that the compilation costs more than it saves (as for the
 * reimbursement report).
 */
export async function turnOffJit(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('jit', 'off', true)`);
}
