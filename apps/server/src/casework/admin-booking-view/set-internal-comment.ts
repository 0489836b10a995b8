import { findPersonalData, personalDataQuestion } from '@lokaler/domain/personal-data-in-text';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { AppError } from '../../errors';
import type { Db } from '../../db/client';
import { lockBookingForAdmin, touchBooking } from '../../bookings';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PUT /api/booking/{id}/comment: replaces the note; an empty text removes it. A note that seems to
 * hold a fødselsnummer or a phone number is saved only when the administrator confirmed it (409
 * with the question otherwise, nothing written): spec 02 §5, internal notes hold no personal data.
 */
export async function setInternalComment({
  db,
  user,
  bookingId,
  comment,
  confirmPersonalData = false,
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
  comment: string;
  confirmPersonalData?: boolean;
}): Promise<{ comment: string }> {
  const text = comment.trim();
  await writeTransaction(db, async (tx) => {
    await lockBookingForAdmin(tx, bookingId, user);
    const found = findPersonalData(text);
    if (found.length > 0 && !confirmPersonalData) {
      const question = personalDataQuestion(found);
      throw new AppError('CONFLICT', `The note seems to hold ${found.join(', ')}; not confirmed`, question, {
        fields: [{ path: 'body.confirmPersonalData', message: question }],
      });
    }
    await touchBooking(tx, bookingId, { internalComment: text === '' ? null : text });
  });
  return { comment: text };
}
