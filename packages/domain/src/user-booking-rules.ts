import type { BookingStatus, SourceForm } from './booking';
import type { ReservationStatus } from './reservation';
import { formatDate } from './scheduling/format-date';
import { osloClock } from './scheduling/oslo-clock';
import { formatClock } from './scheduling/time-of-day';

/** Rules of the applicant's booking page that the server and the portal share (spec 02 §2, §4). */

/**
 * Spec 02 §2: the rooms-and-times overview counts only Approved and Unprocessed reservations, and
 * (decision 029) the dates an application wishes in a semester round (IN_ROUND): they are what it asked for.
 */
export function reservationsInOverview<T extends { status: ReservationStatus }>(reservations: readonly T[]): T[] {
  return reservations.filter((r) => r.status === 'APPROVED' || r.status === 'UNPROCESSED' || r.status === 'IN_ROUND');
}

interface TimeLike {
  date: string;
  startTime: string;
  endTime: string;
}

/** 'tirsdag 12.03.2025 kl. 18:00–20:00'. */
export function describeReservationTime(r: TimeLike): string {
  return `${formatDate(r.date, 'EEEE dd.MM.yyyy')} kl. ${formatClock(r.startTime)}–${formatClock(r.endTime)}`;
}

/**
 * The booking's date or period: 'dd.MM.yyyy' for one date, 'dd.MM.yyyy – dd.MM.yyyy' for several.
 * Taken from the counted times; a booking without any (rejected, cancelled) shows all of its times.
 */
export function periodDescription(reservations: readonly { date: string; status: ReservationStatus }[]): string {
  const counted = reservationsInOverview(reservations);
  const dates = (counted.length > 0 ? counted : reservations).map((r) => r.date).sort();
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return '';
  return first === last ? formatDate(first, 'dd.MM.yyyy') : `${formatDate(first, 'dd.MM.yyyy')} – ${formatDate(last, 'dd.MM.yyyy')}`;
}

/** The counted times in one line: the time itself when there is one, else how many and the period. */
export function reservationTimesDescription(reservations: readonly (TimeLike & { status: ReservationStatus })[]): string {
  const counted = reservationsInOverview(reservations);
  if (counted.length === 0) return '';
  if (counted.length === 1) {
    const only = counted[0]!;
    return `${formatDate(only.date, 'dd.MM.yyyy')} kl. ${formatClock(only.startTime)}–${formatClock(only.endTime)}`;
  }
  return `${counted.length} tider, ${periodDescription(counted)}`;
}

/** 'dd.MM.yyyy HH:mm' of an instant, on the Oslo wall clock (the signed-contract line, spec 02 §4). */
export function formatOsloDateTime(instant: string | Date): string {
  const { today, time } = osloClock(typeof instant === 'string' ? new Date(instant) : instant);
  return `${formatDate(today, 'dd.MM.yyyy')} ${time.slice(0, 5)}`;
}

/** Who may cancel until when is the booking's lifecycle (booking-lifecycle.ts); re-exported for this page's callers. */
export { isCancellable } from './booking-lifecycle';

/** Spec 02 §2: the extra badge 'Kontrakten må signeres' on an approved booking with an unsigned contract. */
export function contractMustBeSigned(booking: {
  status: BookingStatus;
  requirements: readonly { type: string; isFulfilled: boolean }[];
}): boolean {
  return booking.status === 'APPROVED' && booking.requirements.some((r) => r.type === 'CONTRACT' && !r.isFulfilled);
}

export const contractMustBeSignedLabel = 'Kontrakten må signeres';

/**
 * Why a booking cannot be cancelled here, in the words the cancel page shows: a closed booking says
 * so; otherwise the applicant must contact the location — the wedding office for weddings.
 */
export function cancellationRefusedMessage(booking: {
  status: BookingStatus;
  sourceForm: SourceForm;
  locationName: string;
  contactEmail: string | null;
}): string {
  if (booking.status === 'CANCELLED') return 'Bookingen er allerede kansellert.';
  if (booking.status === 'REJECTED' || booking.status === 'AUTOREJECTED') return 'Bookingen er avslått og kan ikke kanselleres.';
  const who = booking.sourceForm === 'wedding' ? 'vielseskontoret' : booking.locationName;
  const where = booking.contactEmail ? ` på ${booking.contactEmail}` : '';
  return `Fristen for å kansellere bookingen i portalen har gått ut. Ta kontakt med ${who}${where} for å kansellere.`;
}

export const bookingNotFoundMessage = 'Fant ikke bookingen';
