import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { DbOrTx } from './client';
import { bookableAssets } from './schema/assets';
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

/** A reservation with its room, as the applicant's and the administrator's booking pages work with it. */
export interface ReservationWithRoom {
  id: number;
  bookingId: number;
  bookableAssetId: number;
  roomName: string;
  roomNumber: string | null;
  roomLocationId: number;
  squareMeters: number | null;
  hasOslonokkelen: boolean;
  date: string;
  startTime: string;
  durationMinutes: number;
  initialRepetitionDate: string | null;
  status: ReservationStatus;
}

/** Every reservation of these bookings with its room, in date and time order. One query, whatever the number of bookings. */
export async function loadReservationsWithRooms(db: DbOrTx, bookingIds: readonly number[]): Promise<ReservationWithRoom[]> {
  if (bookingIds.length === 0) return [];
  return db.select({
    id: reservations.id,
    bookingId: reservations.bookingId,
    bookableAssetId: reservations.bookableAssetId,
    roomName: bookableAssets.name,
    roomNumber: bookableAssets.externalAssetNumber,
    roomLocationId: bookableAssets.locationId,
    squareMeters: bookableAssets.squareMeters,
    hasOslonokkelen: bookableAssets.hasOslonokkelen,
    date: reservations.date,
    startTime: reservations.startTime,
    durationMinutes: reservations.durationMinutes,
    initialRepetitionDate: reservations.initialRepetitionDate,
    status: reservations.status,
  }).from(reservations)
    .innerJoin(bookableAssets, eq(bookableAssets.id, reservations.bookableAssetId))
    .where(inArray(reservations.bookingId, [...bookingIds]))
    .orderBy(asc(reservations.date), asc(reservations.startTime), asc(reservations.id));
}
