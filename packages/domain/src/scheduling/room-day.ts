import { overlapsAny, type MinuteInterval } from './minute-intervals';
import { nonexistentMinutes } from './oslo-clock';
import { openingOn } from './opening-on-date';
import type { PreparedRoom } from './room-calendar';
import type { UnavailabilityReason } from './unavailability-reason';

/**
 * One room on one date: the single evaluation that the schedule, the availability check and the
 * search all read. Each of them asks `intervalProblem` (or reads the same busy lists), so none can
 * offer a time another refuses.
 */

export type DayClosure = Extract<UnavailabilityReason, 'IN_THE_PAST' | 'OUTSIDE_WINDOW' | 'WITHIN_PROCESSING_TIME' | 'CLOSED_DATE'>;

export interface UnusableTime extends MinuteInterval {
  reason: Extract<UnavailabilityReason, 'IN_THE_PAST' | 'NONEXISTENT_TIME'>;
}

export interface RoomDay {
  date: string;
  /** Why nothing on this date can be booked, or null. */
  closure: DayClosure | null;
  /** Opening hours of the date (its period's or the standard weekday's) on the slot grid (also on closed dates: shown, not bookable). */
  open: readonly MinuteInterval[];
  /** Earlier today (when past times do not apply to the caller) and the hour skipped in spring. */
  unusable: readonly UnusableTime[];
  booked: readonly MinuteInterval[];
  blocked: readonly MinuteInterval[];
  /** An administrator with allowedToBookBlockedSlots may book over blocked times. */
  blockedBookable: boolean;
}

const noIntervals: readonly MinuteInterval[] = [];

export function roomDay(room: PreparedRoom, date: string): RoomDay {
  const unusable: UnusableTime[] = [];
  if (date === room.window.today && room.pastCutoffMinutes !== null && room.pastCutoffMinutes > 0) {
    unusable.push({ start: 0, end: room.pastCutoffMinutes, reason: 'IN_THE_PAST' });
  }
  const gap = nonexistentMinutes(date);
  if (gap) unusable.push({ ...gap, reason: 'NONEXISTENT_TIME' });
  return {
    date,
    closure: dayClosure(room, date),
    open: openingOn(room.opening, date),
    unusable,
    booked: room.bookedByDate.get(date) ?? noIntervals,
    blocked: room.blockedByDate.get(date) ?? noIntervals,
    blockedBookable: room.blockedBookable,
  };
}

/** Why nothing on this date can be booked by the room's caller, or null (also read alone: the schedule's closed dates). */
export function dayClosure(room: PreparedRoom, date: string): DayClosure | null {
  const { today, firstDate, lastDate } = room.window;
  if (date > lastDate) return 'OUTSIDE_WINDOW';
  if (date < firstDate) {
    if (date >= today) return 'WITHIN_PROCESSING_TIME';
    // Before today: "in the past" for whoever may not book the past; an administrator who may is
    // outside the window only beyond the year back.
    return firstDate >= today ? 'IN_THE_PAST' : 'OUTSIDE_WINDOW';
  }
  if (room.closedDates.has(date) && !room.closedDatesAvailable) return 'CLOSED_DATE';
  return null;
}

/**
 * Why the interval [start, end) on this day cannot be booked, or null when it can. The interval is
 * assumed on the slot grid (callers check that first). With `ignoreBooked`, reservations are not
 * looked at: that is the schedule's bookingAllowed, which it reports beside `booked`.
 */
export function intervalProblem(
  day: RoomDay,
  interval: MinuteInterval,
  options: { ignoreBooked?: boolean } = {},
): UnavailabilityReason | null {
  if (day.closure) return day.closure;
  if (!day.open.some((o) => o.start <= interval.start && interval.end <= o.end)) return 'OUTSIDE_OPENING_HOURS';
  for (const time of day.unusable) {
    if (time.start < interval.end && interval.start < time.end) return time.reason;
  }
  if (!options.ignoreBooked && overlapsAny(interval, day.booked)) return 'BOOKED';
  if (!day.blockedBookable && overlapsAny(interval, day.blocked)) return 'BLOCKED';
  return null;
}

/** The times on this day no booking may overlap (for the search's free intervals). */
export function busyTimes(day: RoomDay): MinuteInterval[] {
  return [...day.unusable, ...day.booked, ...(day.blockedBookable ? [] : day.blocked)];
}
