import type {
  AssetTimes,
  AssetTimesToBook,
  AvailabilityResponse,
  BookingCreationDto,
  BookingRuleViolationOutput,
  TimeWithAvailability,
} from '../booking-request';
import { MAX_OCCURRENCES_PER_ASSET } from '../booking-request';
import { daysBetween } from './calendar-date';
import { checkRequestedTimes, type TimeCheck } from './check-requested-times';
import { expandRepetition, repetitionStep, type Occurrence } from './expand-repetition';
import { formatDuration, parseDuration } from './iso-duration';
import { isMergeable, mergeSlots } from './merge-slots';
import { checkPublicBookingRules, type PublicBookingRules } from './public-booking-rules';
import type { PreparedRoom } from './room-calendar';
import { validateRepetitionEndDate } from './repetition-end-date';
import { takenReasons } from './unavailability-reason';

/**
 * One room's part of the availability check and of booking creation: the public rules, the end
 * date, merging, repetition and the per-time check, in the one order both endpoints use.
 */

export interface AssetAvailability {
  bookableAssetId: number;
  probablyAvailable: TimeWithAvailability[];
  unavailable: TimeWithAvailability[];
  errors: TimeWithAvailability[];
  violations: BookingRuleViolationOutput[];
}

export interface AvailabilityForDtoInput {
  /** Prepared for the caller (and its includeBlockedSlots / includeClosedDates / reservationIdsToIgnore). */
  room: PreparedRoom;
  dto: BookingCreationDto;
  rules: PublicBookingRules;
}

export function availabilityForBookingDto({ room, dto, rules }: AvailabilityForDtoInput): AssetAvailability {
  const violations: BookingRuleViolationOutput[] = [...checkPublicBookingRules(dto, rules, room.caller)];
  let repetition = dto.repetition;
  if (repetition && repetitionStep(repetition.pattern) > 0) {
    const end = validateRepetitionEndDate(repetition.lastDate, room.window);
    if (end.ok) repetition = { ...repetition, lastDate: end.lastDate };
    else {
      violations.push({ code: 'END_DATE', message: end.message });
      repetition = null;
    }
  }
  // Adjacent slots become one reservation; times that cannot be merged are checked (and refused) as sent.
  const mergeable = dto.datesAndTimes.filter(isMergeable);
  const rest = dto.datesAndTimes.filter((t) => !isMergeable(t));
  const merged = mergeSlots(mergeable).map(({ date, startTime, duration }) => ({ date, startTime, duration }));
  const occurrences: Occurrence[] = [...expandRepetition(merged, repetition), ...rest.map((t) => ({ ...t, initialRepetitionDate: null }))];
  if (occurrences.length > MAX_OCCURRENCES_PER_ASSET) {
    violations.push({ code: 'TOO_MANY_TIMES', message: `En booking kan ha høyst ${MAX_OCCURRENCES_PER_ASSET} tidspunkter per rom` });
    return { bookableAssetId: dto.bookableAssetId, probablyAvailable: [], unavailable: [], errors: [], violations };
  }
  return { bookableAssetId: dto.bookableAssetId, ...classify(room, occurrences), violations };
}

export interface TimesToBookInput {
  room: PreparedRoom;
  times: AssetTimesToBook;
  isRepeating: boolean;
  rules: PublicBookingRules;
}

/**
 * POST /booking: the times taken back from the check's answer. The rules see the request the times
 * came from (each series' first time and whether it repeats); every time is checked again; a time
 * that claims a series but is not a whole number of weeks after the series' start is invalid.
 */
export function checkTimesToBook({ room, times, isRepeating, rules }: TimesToBookInput): AssetAvailability {
  const base = new Map<string, { date: string; startTime: string; duration: string | number }>();
  let repeating = isRepeating;
  for (const t of times.datesAndTimes) {
    const first = t.initialRepetitionDate ?? t.date;
    if (first !== t.date) repeating = true;
    base.set(`${first} ${t.startTime} ${String(t.duration)}`, { date: first, startTime: t.startTime, duration: t.duration });
  }
  const lastDate = times.datesAndTimes.reduce((max, t) => (t.date > max ? t.date : max), '');
  const violations = checkPublicBookingRules(
    { datesAndTimes: [...base.values()], repetition: repeating ? { pattern: 'WEEKLY', lastDate } : null },
    rules,
    room.caller,
  );
  const result = classify(room, times.datesAndTimes);
  for (const list of [result.probablyAvailable, result.unavailable]) {
    for (const [i, t] of [...list.entries()].reverse()) {
      if (t.initialRepetitionDate !== null && !isWholeWeeksAfter(t.initialRepetitionDate, t.date)) {
        list.splice(i, 1);
        result.errors.push({ ...t, available: false, reason: 'INVALID_REQUEST', message: 'Datoen hører ikke til gjentakelsen' });
      }
    }
  }
  return { bookableAssetId: times.bookableAssetId, ...result, violations };
}

function isWholeWeeksAfter(first: string, date: string): boolean {
  const days = daysBetween(first, date);
  return days >= 0 && days % 7 === 0;
}

function classify(
  room: PreparedRoom,
  occurrences: readonly Occurrence[],
): Pick<AssetAvailability, 'probablyAvailable' | 'unavailable' | 'errors'> {
  const checks = checkRequestedTimes({ room, requests: occurrences });
  const lists: Pick<AssetAvailability, 'probablyAvailable' | 'unavailable' | 'errors'> = {
    probablyAvailable: [],
    unavailable: [],
    errors: [],
  };
  checks.forEach((check, i) => {
    const item = toOutput(check, occurrences[i]?.initialRepetitionDate ?? null);
    if (check.available) lists.probablyAvailable.push(item);
    else if (check.reason && takenReasons.has(check.reason)) lists.unavailable.push(item);
    else lists.errors.push(item);
  });
  return lists;
}

function toOutput(check: TimeCheck, initialRepetitionDate: string | null): TimeWithAvailability {
  const minutes = check.endTime === null ? null : parseDuration(check.duration);
  return {
    date: check.date,
    startTime: check.startTime,
    endTime: check.endTime,
    duration: minutes === null ? check.duration : formatDuration(minutes),
    initialRepetitionDate,
    available: check.available,
    reason: check.reason,
    message: check.message,
  };
}

/** The wire answer: each room appears in a list only when it has something there. */
export function toAvailabilityResponse(assets: readonly AssetAvailability[]): AvailabilityResponse {
  const response: AvailabilityResponse = { probablyAvailable: [], unavailable: [], errors: [] };
  for (const a of assets) {
    const entry = (datesAndTimes: TimeWithAvailability[], violations: BookingRuleViolationOutput[] = []): AssetTimes => ({
      bookableAssetId: a.bookableAssetId,
      datesAndTimes,
      violations,
    });
    if (a.probablyAvailable.length) response.probablyAvailable.push(entry(a.probablyAvailable));
    if (a.unavailable.length) response.unavailable.push(entry(a.unavailable));
    if (a.errors.length || a.violations.length) response.errors.push(entry(a.errors, a.violations));
  }
  return response;
}
