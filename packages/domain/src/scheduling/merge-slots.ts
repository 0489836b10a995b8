import { isValidDate } from './calendar-date';
import type { DateAndTime } from './date-and-time';
import { formatDuration, parseDuration } from './iso-duration';
import { mergeIntervals } from './minute-intervals';
import { minutesToTime, parseTime } from './time-of-day';

/**
 * Spec 01 §4 / 02: adjacent time slots on the same day are merged into one interval when shown —
 * and when sent, so that a request holds the times a person sees.
 */

export interface MergedInterval {
  date: string;
  startTime: string;
  /** 'HH:mm:ss'; '24:00:00' when the interval runs to midnight. */
  endTime: string;
  duration: string;
}

/** A valid time that ends by midnight of its own date: what mergeSlots accepts. */
export function isMergeable(slot: DateAndTime): boolean {
  const start = parseTime(slot.startTime);
  const minutes = parseDuration(slot.duration);
  return isValidDate(slot.date) && start !== null && minutes !== null && start + minutes <= 1440;
}

/**
 * Overlapping or touching times of the same date become one interval, sorted by date and start.
 * Invalid items, and times running past midnight, are a caller's bug and throw.
 */
export function mergeSlots(slots: readonly DateAndTime[]): MergedInterval[] {
  const byDate = new Map<string, { start: number; end: number }[]>();
  for (const slot of slots) {
    const start = parseTime(slot.startTime);
    const minutes = parseDuration(slot.duration);
    if (start === null || minutes === null) throw new RangeError(`Invalid time ${slot.startTime} / ${String(slot.duration)}`);
    if (start + minutes > 1440) throw new RangeError(`Time ${slot.startTime} + ${String(slot.duration)} runs past midnight`);
    const list = byDate.get(slot.date) ?? [];
    list.push({ start, end: start + minutes });
    byDate.set(slot.date, list);
  }
  const result: MergedInterval[] = [];
  for (const date of [...byDate.keys()].sort()) {
    for (const interval of mergeIntervals(byDate.get(date) ?? [])) {
      result.push({
        date,
        startTime: minutesToTime(interval.start),
        endTime: minutesToTime(interval.end),
        duration: formatDuration(interval.end - interval.start),
      });
    }
  }
  return result;
}
