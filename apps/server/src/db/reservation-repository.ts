import { sql, type SQL } from 'drizzle-orm';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { DbOrTx } from './client';
import { reservations } from './schema/bookings';

export interface NewReservation {
  bookingId: number;
  bookableAssetId: number;
  /** YYYY-MM-DD, Oslo calendar date. */
  date: string;
  /** HH:mm or HH:mm:ss, Oslo wall clock. */
  startTime: string;
  durationMinutes: number;
  initialRepetitionDate?: string | null;
  status?: ReservationStatus;
}

export interface InsertedReservation {
  id: number;
  bookableAssetId: number;
  date: string;
  startTime: string;
  durationMinutes: number;
  status: ReservationStatus;
  /** The instant range PostgreSQL derived, as its text form. */
  period: string;
}

/**
 * Inserts reservations in one statement. `period` is a generated column: PostgreSQL computes
 * tstzrange((date + start_time) at time zone 'Europe/Oslo', … + duration, '[)') itself, so no caller
 * can store a range that disagrees with the wall-clock fields. An overlap with an active reservation
 * of the same room fails with SQLSTATE 23P01 (see sqlState in http/error-handler.ts); callers run
 * this inside their transaction so the whole booking is refused.
 */
export async function insertReservations(db: DbOrTx, rows: readonly NewReservation[]): Promise<InsertedReservation[]> {
  if (rows.length === 0) return [];
  return db.insert(reservations).values(rows.map((r) => ({
    bookingId: r.bookingId,
    bookableAssetId: r.bookableAssetId,
    date: r.date,
    startTime: r.startTime,
    durationMinutes: r.durationMinutes,
    initialRepetitionDate: r.initialRepetitionDate ?? null,
    status: r.status ?? 'UNPROCESSED',
  }))).returning({
    id: reservations.id,
    bookableAssetId: reservations.bookableAssetId,
    date: reservations.date,
    startTime: reservations.startTime,
    durationMinutes: reservations.durationMinutes,
    status: reservations.status,
    period: reservations.period,
  });
}

/**
 * The same range as the generated column, for a candidate time that is not stored yet (availability
 * checks: `where period && ${osloPeriodOf(...)}`). Same immutable expression as schema/columns.ts.
 */
export function osloPeriodOf(date: string, startTime: string, durationMinutes: number): SQL {
  const start = sql`((${date}::date + ${startTime}::time) at time zone 'Europe/Oslo')`;
  return sql`tstzrange(${start}, ((${start} at time zone 'UTC' + ${durationMinutes}::int * interval '1 minute') at time zone 'UTC'), '[)')`;
}
