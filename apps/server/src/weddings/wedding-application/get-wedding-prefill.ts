import type { WeddingPrefillResponse } from '@lokaler/domain/wedding-application-answers';
import { weddingHoldEnd } from '@lokaler/domain/wedding-hold';
import type { Db } from '../../db/client';
import type { EffectiveIdentity } from '../../people';
import { loadWeddingBooking, timeStillHeld } from './wedding-booking';

/**
 * GET /user/form/wedding/prefill/{bookingId} (spec 02 §7): what is known before the wizard — the
 * applicant's name, the e-mail and phone given when the time was taken (else the login's e-mail) —
 * and whether the held time is gone (then the wizard offers only leaving).
 */
export async function getWeddingPrefill(
  db: Db,
  identity: EffectiveIdentity,
  bookingId: number,
  now: Date,
): Promise<WeddingPrefillResponse> {
  const wedding = await loadWeddingBooking(db, identity, bookingId);
  const { booking } = wedding;
  const answers = booking.formAnswers;
  return {
    bookingId: booking.id,
    applicantName: identity.user.name,
    applicantEmail: answers.contactEmail ?? identity.user.email ?? '',
    applicantPhoneNo: answers.contactPhone ?? '',
    timesAndAssetsNoLongerFree: !timeStillHeld(wedding, now),
    // The end that counts: earlier than the 30 minutes when the wizard's page went away (decision 038).
    holdExpiresAtUtc: weddingHoldEnd({ holdExpiresAt: booking.holdExpiresAt, releaseAt: wedding.releaseAt })?.toISOString() ?? null,
    submitted: wedding.submittedAt !== null,
  };
}
