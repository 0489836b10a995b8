import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import { bookingPurpose, type BookingFormAnswers, type BookingPurpose } from '@lokaler/domain/booking';
import type { CreateBookingRequest } from '@lokaler/domain/booking-create';
import { portalType, type PortalType } from '@lokaler/domain/current-user';
import { canSendFreeOnly, notFreeTimes, timesToSend } from '@lokaler/domain/scheduling/date-fate';

/**
 * POST /api/booking from what the person chose: the times the availability check called probably
 * available (expanded, with their series' first date), the dates left out when the person chose to
 * send without those that are not free (decision 027), and the form's answers. Null when there is
 * nothing to book, or when some dates are not free and the person has not chosen to send without
 * them: a date is never dropped without the person's word.
 */
export function createBookingRequest({
  availability,
  answers,
  purpose,
  portal = 'PUBLIC',
  sendWithoutOmitted = false,
}: {
  availability: AvailabilityResponse | null;
  answers: BookingFormAnswers;
  purpose: BookingPurpose;
  portal?: PortalType;
  sendWithoutOmitted?: boolean;
}): CreateBookingRequest | null {
  if (!availability) return null;
  const { probablyAvailable, omitted } = timesToSend(availability);
  if (probablyAvailable.length === 0) return null;
  if (notFreeTimes(availability).length > 0 && !(sendWithoutOmitted && canSendFreeOnly(availability))) return null;
  return {
    availabilityData: omitted.length > 0 ? { probablyAvailable, omitted } : { probablyAvailable },
    ...(omitted.length > 0 ? { sendWithoutOmitted: true } : {}),
    // A time that belongs to a series says so (initialRepetitionDate): the request repeats.
    isRepeating: probablyAvailable.some((entry) => entry.datesAndTimes.some((t) => t.initialRepetitionDate !== null)),
    bookingPortalClient: portal,
    bookingPurpose: purpose,
    formAnswers: answers,
  };
}

/** The purpose from the query (spec 01 §2 /send?purpose=…); a citizen's loan when missing or unknown. */
export function purposeOf(value: string | null): BookingPurpose {
  const parsed = bookingPurpose.safeParse(value);
  return parsed.success ? parsed.data : 'PUBLICUSER_LOAN';
}

/** The rooms the request is about, in order of appearance. */
export function roomIdsOf(availability: AvailabilityResponse | null, reservations: readonly { bookableAssetId: number }[]): number[] {
  const ids = [...reservations.map((r) => r.bookableAssetId), ...(availability?.probablyAvailable ?? []).map((a) => a.bookableAssetId)];
  return [...new Set(ids)];
}

/** The client the booking is made in (spec 01 §2 query bookingPortalClient); the portal's own when missing. */
export function portalOf(value: string | null): PortalType {
  const parsed = portalType.safeParse(value);
  return parsed.success ? parsed.data : 'PUBLIC';
}
