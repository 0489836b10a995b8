import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { lockBookingForAdmin, touchBooking } from '../../bookings';
import { writeTransaction } from '../../db/write-transaction';

/** PUT /api/booking/{id}/comment: replaces the note; an empty text removes it. */
export async function setInternalComment({ db, user, bookingId, comment }: { db: Db; user: AuthenticatedUser; bookingId: number; comment: string }): Promise<{ comment: string }> {
  const text = comment.trim();
  await writeTransaction(db, async (tx) => {
    await lockBookingForAdmin(tx, bookingId, user);
    await touchBooking(tx, bookingId, { internalComment: text === '' ? null : text });
  });
  return { comment: text };
}
