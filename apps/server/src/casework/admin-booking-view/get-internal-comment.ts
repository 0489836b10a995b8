import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin } from '../../bookings';

/**
 * GET /api/booking/{id}/comment: the administrators' internal comment on a booking. It is never shown
 * to the applicant, so changing it writes neither the applicant's change log nor an e-mail. (The
 * internal event's title, PATCH /api/booking/{id} { title }, shares its path with the applicant's
 * cancellation and lives in bookings/cancellation/set-title.ts.)
 */
export async function getInternalComment({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<{ comment: string }> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  return { comment: booking.internalComment ?? '' };
}
