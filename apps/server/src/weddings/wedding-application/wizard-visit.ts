import type { WeddingWizardOpenResponse } from '@lokaler/domain/wedding-hold';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../../people';
import { leaveWizardVisit, openWizardVisit } from './repository';
import { loadWeddingBooking, timeStillHeld } from './wedding-booking';

interface VisitOptions {
  db: Db;
  identity: EffectiveIdentity;
  bookingId: number;
  visitId: string;
  now: Date;
}

/**
 * PUT /user/form/wedding/{bookingId}/wizard-open (decision 038): a page of the wizard opened — the
 * first load, a reload, a tab brought back. It becomes the booking's page and a release set when an
 * earlier page went away is cleared, so the time stays held until the hold ends. The booking's row
 * is locked first, as the hold-expiry job locks it, so the two never both decide: once the release
 * moment has passed the time is gone (409 TIME_NO_LONGER_HELD), also before the job has run.
 */
export async function openWeddingWizard({ db, identity, bookingId, visitId, now }: VisitOptions): Promise<WeddingWizardOpenResponse> {
  return writeTransaction(db, async (tx) => {
    const wedding = await loadWeddingBooking(tx, identity, bookingId, { lock: true });
    const { booking } = wedding;
    if (wedding.submittedAt)
      throw new AppError('CONFLICT', `The wedding form of booking ${booking.id} was sent already`, weddingMessages.alreadySubmitted);
    if (!timeStillHeld(wedding, now) || booking.holdExpiresAt === null) {
      throw new AppError(
        'TIME_NO_LONGER_HELD',
        `Booking ${booking.id} no longer holds its time (${booking.status})`,
        weddingMessages.timesTakenTitle,
      );
    }
    await openWizardVisit(tx, booking.id, visitId);
    return { holdExpiresAtUtc: booking.holdExpiresAt.toISOString() };
  });
}

/**
 * PUT /user/form/wedding/{bookingId}/wizard-left (decision 038), sent with keepalive on `pagehide`:
 * the page went away, which a closed tab and a reload both do. The time goes `returnSeconds` later
 * unless a page of the wizard opens again first. Nothing changes for a time no longer held, a sent
 * form, or a page that is no longer the booking's; the answer is 204 in every such case (the page
 * that sends it is gone and reads nothing).
 */
export async function leaveWeddingWizard({
  db,
  identity,
  bookingId,
  visitId,
  now,
  returnSeconds,
}: VisitOptions & { returnSeconds: number }): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const wedding = await loadWeddingBooking(tx, identity, bookingId, { lock: true });
    if (wedding.submittedAt || !timeStillHeld(wedding, now)) return;
    await leaveWizardVisit(tx, wedding.booking.id, visitId, new Date(now.getTime() + returnSeconds * 1000));
  });
}
