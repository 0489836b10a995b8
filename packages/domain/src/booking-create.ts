import { z } from 'zod';
import { createBookingBody, type AssetTimesToBook, type TimeToBook } from './booking-request';
import { applicationAnswersInput } from './booking-create-form';
import { isValidDate, toDayNumber } from './scheduling/calendar-date';
import { formatDateNorwegian } from './scheduling/format-date';
import { parseDuration } from './scheduling/iso-duration';
import { formatClock, parseTime } from './scheduling/time-of-day';

/**
 * POST /api/booking: the times (booking-request.ts createBookingBody) plus the application form's
 * answers (booking-create-form.ts), and what the server answers: 201 { bookingId, caseNumber }, or
 * 409 BOOKING_CONFLICT with the taken times, or 422 BOOKING_NOT_ALLOWED with the rules' messages.
 */
export const createBookingRequest = createBookingBody.extend({ formAnswers: applicationAnswersInput });
export type CreateBookingRequest = z.infer<typeof createBookingRequest>;

export const createBookingResponse = z.object({
  bookingId: z.number().int(),
  /** 'LOK-<year>-<number>', shown on the registration page and in the receipt. */
  caseNumber: z.string(),
});
export type CreateBookingResponse = z.infer<typeof createBookingResponse>;

/** One taken time in a 409 answer (ApiError.conflicts). */
export interface BookingConflict {
  bookableAssetId: number;
  date: string;
  /** 'HH:mm:ss' */
  startTime: string;
  /** 'HH:mm:ss'; '00:00:00' at midnight, as a reservation's end (booking-reservation.ts). */
  endTime: string;
}

export const bookingCreateMessages = {
  /** 409: some times were taken by someone else; nothing was saved. */
  conflict: 'Noen av tidspunktene er ikke lenger ledige',
  conflictOne: 'Tidspunktet er ikke lenger ledig',
  nothingSaved: 'Ingenting er lagret. Velg andre tidspunkter og prøv igjen.',
  oneLocation: 'Alle rommene i en booking må høre til samme lokale.',
  overlapping: 'Du har valgt tidspunkter som overlapper hverandre i samme rom.',
} as const;

/** '12.03.2026 kl. 18:00–19:00' (midnight as 00:00). */
export function formatTimeRange(date: string, startTime: string, endTime: string): string {
  return `${formatDateNorwegian(date)} kl. ${formatClock(startTime)}–${formatClock(endTime)}`;
}

const LISTED_CONFLICTS = 5;

/**
 * The 409's userMsg: names the taken times (the first five, then how many more), with the room's
 * name when known, and says that nothing was saved.
 */
export function conflictUserMessage(
  conflicts: readonly BookingConflict[],
  roomName: (bookableAssetId: number) => string | undefined = () => undefined,
): string {
  if (conflicts.length === 0) return `${bookingCreateMessages.conflictOne}. ${bookingCreateMessages.nothingSaved}`;
  const listed = conflicts.slice(0, LISTED_CONFLICTS).map((c) => {
    const name = roomName(c.bookableAssetId);
    return `${name ? `${name} ` : ''}${formatTimeRange(c.date, c.startTime, c.endTime)}`;
  });
  const more = conflicts.length - listed.length;
  const head = conflicts.length === 1 ? bookingCreateMessages.conflictOne : bookingCreateMessages.conflict;
  return `${head}: ${listed.join(', ')}${more > 0 ? ` og ${more} til` : ''}. ${bookingCreateMessages.nothingSaved}`;
}

/**
 * The entries of availabilityData.probablyAvailable, one per room: a room sent twice (two rows of
 * the calendar) is one room with all its times. Order: first appearance.
 */
export function timesByRoom(entries: readonly AssetTimesToBook[]): AssetTimesToBook[] {
  const byRoom = new Map<number, TimeToBook[]>();
  for (const entry of entries) byRoom.set(entry.bookableAssetId, [...(byRoom.get(entry.bookableAssetId) ?? []), ...entry.datesAndTimes]);
  return [...byRoom].map(([bookableAssetId, datesAndTimes]) => ({ bookableAssetId, datesAndTimes }));
}

/**
 * Times of one room that overlap an earlier time of the same request (wall clock, across midnight).
 * Each of them passes the check against the database alone; together they would book the room twice.
 * Times that cannot be read are left to the rules' check.
 */
export function overlappingTimes(times: readonly TimeToBook[]): TimeToBook[] {
  const spans = times
    .flatMap((time) => {
      const start = parseTime(time.startTime);
      const minutes = parseDuration(time.duration);
      if (start === null || minutes === null || minutes <= 0 || !isValidDate(time.date)) return [];
      const from = toDayNumber(time.date) * 1440 + start;
      return [{ time, from, to: from + minutes }];
    })
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const overlapping: TimeToBook[] = [];
  let reach = -Infinity;
  for (const span of spans) {
    if (span.from < reach) overlapping.push(span.time);
    reach = Math.max(reach, span.to);
  }
  return overlapping;
}
