import { and, eq } from 'drizzle-orm';
import type { VerifiedBookingAccess } from '@lokaler/domain/user-booking-documents';
import type { Db } from '../../db/client';
import { claimTokens } from '../../db/schema/after-application';
import { bookings } from '../../db/schema/bookings';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../impersonation/effective-identity';
import { visibleTo } from '../user-bookings/booking-access';
import { hashClaimToken } from './claim-tokens';

const invalidLink = () => new AppError('NOT_FOUND', 'Unknown, expired or used claim token', 'Lenken er ugyldig eller utløpt.');

/**
 * GET /verifiedbookingaccess/{token}: the booking a claim link is for. A booking nobody owns yet
 * (registered by an administrator for this person) becomes the caller's — of the identity they act
 * as, so a booking claimed while acting for an organisation belongs to it. Opening the link again is
 * fine for whoever claimed it; for anyone else a used link is as unknown as a wrong one (404).
 */
export async function claimBooking({ db, identity, token, now }: { db: Db; identity: EffectiveIdentity; token: string; now: Date }): Promise<VerifiedBookingAccess> {
  return db.transaction(async (tx) => {
    const [claim] = await tx.select().from(claimTokens).where(eq(claimTokens.tokenHash, hashClaimToken(token))).for('update');
    if (!claim || claim.expiresAt.getTime() <= now.getTime()) throw invalidLink();
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, claim.bookingId)).for('update');
    if (!booking) throw invalidLink();
    if (booking.userId === null) {
      await tx.update(bookings).set({
        userId: identity.user.userId,
        organizationNumber: identity.kind === 'ORGANIZATION' ? identity.organization.number : null,
        organizationName: identity.kind === 'ORGANIZATION' ? identity.organization.name : null,
        updatedAt: now,
      }).where(eq(bookings.id, booking.id));
      await tx.update(claimTokens).set({ claimedAt: now, claimedByUserId: identity.user.userId }).where(eq(claimTokens.tokenHash, claim.tokenHash));
      return { bookingId: booking.id };
    }
    const [visible] = await tx.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.id, booking.id), visibleTo(identity)));
    if (!visible) throw invalidLink();
    return { bookingId: booking.id };
  });
}
