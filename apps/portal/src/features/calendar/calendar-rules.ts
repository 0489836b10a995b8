import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { BookingCreationDto } from '@lokaler/domain/booking-request';
import { formTheme } from '@lokaler/domain/booking-create-form';
import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import type { Location } from '@lokaler/domain/location';
import type { RepeatPattern } from '@lokaler/domain/scheduling/expand-repetition';
import { allowedRepeatPatterns, effectivePublicRules } from '@lokaler/domain/scheduling/public-booking-rules';
import { publicCaller } from '@lokaler/domain/scheduling/scheduling-caller';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { shortChoices, type ChosenSlot } from '@lokaler/domain/scheduling/slot-selection';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { unavailabilityMessage } from '@lokaler/domain/scheduling/unavailability-reason';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import { weddingTimesProblem } from '@lokaler/domain/booking-lifecycle';

/** The repeat choice's labels (spec 01 §2: one time, every week, every other week). */
export const repeatLabels: Record<RepeatPattern, string> = { SINGLE_DAY: 'Én gang', WEEKLY: 'Hver uke', BIWEEKLY: 'Annenhver uke' };

export interface CalendarRules {
  /** The repeat modes every chosen room allows, the default first (weekly when single is not allowed). */
  patterns: RepeatPattern[];
  /** Rooms where the public may choose one timeslot per booking. */
  oneTimeslotRooms: ReadonlySet<number>;
  /** The location's minimum duration of one booked interval (0: none). */
  minMinutes: number;
}

/**
 * The public booking rules of the chosen rooms, from the domain (spec 01 §5). The rooms' allow flags
 * already combine the location's and the room's; the minimum duration is the location's.
 */
export function calendarRules(
  rooms: readonly BookableAsset[],
  location: Pick<Location, 'minBookingDurationMinutes'> | undefined,
): CalendarRules {
  const all: RepeatPattern[] = ['SINGLE_DAY', 'WEEKLY', 'BIWEEKLY'];
  let patterns = all;
  const oneTimeslotRooms = new Set<number>();
  const minMinutes = Math.max(0, location?.minBookingDurationMinutes ?? 0);
  for (const room of rooms) {
    const rules = effectivePublicRules({ ...room, minBookingDurationMinutes: location?.minBookingDurationMinutes ?? null });
    const allowed = allowedRepeatPatterns(rules, publicCaller);
    patterns = patterns.filter((p) => allowed.includes(p));
    if (rules.maxOneTimeslot) oneTimeslotRooms.add(room.id);
  }
  return { patterns, oneTimeslotRooms, minMinutes };
}

/** The repetition in force: the stored one when allowed, else the first allowed (spec 01 §4: weekly is forced). */
export function effectivePattern(stored: RepeatPattern, allowed: readonly RepeatPattern[]): RepeatPattern | null {
  return allowed.includes(stored) ? stored : (allowed[0] ?? null);
}

const themeOf = (room: BookableAsset): BookingFlowTheme => room.bookingFlow?.theme ?? 'default';

/** The application form's theme for the rooms (passed on as activityType). */
export function activityTypeOf(rooms: readonly BookableAsset[]): BookingFlowTheme {
  return formTheme(rooms.map(themeOf));
}

/**
 * Where the registration page goes after the booking: the rooms' booking flow's follow-up form
 * (e.g. the wedding form). A flow whose link is the bookings list sends no nextLink: without one the
 * citizen goes to / with a receipt that links to the new booking (spec 01 §2, next-link.ts).
 */
export function nextLinkOf(rooms: readonly BookableAsset[], bookingsListPath: string): string | undefined {
  const links = new Set(rooms.map((r) => r.bookingFlow?.publicFormLink ?? null));
  if (links.size !== 1) return undefined;
  const [link] = [...links];
  return link && link !== bookingsListPath ? link : undefined;
}

/**
 * Spec 02 §5 'Only one wedding time may be applied for' (decision 012), the server's rule
 * (booking-lifecycle's weddingTimesProblem: one date and time of one room, not repeated): at a wedding
 * venue, adding a second time is refused with the server's text before anything is sent. A draft
 * without a time yet is no problem here. Null when the times may be added.
 */
export function weddingTimeProblem(
  location: Pick<Location, 'filterCategory'>,
  existing: readonly BookingCreationDto[],
  added: readonly BookingCreationDto[],
): string | null {
  if (location.filterCategory !== 'WEDDINGS') return null;
  const all = [...existing, ...added];
  const times = all.reduce((n, r) => n + r.datesAndTimes.length, 0);
  const repeating = all.some((r) => r.repetition !== null && r.repetition.pattern !== 'SINGLE_DAY');
  return weddingTimesProblem({ times, repeating }) === 'MORE_THAN_ONE' ? weddingMessages.oneTimeOnly : null;
}

/**
 * Said at once when a chosen interval is shorter than the location's minimum (the click
 * grows it when it can; a taken slot or an unchecked one can leave it short). Null when none is.
 */
export function tooShortText(
  checked: readonly ChosenSlot[],
  rooms: readonly Pick<BookableAsset, 'id' | 'displayName'>[],
  minMinutes: number,
): string | null {
  if (minMinutes <= 0) return null;
  const short = rooms.flatMap((room) =>
    shortChoices(checked, room.id, minMinutes).map(
      (c) => `${rooms.length > 1 ? `${room.displayName}, ` : ''}${formatDate(c.date, 'EEEE d. MMMM')} kl. ${formatClock(c.startTime)}`,
    ),
  );
  if (short.length === 0) return null;
  return `${unavailabilityMessage('TOO_SHORT', { minBookingDurationMinutes: minMinutes })}. Velg flere tider rett etter hverandre: ${short.join('; ')}.`;
}
