import type { BookingStatusResponse } from '@lokaler/domain/user-booking';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { lockBookingForAdmin, touchBooking } from '../admin-booking-shared/booking-access';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PATCH /booking/{id} { title }: an administrator names an internal activity (spec 02 §7 admin
 * side). It shares its path with the applicant's cancellation, and one path has one handler, so the
 * route lives beside the cancellation; the rule is the administrator's (403 for other locations).
 */
export async function setInternalTitle({
  db,
  user,
  bookingId,
  title,
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
  title: string;
}): Promise<BookingStatusResponse> {
  if (user.portal !== 'ADMIN') throw AppError.forbidden('Only administrators set the title of a booking');
  return writeTransaction(db, async (tx) => {
    const booking = await lockBookingForAdmin(tx, bookingId, user);
    const internalEventTitle = title === '' ? null : title;
    await touchBooking(tx, booking.id, { internalEventTitle });
    return { bookingId: booking.id, status: booking.status, internalEventTitle };
  });
}
