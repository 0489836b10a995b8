import { isValidDate } from './calendar-date';
import { parseDuration } from './iso-duration';
import { subtractIntervals } from './minute-intervals';
import { asPrepared, type PreparedRoom, type RoomCalendar, type SchedulingContext } from './room-calendar';
import { busyTimes, roomDay } from './room-day';
import { SLOT_MINUTES, isOnSlotGrid, minutesToTime, roundUpToGrid } from './time-of-day';

/**
 * GET /api/bookableasset/availabletime and the search: the start times on a date where an interval
 * of the asked duration fits inside opening hours and outside reservations, blocked times, closed
 * dates, past times and the skipped DST hour, inside the caller's window.
 *
 * Starts lie on the 15-minute slot grid (or a coarser step that is a multiple of it): exactly the
 * starts the availability check accepts for that duration, so a time picked here is never refused.
 */

export interface AvailableInterval {
  startTime: string;
  /** 'HH:mm:ss'; '24:00:00' when it ends at midnight. */
  endTime: string;
}

export interface AvailableIntervalsInput {
  room: RoomCalendar | PreparedRoom;
  context?: SchedulingContext;
  date: string;
  /** ISO duration or hours. */
  duration: string | number;
  /** Distance between offered starts; a positive multiple of 15 (default 15). */
  startStepMinutes?: number;
}

export function availableIntervals({
  room,
  context,
  date,
  duration,
  startStepMinutes = SLOT_MINUTES,
}: AvailableIntervalsInput): AvailableInterval[] {
  const prepared = asPrepared(room, context);
  const minutes = parseDuration(duration);
  if (minutes === null || !isValidDate(date)) return [];
  return availableStartMinutes(prepared, date, minutes, startStepMinutes).map((start) => ({
    startTime: minutesToTime(start),
    endTime: minutesToTime(start + minutes),
  }));
}

/** The fitting starts as minutes since midnight: the search's inner loop, with no string work. */
export function availableStartMinutes(room: PreparedRoom, date: string, minutes: number, step = SLOT_MINUTES): number[] {
  if (!Number.isInteger(step) || step <= 0 || step % SLOT_MINUTES !== 0) {
    throw new RangeError(`The start step must be a positive multiple of ${SLOT_MINUTES} minutes, got ${step}`);
  }
  // The same refusals as the availability check: off-grid or too short for the public fits nowhere.
  if (minutes <= 0 || !isOnSlotGrid(minutes) || minutes < room.minBookingDurationMinutes) return [];
  const day = roomDay(room, date);
  if (day.closure) return [];
  const busy = busyTimes(day);
  const starts: number[] = [];
  for (const open of day.open) {
    for (const free of subtractIntervals(open, busy)) {
      for (let start = roundUpToGrid(free.start, step); start + minutes <= free.end; start += step) starts.push(start);
    }
  }
  return starts;
}

/** The availabletime answer for one date (spec 01 §3 "Available time"): firstAvailable is that date. */
export function toAvailableTimes(
  date: string,
  intervals: readonly AvailableInterval[],
): { timeInterval: { start: string; end: string }; firstAvailable: string }[] {
  return intervals.map((i) => ({ timeInterval: { start: i.startTime, end: i.endTime }, firstAvailable: date }));
}
