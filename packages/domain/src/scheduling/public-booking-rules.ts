import type { DateAndTime } from './date-and-time';
import { repetitionStep, type RepeatPattern, type Repetition } from './expand-repetition';
import { isMergeable, mergeSlots } from './merge-slots';
import { parseDuration } from './iso-duration';
import { isAdmin, type SchedulingCaller } from './scheduling-caller';
import { unavailabilityMessage } from './unavailability-reason';

/**
 * The booking rules for the public (spec 01 §5, §6). Administrators are exempt from all of them.
 *
 * A location sets the flags and a room may set its own: the stricter wins. A room's flag that is
 * null inherits the location's. So single/repeated bookings are allowed only when both allow them,
 * and one-timeslot-only applies when either asks for it.
 *
 * "One timeslot per booking" is one contiguous interval on one date per room (after merging adjacent
 * 15-minute slots, as they are shown): a room with a minimum duration above 15 minutes must still be
 * bookable. Repetition of that one interval is governed by allowRepeatedBookingsForPublicUser.
 */

export interface PublicBookingFlags {
  allowSingleBookingsForPublicUser?: boolean | null;
  allowRepeatedBookingsForPublicUser?: boolean | null;
  maxOneTimeslotPerBookingForPublicUser?: boolean | null;
}

export interface PublicBookingRules {
  allowSingle: boolean;
  allowRepeated: boolean;
  maxOneTimeslot: boolean;
  minBookingDurationMinutes: number;
}

export function effectivePublicRules(
  location: PublicBookingFlags & { minBookingDurationMinutes?: number | null },
  room: PublicBookingFlags | null = null,
): PublicBookingRules {
  return {
    allowSingle: (location.allowSingleBookingsForPublicUser ?? true) && (room?.allowSingleBookingsForPublicUser ?? true),
    allowRepeated: (location.allowRepeatedBookingsForPublicUser ?? true) && (room?.allowRepeatedBookingsForPublicUser ?? true),
    maxOneTimeslot: (location.maxOneTimeslotPerBookingForPublicUser ?? false) || (room?.maxOneTimeslotPerBookingForPublicUser ?? false),
    minBookingDurationMinutes: Math.max(0, location.minBookingDurationMinutes ?? 0),
  };
}

/** The repeat modes the calendar offers; the first is the default ("if single bookings are not allowed, weekly is forced"). */
export function allowedRepeatPatterns(rules: PublicBookingRules, caller: SchedulingCaller): RepeatPattern[] {
  if (isAdmin(caller)) return ['SINGLE_DAY', 'WEEKLY', 'BIWEEKLY'];
  const patterns: RepeatPattern[] = [];
  if (rules.allowSingle) patterns.push('SINGLE_DAY');
  if (rules.allowRepeated) patterns.push('WEEKLY', 'BIWEEKLY');
  return patterns;
}

export const bookingRuleViolations = ['NO_TIMES', 'SINGLE_NOT_ALLOWED', 'REPEATED_NOT_ALLOWED', 'ONE_TIMESLOT_ONLY', 'TOO_SHORT'] as const;
export type BookingRuleViolationCode = (typeof bookingRuleViolations)[number];

export interface BookingRuleViolation {
  code: BookingRuleViolationCode;
  message: string;
}

export const bookingRuleMessages = {
  NO_TIMES: 'Du må velge et tidspunkt',
  SINGLE_NOT_ALLOWED: 'Dette lokalet kan bare bookes med gjentakelse (hver uke eller annenhver uke).',
  REPEATED_NOT_ALLOWED: 'Dette lokalet kan ikke bookes med gjentakelse.',
  ONE_TIMESLOT_ONLY: 'Du kan bare velge ett sammenhengende tidspunkt per booking i dette rommet.',
} as const;

export interface PublicBookingRequest {
  datesAndTimes: readonly DateAndTime[];
  repetition: Repetition | null;
}

/** The rules a request for one room breaks, in a stable order; empty when it may be sent. */
export function checkPublicBookingRules(
  request: PublicBookingRequest,
  rules: PublicBookingRules,
  caller: SchedulingCaller,
): BookingRuleViolation[] {
  if (isAdmin(caller)) return [];
  if (request.datesAndTimes.length === 0) return [violation('NO_TIMES')];
  const violations: BookingRuleViolation[] = [];
  const repeating = request.repetition !== null && repetitionStep(request.repetition.pattern) > 0;
  if (repeating && !rules.allowRepeated) violations.push(violation('REPEATED_NOT_ALLOWED'));
  if (!repeating && !rules.allowSingle) violations.push(violation('SINGLE_NOT_ALLOWED'));
  // Invalid times are the availability check's to report (INVALID_REQUEST and the like).
  const intervals = mergeSlots(request.datesAndTimes.filter(isMergeable));
  if (rules.maxOneTimeslot && intervals.length > 1) violations.push(violation('ONE_TIMESLOT_ONLY'));
  if (intervals.some((i) => (parseDuration(i.duration) ?? 0) < rules.minBookingDurationMinutes)) {
    violations.push({
      code: 'TOO_SHORT',
      message: unavailabilityMessage('TOO_SHORT', { minBookingDurationMinutes: rules.minBookingDurationMinutes }),
    });
  }
  return violations;
}

function violation(code: Exclude<BookingRuleViolationCode, 'TOO_SHORT'>): BookingRuleViolation {
  return { code, message: bookingRuleMessages[code] };
}
