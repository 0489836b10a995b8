import { weddingTimesProblem } from '@lokaler/domain/booking-lifecycle';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import { AppError } from '../../errors';

/**
 * Decision 012: a citizen's booking at a wedding venue (filter category WEDDINGS) is one wedding
 * time, held for the couple while they fill in the wedding form. The booking is UNPROCESSED with
 * source form 'wedding' like any application; the hold (bookings.hold_expires_at) is what the
 * submit checks and the expiry job ends.
 */

export interface WeddingTerms {
  holdExpiresAt: Date;
}

/**
 * Spec 02 §5 'Only one wedding time may be applied for' (booking-lifecycle's weddingTimesProblem, the
 * rule the portal's calendar uses too): one date and time of one room, not repeated; a request
 * without a time is refused as well. Checked on what was sent (before any calendar) and on what would
 * be written (a repetition expands).
 */
export function assertOneWeddingTime(entries: readonly AssetTimesToBook[], isRepeating: boolean, timesToWrite?: number): void {
  const sent = entries.reduce((n, e) => n + e.datesAndTimes.length, 0);
  const problem =
    weddingTimesProblem({ times: sent, repeating: isRepeating }) ??
    (timesToWrite === undefined ? null : weddingTimesProblem({ times: timesToWrite, repeating: isRepeating }));
  if (problem === null) return;
  throw new AppError(
    'BOOKING_NOT_ALLOWED',
    `A wedding booking is one time; got ${timesToWrite ?? sent}${isRepeating ? ' (repeating)' : ''}`,
    weddingMessages.oneTimeOnly,
    { fields: [{ path: 'body.availabilityData.probablyAvailable', message: weddingMessages.oneTimeOnly }] },
  );
}

/** The terms of a wedding booking taken now: its hold ends `holdMinutes` from now. */
export function weddingTerms(now: Date, holdMinutes: number): WeddingTerms {
  return { holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000) };
}

/**
 * Decision 012: a person holds one wedding time at a time. While an earlier wedding booking of theirs
 * is still held (UNPROCESSED, form not sent, hold not run out) a new one is refused with 422, until the
 * first is sent, let go ('Avbryt', leaving the page) or has run out.
 */
export function assertNoHoldInProgress(heldBookingId: number | undefined): void {
  if (heldBookingId === undefined) return;
  throw new AppError('BOOKING_NOT_ALLOWED', `The user still holds wedding booking ${heldBookingId}`, weddingMessages.holdInProgress, {
    fields: [{ path: 'body.availabilityData.probablyAvailable', message: weddingMessages.holdInProgress }],
  });
}
