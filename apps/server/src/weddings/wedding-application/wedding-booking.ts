import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import { weddingHoldEnd } from '@lokaler/domain/wedding-hold';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../../people';
import { findVisibleBooking, type BookingRow } from '../../bookings';
import { assertWedding } from '../wedding-certificate/get-wedding-form';
import { findActiveTimes, findLocationOfBooking, findReleaseAt, findSubmittedAt } from './repository';

export interface WeddingBooking {
  booking: BookingRow;
  locationName: string;
  activeTimes: Awaited<ReturnType<typeof findActiveTimes>>;
  submittedAt: Date | null;
  /** Decision 038: when the time goes because the wizard's page went away, or null. */
  releaseAt: Date | null;
}

/**
 * The caller's wedding booking at a wedding venue, as the wizard's calls need it. Somebody else's
 * booking, a missing one and one that is not a wedding are the same 404 'Fant ikke bookingen';
 * a wedding booking at a location whose filter category is not WEDDINGS is 'Ikke tilgjengelig'.
 */
export async function loadWeddingBooking(
  db: DbOrTx,
  identity: EffectiveIdentity,
  bookingId: number,
  options: { lock?: boolean } = {},
): Promise<WeddingBooking> {
  const booking = await findVisibleBooking(db, identity, bookingId, options);
  assertWedding(booking);
  const location = await findLocationOfBooking(db, booking.locationId);
  if (location?.filterCategory !== 'WEDDINGS') {
    throw new AppError('BOOKING_NOT_ALLOWED', `Location ${booking.locationId} is not a wedding venue`, weddingMessages.notAvailable);
  }
  const [activeTimes, submittedAt, releaseAt] = await Promise.all([
    findActiveTimes(db, booking.id),
    findSubmittedAt(db, booking.id),
    findReleaseAt(db, booking.id),
  ]);
  return { booking, locationName: location.name, activeTimes, submittedAt, releaseAt };
}

/**
 * The held time is still this booking's: unprocessed, with its time active, and held until after
 * `now` (or already sent, when the booking waits for the wedding office without a hold). A wizard page
 * that went away and did not come back in time ends the hold early (decision 038), also before the job has run.
 */
export function timeStillHeld({ booking, activeTimes, submittedAt, releaseAt }: WeddingBooking, now: Date): boolean {
  if (booking.status !== 'UNPROCESSED' && !(submittedAt && booking.status === 'APPROVED')) return false;
  if (activeTimes.length === 0) return false;
  if (submittedAt) return true;
  const end = weddingHoldEnd({ holdExpiresAt: booking.holdExpiresAt, releaseAt });
  return end !== null && end.getTime() > now.getTime();
}
