import { reservationChangeMessages, type ReservationsChangedResponse } from '@lokaler/domain/admin-reservation-change';
import { toBookingReservation } from '@lokaler/domain/booking-reservation';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { conflict, lockBookingToDecide } from '../admin-booking-shared/booking-access';
import { isActive, loadReservationRows } from '../admin-booking-shared/reservation-rows';
import { takeBackTimes } from '../admin-booking-shared/take-back-times';
import { findReservationBookings } from './repository';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

/**
 * DELETE /api/reservation?id=…&id=…: single times taken out of one booking (ReservationRejection),
 * all or none: every id must be an active time of the same booking.
 */
export async function deleteReservations({
  db,
  user,
  ids,
  comment,
  publicUrl,
}: {
  db: Db;
  user: AuthenticatedUser;
  ids: readonly number[];
  comment?: string | undefined;
  publicUrl: string;
}): Promise<ReservationsChangedResponse> {
  const wanted = new Set(ids);
  return writeTransaction(db, async (tx) => {
    const found = await findReservationBookings(tx, [...wanted]);
    if (found.length !== wanted.size)
      throw AppError.notFound(`Reservation ${[...wanted].filter((id) => !found.some((f) => f.id === id)).join(', ')}`);
    const bookingIds = new Set(found.map((f) => f.bookingId));
    if (bookingIds.size > 1)
      throw new AppError('VALIDATION', 'The reservations belong to several bookings', reservationChangeMessages.oneBooking, {
        fields: [{ path: 'querystring.id', message: reservationChangeMessages.oneBooking }],
      });
    const booking = await lockBookingToDecide(tx, [...bookingIds][0]!, user);
    await lockRoomsOfBookings(tx, [booking.id]);
    const inactive = (await loadReservationRows(tx, [booking.id])).filter((r) => wanted.has(r.id) && !isActive(r));
    if (inactive.length > 0)
      throw conflict(`Reservation(s) ${inactive.map((r) => r.id).join(', ')} not active`, reservationChangeMessages.notActive);
    const rows = await takeBackTimes({
      tx,
      booking,
      user,
      select: (r) => wanted.has(r.id),
      type: 'ReservationRejection',
      comment,
      publicUrl,
    });
    return { bookingId: booking.id, reservations: rows.map(toBookingReservation) };
  });
}
