import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's tstzrange, read and written as its text form ('["2025-03-30 01:00:00+01","…")').
 * Drizzle has no range type; the application never builds ranges in JS, the database derives them.
 */
export const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/**
 * The instant range of a wall-clock slot in Europe/Oslo: start = (date + start_time) in Oslo,
 * end = start + duration in real elapsed time, half-open. Built only from IMMUTABLE functions
 * (timestamp ± interval, timezone(text, …)) so it can be a stored generated column: the detour
 * through UTC wall-clock avoids `timestamptz + interval`, which PostgreSQL marks STABLE.
 * A 3-hour booking from 01:00 on the spring-forward Sunday ends at 05:00 Oslo time, not 04:00.
 */
export function osloPeriod(dateColumn: string, startColumn: string, minutesColumn: string) {
  const start = `(("${dateColumn}" + "${startColumn}") AT TIME ZONE 'Europe/Oslo')`;
  const end = `((${start} AT TIME ZONE 'UTC' + "${minutesColumn}" * interval '1 minute') AT TIME ZONE 'UTC')`;
  return sql.raw(`tstzrange(${start}, ${end}, '[)')`);
}
