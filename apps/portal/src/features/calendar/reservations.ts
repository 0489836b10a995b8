import type { AvailabilityResponse, BookingCreationDto, TimeWithAvailability } from '@lokaler/domain/booking-request';
import type { BookingRuleViolationOutput } from '@lokaler/domain/booking-request';
import { canSendFreeOnly } from '@lokaler/domain/scheduling/date-fate';
import { expandRepetition, type RepeatPattern } from '@lokaler/domain/scheduling/expand-repetition';
import { formatDuration, parseDuration } from '@lokaler/domain/scheduling/iso-duration';
import { mergeSlots, type MergedInterval } from '@lokaler/domain/scheduling/merge-slots';
import type { ChosenSlot } from '@lokaler/domain/scheduling/slot-selection';
import { minutesToTime, parseTime, SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';

/**
 * From the slots a person checked to the reservations the add button saves, and back to what the
 * calendar shows. The rules themselves (merging, repetition) are the domain's; this only arranges them.
 */

const SLOT = formatDuration(SLOT_MINUTES);

/** The checked slots of one room as the intervals a person sees (adjacent slots merged, spec 01 §4). */
export function mergedChoice(checked: readonly ChosenSlot[], roomId: number): MergedInterval[] {
  return mergeSlots(
    checked.filter((c) => c.bookableAssetId === roomId).map((c) => ({ date: c.date, startTime: c.startTime, duration: SLOT })),
  );
}

/** One reservation per room with checked slots, carrying the repetition (null for one time). */
export function reservationsFromChoice(
  checked: readonly ChosenSlot[],
  roomIds: readonly number[],
  repetition: { pattern: RepeatPattern; lastDate: string } | null,
): BookingCreationDto[] {
  const repeats = repetition !== null && repetition.pattern !== 'SINGLE_DAY';
  return roomIds.flatMap((roomId) => {
    const intervals = mergedChoice(checked, roomId);
    if (intervals.length === 0) return [];
    return [
      {
        bookableAssetId: roomId,
        datesAndTimes: intervals.map(({ date, startTime, duration }) => ({ date, startTime, duration })),
        repetition: repeats ? { pattern: repetition.pattern, lastDate: repetition.lastDate } : null,
      },
    ];
  });
}

/**
 * Adds new reservations to the saved ones. A room that allows one timeslot per booking keeps only
 * its newest choice (the rule allows one interval; adding another replaces it).
 */
export function addReservations(
  existing: readonly BookingCreationDto[],
  added: readonly BookingCreationDto[],
  oneTimeslotRooms: ReadonlySet<number>,
): BookingCreationDto[] {
  const replaced = new Set(added.filter((r) => oneTimeslotRooms.has(r.bookableAssetId)).map((r) => r.bookableAssetId));
  return [...existing.filter((r) => !replaced.has(r.bookableAssetId)), ...added];
}

export const slotKey = (roomId: number, date: string, startTime: string) => `${roomId}|${date}|${startTime}`;

/** Every 15-minute slot covered by the saved reservations, repetitions included: shown as 'reserved'. */
export function reservedSlotKeys(reservations: readonly BookingCreationDto[]): Set<string> {
  const keys = new Set<string>();
  for (const reservation of reservations) {
    for (const occurrence of expandRepetition(reservation.datesAndTimes, reservation.repetition)) {
      const start = parseTime(occurrence.startTime);
      const minutes = parseDuration(occurrence.duration);
      if (start === null || minutes === null) continue;
      for (let m = start; m < Math.min(start + minutes, 1440); m += SLOT_MINUTES)
        keys.add(slotKey(reservation.bookableAssetId, occurrence.date, minutesToTime(m)));
    }
  }
  return keys;
}

export interface RoomAvailability {
  available: TimeWithAvailability[];
  unavailable: TimeWithAvailability[];
  errors: TimeWithAvailability[];
  violations: BookingRuleViolationOutput[];
}

/** The availability answer for one room (the server may answer a room in one or several entries). */
export function roomAvailability(response: AvailabilityResponse, roomId: number): RoomAvailability {
  const of = (list: AvailabilityResponse['probablyAvailable']) => list.filter((a) => a.bookableAssetId === roomId);
  return {
    available: of(response.probablyAvailable).flatMap((a) => a.datesAndTimes),
    unavailable: of(response.unavailable).flatMap((a) => a.datesAndTimes),
    errors: of(response.errors).flatMap((a) => a.datesAndTimes),
    violations: of(response.errors).flatMap((a) => a.violations),
  };
}

/**
 * A request may go on to the form when no rule of the whole request is broken, at least one time is
 * free, and every other time may be left out (taken, blocked, closed, outside the booking window):
 * the form names those dates and asks whether to send without them (decision 027).
 */
export function canContinue(response: AvailabilityResponse | null): boolean {
  return response !== null && canSendFreeOnly(response);
}
