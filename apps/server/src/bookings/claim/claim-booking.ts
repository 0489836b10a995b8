import type { VerifiedBookingAccess } from '@lokaler/domain/user-booking-documents';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../../people';
import { selectVisibleBooking } from '../user-bookings/repository';
import { hashClaimToken } from './claim-tokens';
import { assignBookingToClaimer, lockBookingOwner, lockClaimToken } from './repository';
import { writeTransaction } from '../../db/write-transaction';

const invalidLink = () => new AppError('NOT_FOUND', 'Unknown, expired or used claim token', 'Lenken er ugyldig eller utløpt.');

/**
 * GET /verifiedbookingaccess/{token}: the booking a claim link is for. A booking nobody owns yet
 * (registered by an administrator for this person) becomes the caller's — of the identity they act
 * as, so a booking claimed while acting for an organisation belongs to it. Opening the link again is
 * fine for whoever claimed it; for anyone else a used link is as unknown as a wrong one (404).
 */
export async function claimBooking({
  db,
  identity,
  token,
  now,
}: {
  db: Db;
  identity: EffectiveIdentity;
  token: string;
  now: Date;
}): Promise<VerifiedBookingAccess> {
  return writeTransaction(db, async (tx) => {
    const claim = await lockClaimToken(tx, hashClaimToken(token));
    if (!claim || claim.expiresAt.getTime() <= now.getTime()) throw invalidLink();
    const booking = await lockBookingOwner(tx, claim.bookingId);
    if (!booking) throw invalidLink();
    if (booking.userId === null) {
      await assignBookingToClaimer(
        tx,
        claim,
        {
          userId: identity.user.userId,
          organizationNumber: identity.kind === 'ORGANIZATION' ? identity.organization.number : null,
          organizationName: identity.kind === 'ORGANIZATION' ? identity.organization.name : null,
        },
        now,
      );
      return { bookingId: booking.id };
    }
    const visible = await selectVisibleBooking(tx, identity, booking.id);
    if (!visible) throw invalidLink();
    return { bookingId: booking.id };
  });
}
