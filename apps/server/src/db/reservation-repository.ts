import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { DbOrTx } from './client';
import { bookableAssets } from './schema/assets';
import { reservations } from './schema/bookings';

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
  return db
    .select({
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
    })
    .from(reservations)
    .innerJoin(bookableAssets, eq(bookableAssets.id, reservations.bookableAssetId))
    .where(inArray(reservations.bookingId, [...bookingIds]))
    .orderBy(asc(reservations.date), asc(reservations.startTime), asc(reservations.id));
}
