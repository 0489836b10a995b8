import { sql } from 'drizzle-orm';
import type { ClosedDateRange, OpeningHoursBody, OpeningIntervalInput } from '@lokaler/domain/opening-hours';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';

/**
 * A location's standard opening hours, seasonal periods and closed-date ranges (decision 015). The
 * location's own rows only: a room's own hours (bookable_asset_id set) are not the location's and are
 * left as they are. Every write here moves search_rooms_version through the tables' triggers
 * (migrations 0012, 0017), so the search and the schedule see the change in their next request.
 */

/** 'HH:mm:ss' → 'HH:mm' ('24:00:00' stays '24:00'). */
const hhmm = (time: string) => time.slice(0, 5);

/** The location's status, the row locked until the transaction ends (one writer of its hours at a time); undefined: no such location. */
export async function lockLocationStatus(tx: Tx, locationId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(
    tx,
    sql`select status::text as status from locations where id = ${locationId} for update`,
  );
  return row?.status;
}

export async function findLocationStatus(db: DbOrTx, locationId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(db, sql`select status::text as status from locations where id = ${locationId}`);
  return row?.status;
}

interface HoursRow extends Record<string, unknown> {
  periodId: number | null;
  weekday: number;
  opens: string;
  closes: string;
}

interface PeriodRow extends Record<string, unknown> {
  id: number;
  name: string;
  fromDate: string;
  toDate: string;
}

/** The standard hours and the periods with their hours, as the API shows them. Two queries. */
export async function findOpeningHoursOf(db: DbOrTx, locationId: number): Promise<OpeningHoursBody> {
  const [hours, periods] = await Promise.all([
    queryRows<HoursRow>(
      db,
      sql`select period_id as "periodId", weekday, opens::text as opens, closes::text as closes
      from opening_hours where location_id = ${locationId} and bookable_asset_id is null order by weekday, opens`,
    ),
    queryRows<PeriodRow>(
      db,
      sql`select id, name, from_date::text as "fromDate", to_date::text as "toDate"
      from opening_hour_periods where location_id = ${locationId} order by from_date, id`,
    ),
  ]);
  const interval = (h: HoursRow): OpeningIntervalInput => ({ weekday: h.weekday, opens: hhmm(h.opens), closes: hhmm(h.closes) });
  return {
    standard: hours.filter((h) => h.periodId === null).map(interval),
    periods: periods.map((p) => ({
      name: p.name,
      fromDate: p.fromDate,
      toDate: p.toDate,
      hours: hours.filter((h) => h.periodId === p.id).map(interval),
    })),
  };
}

/**
 * Replaces the location's standard hours and periods (their hours go with them: ON DELETE CASCADE).
 * Four statements whatever the number of intervals.
 */
export async function replaceOpeningHours(tx: Tx, locationId: number, body: OpeningHoursBody): Promise<void> {
  await tx.execute(sql`delete from opening_hours where location_id = ${locationId} and bookable_asset_id is null and period_id is null`);
  await tx.execute(sql`delete from opening_hour_periods where location_id = ${locationId}`);
  const periodIds: number[] = [];
  if (body.periods.length > 0) {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`insert into opening_hour_periods (location_id, name, from_date, to_date)
      values ${sql.join(
        body.periods.map((p) => sql`(${locationId}, ${p.name}, ${p.fromDate}::date, ${p.toDate}::date)`),
        sql`, `,
      )} returning id`,
    );
    periodIds.push(...rows.map((r) => r.id));
  }
  const values = [
    ...body.standard.map((h) => ({ ...h, periodId: null as number | null })),
    ...body.periods.flatMap((p, i) => p.hours.map((h) => ({ ...h, periodId: periodIds[i] ?? null }))),
  ];
  if (values.length === 0) return;
  await tx.execute(sql`insert into opening_hours (location_id, period_id, weekday, opens, closes)
    values ${sql.join(
      values.map((v) => sql`(${locationId}, ${v.periodId}::int, ${v.weekday}, ${`${v.opens}:00`}::time, ${`${v.closes}:00`}::time)`),
      sql`, `,
    )}`);
}

export async function findClosedDateRanges(db: DbOrTx, locationId: number): Promise<ClosedDateRange[]> {
  return queryRows<ClosedDateRange & Record<string, unknown>>(
    db,
    sql`select id, from_date::text as "fromDate", to_date::text as "toDate", reason
    from closed_date_ranges where location_id = ${locationId} order by from_date, id`,
  );
}

/** Whether a range of the location, or a closed day of it entered without a range, falls on these dates. */
export async function closedDatesOverlap(tx: Tx, locationId: number, fromDate: string, toDate: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    tx,
    sql`select 1 as found where
    exists (select 1 from closed_date_ranges where location_id = ${locationId} and from_date <= ${toDate}::date and to_date >= ${fromDate}::date)
    or exists (select 1 from closed_dates where location_id = ${locationId} and date between ${fromDate}::date and ${toDate}::date)`,
  );
  return rows.length > 0;
}

/** The range and its days (closed_dates with range_id, what the rules read). Two statements. */
export async function insertClosedDateRange(
  tx: Tx,
  locationId: number,
  range: { fromDate: string; toDate: string; reason: string },
): Promise<ClosedDateRange> {
  const [row] = await queryRows<ClosedDateRange & Record<string, unknown>>(
    tx,
    sql`insert into closed_date_ranges (location_id, from_date, to_date, reason)
    values (${locationId}, ${range.fromDate}::date, ${range.toDate}::date, ${range.reason})
    returning id, from_date::text as "fromDate", to_date::text as "toDate", reason`,
  );
  await tx.execute(sql`insert into closed_dates (location_id, date, reason, range_id)
    select ${locationId}, d::date, ${range.reason}, ${row!.id}::int from generate_series(${range.fromDate}::date, ${range.toDate}::date, interval '1 day') as d`);
  return row!;
}

/** Removes the location's range and its days; undefined when the location has no such range. */
export async function deleteClosedDateRange(tx: Tx, locationId: number, rangeId: number): Promise<ClosedDateRange | undefined> {
  // The days first, explicitly (not by the foreign key's cascade), so closed_dates' own statement
  // trigger moves the search's version whatever the database does with cascades.
  await tx.execute(sql`delete from closed_dates where range_id = ${rangeId} and location_id = ${locationId}`);
  const [row] = await queryRows<ClosedDateRange & Record<string, unknown>>(
    tx,
    sql`delete from closed_date_ranges where id = ${rangeId} and location_id = ${locationId}
    returning id, from_date::text as "fromDate", to_date::text as "toDate", reason`,
  );
  return row;
}
