import { z } from 'zod';
import { affectedBookingsDecision } from './closing-with-bookings';
import { durationOrHours, isoDate, wallClockTime } from './scheduling/api-primitives';
import { daysBetween, isValidDate } from './scheduling/calendar-date';
import { parseDuration } from './scheduling/iso-duration';
import { mergeIntervals, subtractIntervals, type MinuteInterval } from './scheduling/minute-intervals';
import { timeslotsByDate } from './scheduling/schedule-query';
import { MINUTES_PER_DAY, parseTime } from './scheduling/time-of-day';

/**
 * Blocking times for the public (spec 02 §3 "Blocked times: timeslotsByDate keyed by date, each item
 * startTime, blocked, duration"): PUT /api/bookableasset/{id}/blockedtimes and
 * GET /api/bookableasset/{id}/blockedtimes/schedule?fromInclusive&toInclusive.
 */

export const MAX_BLOCKED_DATES = 400;

export const blockedTimeItem = z.object({
  startTime: wallClockTime,
  /** true: block this time; false: open it again. */
  blocked: z.boolean(),
  duration: durationOrHours,
});
export type BlockedTimeItem = z.infer<typeof blockedTimeItem>;

export const putBlockedTimesBody = z.object({
  timeslotsByDate: z
    .record(isoDate, z.array(blockedTimeItem).max(200))
    .refine((r) => Object.keys(r).length <= MAX_BLOCKED_DATES, { message: `Høyst ${MAX_BLOCKED_DATES} datoer om gangen` }),
  /** What to do with the bookings in the newly blocked times (decision 042); without it, a block over bookings answers 409 AFFECTED_BOOKINGS. */
  affectedBookings: affectedBookingsDecision.optional(),
});
export type PutBlockedTimesBody = z.infer<typeof putBlockedTimesBody>;

export const blockedTimesQuery = z.object({ fromInclusive: isoDate, toInclusive: isoDate }).superRefine((q, ctx) => {
  if (!isValidDate(q.fromInclusive) || !isValidDate(q.toInclusive)) return;
  const days = daysBetween(q.fromInclusive, q.toInclusive) + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['toInclusive'], message: 'Til-dato kan ikke være før fra-dato' });
  else if (days > 93) ctx.addIssue({ code: 'custom', path: ['toInclusive'], message: 'Perioden kan være høyst 93 dager' });
});

/** The room's slots with their blocked flag (the admin calendar's schedule). */
export const blockedTimesSchedule = z.object({ bookableAssetId: z.number().int(), timeslotsByDate });
export type BlockedTimesSchedule = z.infer<typeof blockedTimesSchedule>;

export class BlockedTimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedTimeError';
  }
}

/** A change as minutes of its date; a time may not run past midnight (block the next date too). */
export function blockedItemInterval(item: BlockedTimeItem): MinuteInterval {
  const start = parseTime(item.startTime);
  const minutes = parseDuration(item.duration);
  if (start === null || minutes === null || minutes <= 0) throw new BlockedTimeError(`Ugyldig tid ${item.startTime}`);
  if (start + minutes > MINUTES_PER_DAY) throw new BlockedTimeError('En blokkert tid kan ikke gå over midnatt');
  return { start, end: start + minutes };
}

/**
 * One date's blocked intervals after the changes, applied in the order sent: blocking joins,
 * unblocking cuts out. The answer is sorted and merged, so a date is stored as few rows as possible.
 */
export function applyBlockedTimeChanges(existing: readonly MinuteInterval[], changes: readonly BlockedTimeItem[]): MinuteInterval[] {
  let current = mergeIntervals(existing);
  for (const change of changes) {
    const interval = blockedItemInterval(change);
    current = change.blocked ? mergeIntervals([...current, interval]) : current.flatMap((c) => subtractIntervals(c, [interval]));
  }
  return mergeIntervals(current);
}
