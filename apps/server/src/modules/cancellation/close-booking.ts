import type { Tx } from '../../db/client';
import type { BookingRow } from '../user-bookings/booking-access';
import { loadReservations } from '../user-bookings/repository';
import { closeActiveReservations, openReservationStatuses, setBookingStatus, type ClosedStatus } from './repository';

/** Sets the booking and its open times (active or in a round) to a closed status; answers those times. */
export async function closeBooking(tx: Tx, booking: BookingRow, status: ClosedStatus, now: Date) {
  const active = (await loadReservations(tx, [booking.id])).filter((r) => (openReservationStatuses as readonly string[]).includes(r.status));
  if (active.length) await closeActiveReservations(tx, booking.id, status, now);
  await setBookingStatus(tx, booking.id, status, now);
  return active;
}
