import { addDays, daysBetween } from './calendar-date';
import type { DateAndTime } from './date-and-time';

/**
 * Repetition of the room calendar (spec 01 §3 "Repeat pattern", §5): a chosen time repeats every
 * week or every other week up to the chosen last date, inclusive. Days are calendar days, so a
 * weekly series keeps its weekday and wall-clock time across daylight-saving changes.
 */

export const repeatPatterns = ['SINGLE_DAY', 'WEEKLY', 'BIWEEKLY'] as const;
export type RepeatPattern = (typeof repeatPatterns)[number];

/** Days between two occurrences; SINGLE_DAY has none. */
export const repeatStepDays: Record<Exclude<RepeatPattern, 'SINGLE_DAY'>, number> = { WEEKLY: 7, BIWEEKLY: 14 };

export interface Repetition {
  lastDate: string;
  /** The spec writes SINGLE_DAY also as the empty string. Anything else unknown is an internal error. */
  pattern: string;
}

export interface Occurrence<D = string | number> extends DateAndTime<D> {
  /** The date the series started from (spec 02 Reservation.initialRepetitionDate); null when single. */
  initialRepetitionDate: string | null;
}

/** A pattern the rules do not know: a programming or data error, never a user's mistake. */
export class RepetitionPatternError extends Error {
  constructor(readonly pattern: string) {
    super(`Unknown repetition pattern '${pattern}'`);
    this.name = 'RepetitionPatternError';
  }
}

/** The step in days of a pattern, 0 for a single day; throws RepetitionPatternError for anything else. */
export function repetitionStep(pattern: string): number {
  if (pattern === 'SINGLE_DAY' || pattern === '') return 0;
  if (pattern === 'WEEKLY' || pattern === 'BIWEEKLY') return repeatStepDays[pattern];
  throw new RepetitionPatternError(pattern);
}

/** How many dates a series from `date` to `lastDate` has: ⌊(lastDate − date) / step⌋ + 1, or 0. */
export function occurrenceCount(date: string, lastDate: string, stepDays: number): number {
  const span = daysBetween(date, lastDate);
  return span < 0 ? 0 : Math.floor(span / stepDays) + 1;
}

/**
 * Every occurrence of the chosen times. Without repetition (null or SINGLE_DAY) the times are
 * returned as they are. With WEEKLY or BIWEEKLY each time repeats from its own date up to `lastDate`
 * inclusive; a time whose date is after `lastDate` yields nothing (the end-date rule refuses that
 * before it gets here). The result is sorted by date, then start time.
 */
export function expandRepetition<D>(datesAndTimes: readonly DateAndTime<D>[], repetition: Repetition | null): Occurrence<D>[] {
  const step = repetition ? repetitionStep(repetition.pattern) : 0;
  if (!repetition || step === 0) {
    return sortOccurrences(datesAndTimes.map((t) => ({ ...t, initialRepetitionDate: null })));
  }
  const occurrences: Occurrence<D>[] = [];
  for (const time of datesAndTimes) {
    const count = occurrenceCount(time.date, repetition.lastDate, step);
    for (let i = 0; i < count; i++) {
      occurrences.push({ ...time, date: addDays(time.date, i * step), initialRepetitionDate: time.date });
    }
  }
  return sortOccurrences(occurrences);
}

function sortOccurrences<T extends { date: string; startTime: string }>(items: T[]): T[] {
  return items.sort((a, b) => (a.date === b.date ? compare(a.startTime, b.startTime) : compare(a.date, b.date)));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
