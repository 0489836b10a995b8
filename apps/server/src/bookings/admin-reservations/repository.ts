import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations } from '../../db/schema/bookings';

/** The booking each of these reservations belongs to; ids that do not exist are missing from the answer. */
export async function findReservationBookings(db: DbOrTx, reservationIds: readonly number[]): Promise<{ id: number; bookingId: number }[]> {
  if (reservationIds.length === 0) return [];
  return db
    .select({ id: reservations.id, bookingId: reservations.bookingId })
    .from(reservations)
    .where(inArray(reservations.id, [...reservationIds]));
}
