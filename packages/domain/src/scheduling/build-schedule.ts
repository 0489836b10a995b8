import { datesInRange } from './calendar-date';
import { formatDuration } from './iso-duration';
import { overlapsAny } from './minute-intervals';
import { nonexistentMinutes } from './oslo-clock';
import { asPrepared, type PreparedRoom, type RoomCalendar, type SchedulingContext } from './room-calendar';
import { dayClosure, intervalProblem, roomDay } from './room-day';
import { SLOT_MINUTES, minutesToTime } from './time-of-day';

/**
 * GET /api/schedule (spec 01 §3 "Schedule"): per date, the 15-minute slots inside opening hours.
 *
 * - booked: a reservation that is not ignored overlaps the slot.
 * - blocked: a blocked time overlaps the slot (whoever asks).
 * - bookingAllowed: every rule but "booked" lets this caller book the slot — the window (past,
 *   behandlingstid, last date), closed dates, times already past today, blocked times (unless an
 *   administrator asked allowedToBookBlockedSlots). Available to click = bookingAllowed && !booked.
 * - displayAsBlockedButAllowed: blocked, yet bookable by this administrator: 'Blokkert for innbygger'.
 *
 * Slots of the hour skipped when summer time starts are left out: that wall-clock hour does not exist.
 */

export interface ScheduleSlot {
  startTime: string;
  duration: string;
  booked: boolean;
  bookingAllowed: boolean;
  displayAsBlockedButAllowed: boolean;
  blocked: boolean;
}

export type TimeslotsByDate = Record<string, ScheduleSlot[]>;

export interface BuildScheduleInput {
  room: RoomCalendar | PreparedRoom;
  context?: SchedulingContext;
  fromInclusive: string;
  toInclusive: string;
}

const SLOT_DURATION = formatDuration(SLOT_MINUTES);

export function buildSchedule({ room, context, fromInclusive, toInclusive }: BuildScheduleInput): TimeslotsByDate {
  const prepared = asPrepared(room, context);
  const timeslotsByDate: TimeslotsByDate = {};
  for (const date of datesInRange(fromInclusive, toInclusive)) {
    timeslotsByDate[date] = scheduleForDate(prepared, date);
  }
  return timeslotsByDate;
}

export function scheduleForDate(room: PreparedRoom, date: string): ScheduleSlot[] {
  const day = roomDay(room, date);
  const gap = nonexistentMinutes(date);
  const slots: ScheduleSlot[] = [];
  for (const open of day.open) {
    for (let start = open.start; start + SLOT_MINUTES <= open.end; start += SLOT_MINUTES) {
      if (gap && start >= gap.start && start < gap.end) continue;
      const slot = { start, end: start + SLOT_MINUTES };
      const booked = overlapsAny(slot, day.booked);
      const blocked = overlapsAny(slot, day.blocked);
      const bookingAllowed = intervalProblem(day, slot, { ignoreBooked: true }) === null;
      slots.push({
        startTime: minutesToTime(start),
        duration: SLOT_DURATION,
        booked,
        bookingAllowed,
        displayAsBlockedButAllowed: blocked && day.blockedBookable && bookingAllowed && !booked,
        blocked,
      });
    }
  }
  return slots;
}

/**
 * The dates of the range this caller finds closed (a location's closed date, CLOSED_DATE): the
 * portal shows them as 'Stengt' rather than as taken. Only dates inside the caller's window count
 * (a closed date that is past, inside behandlingstid or beyond the last date is unbookable for that
 * reason first), and none for an administrator who may book closed dates (closedDatesAvailable).
 */
export function closedDatesIn(room: PreparedRoom, fromInclusive: string, toInclusive: string): string[] {
  return datesInRange(fromInclusive, toInclusive).filter((date) => dayClosure(room, date) === 'CLOSED_DATE');
}
