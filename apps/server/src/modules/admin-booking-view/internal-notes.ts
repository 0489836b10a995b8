import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, DbOrTx } from '../../db/client';
import { findBookingForAdmin, lockBookingForAdmin, touchBooking } from '../admin-booking-shared/booking-access';

/**
 * The administrators' internal comment on a booking. It is never shown to the applicant, so it writes
 * neither the applicant's change log nor an e-mail. (The internal event's title, PATCH
 * /api/booking/{id} { title }, shares its path with the applicant's cancellation and lives in
 * modules/cancellation/set-title.ts.)
 */

export async function getInternalComment({ db, user, bookingId }: { db: DbOrTx; user: AuthenticatedUser; bookingId: number }): Promise<{ comment: string }> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  return { comment: booking.internalComment ?? '' };
}

/** PUT /api/booking/{id}/comment: replaces the note; an empty text removes it. */
export async function setInternalComment({ db, user, bookingId, comment }: { db: Db; user: AuthenticatedUser; bookingId: number; comment: string }): Promise<{ comment: string }> {
  const text = comment.trim();
  await db.transaction(async (tx) => {
    await lockBookingForAdmin(tx, bookingId, user);
    await touchBooking(tx, bookingId, { internalComment: text === '' ? null : text });
  });
  return { comment: text };
}
