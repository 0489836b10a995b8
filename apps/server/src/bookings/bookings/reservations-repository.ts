import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema/bookings';

/*
 * New reservations, written only here (the bookings module owns the table). Their first status is
 * the caller's: UNPROCESSED or IN_ROUND for an application, APPROVED for an administrator's booking
 * or a round's decision (packages/domain/booking-lifecycle initialReservationStatuses); test set-ups
 * write other statuses through this too.
 */

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
  return insertStatement(db, rows);
}

/**
 * As insertReservations, but a row that overlaps an active reservation (the exclusion constraint,
 * the table's only constraint a new row can meet) is left out instead of failing the statement
 * (ON CONFLICT DO NOTHING): the transaction goes on without a savepoint, and the caller compares
 * what was inserted with what it asked for.
 */
export async function insertReservationsUnlessTaken(db: DbOrTx, rows: readonly NewReservation[]): Promise<InsertedReservation[]> {
  if (rows.length === 0) return [];
  return insertStatement(db, rows).onConflictDoNothing();
}

function insertStatement(db: DbOrTx, rows: readonly NewReservation[]) {
  return db
    .insert(reservations)
    .values(
      rows.map((r) => ({
        bookingId: r.bookingId,
        bookableAssetId: r.bookableAssetId,
        date: r.date,
        startTime: r.startTime,
        durationMinutes: r.durationMinutes,
        initialRepetitionDate: r.initialRepetitionDate ?? null,
        status: r.status ?? 'UNPROCESSED',
      })),
    )
    .returning({
      id: reservations.id,
      bookableAssetId: reservations.bookableAssetId,
      date: reservations.date,
      startTime: reservations.startTime,
      durationMinutes: reservations.durationMinutes,
      status: reservations.status,
      period: reservations.period,
    });
}
