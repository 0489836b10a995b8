import { addDays, isValidDate, type IsoWeekday } from './calendar-date';
import { bookingWindow, type BookingWindow } from './booking-window';
import type { DateAndTime } from './date-and-time';
import { parseDuration } from './iso-duration';
import { mergeIntervals, type MinuteInterval } from './minute-intervals';
import { openingInterval, prepareOpening, type OpeningPeriodInput, type PreparedOpening } from './opening-on-date';
import { isAdmin, type SchedulingCaller } from './scheduling-caller';
import { SchedulingDataError } from './scheduling-data-error';
import { MINUTES_PER_DAY, parseTime } from './time-of-day';

/**
 * What the rules need to know about one room, and its preparation into per-date indexes. The server
 * loads this from the database (active reservations only: UNPROCESSED and APPROVED), a SPA never
 * needs it: it receives the schedule the server computed from it.
 */

export interface OpeningHoursEntry {
  weekday: IsoWeekday;
  /** 'HH:mm:ss' */
  opens: string;
  /** 'HH:mm:ss'; '00:00:00' or '24:00:00' means open until midnight. */
  closes: string;
  /**
   * The seasonal period the entry belongs to ('YYYY-MM-DD', inclusive, both or neither): on the
   * period's dates its entries replace the standard ones (entries without dates).
   */
  fromDate?: string | null;
  toDate?: string | null;
}

export interface ActiveReservation extends DateAndTime {
  id: number;
}

export interface RoomCalendar {
  bookableAssetId: number;
  /** Several entries for one weekday are allowed (a break); a weekday without entries is closed. */
  openingHours: readonly OpeningHoursEntry[];
  /**
   * The seasonal periods of the hours, also those without entries (closed on every weekday of their
   * dates); a period of an entry need not be listed.
   */
  openingPeriods?: readonly OpeningPeriodInput[];
  closedDates: readonly string[];
  blockedTimes: readonly DateAndTime[];
  reservations: readonly ActiveReservation[];
  /** The room's or location's last bookable date; null: 10 years ahead. */
  lastBookableDate: string | null;
  /** Days before the date an application must be sent (public only); default 0. */
  behandlingstid: number | null;
  /** Shortest booking for the public, in minutes; 0 or null for none. */
  minBookingDurationMinutes: number | null;
}

export interface SchedulingContext {
  /** 'YYYY-MM-DD' in Europe/Oslo (todayInOslo). */
  today: string;
  /** Oslo wall-clock time now ('HH:mm:ss'): earlier times today are in the past. Omit to treat all of today as future. */
  now?: string | null;
  caller: SchedulingCaller;
  /**
   * Reservations that do not count as taken (the booking being changed). The server passes only ids
   * the caller may ignore: a public caller's own booking's reservations.
   */
  reservationIdsToIgnore?: Iterable<number>;
}

export { SchedulingDataError };

export interface PreparedRoom {
  bookableAssetId: number;
  caller: SchedulingCaller;
  window: BookingWindow;
  /** Applies to the public only; 0 for administrators. */
  minBookingDurationMinutes: number;
  /** Minute of today before which times are past; null when past times do not apply (or `now` was not given). */
  pastCutoffMinutes: number | null;
  /** The standard and seasonal weekly hours on the grid: ask `openingOn(room.opening, date)`. */
  opening: PreparedOpening;
  closedDates: ReadonlySet<string>;
  closedDatesAvailable: boolean;
  blockedBookable: boolean;
  bookedByDate: ReadonlyMap<string, readonly MinuteInterval[]>;
  blockedByDate: ReadonlyMap<string, readonly MinuteInterval[]>;
}

export { openingInterval };

export function prepareRoom(room: RoomCalendar, context: SchedulingContext): PreparedRoom {
  const { caller } = context;
  const admin = isAdmin(caller);
  const window = bookingWindow({
    today: context.today,
    caller,
    behandlingstid: room.behandlingstid,
    lastBookableDate: room.lastBookableDate,
  });
  const ignored = new Set(context.reservationIdsToIgnore ?? []);
  return {
    bookableAssetId: room.bookableAssetId,
    caller,
    window,
    minBookingDurationMinutes: admin ? 0 : Math.max(0, room.minBookingDurationMinutes ?? 0),
    pastCutoffMinutes: admin && caller.canBookPastDates ? null : nowCutoff(context.now),
    opening: prepareOpening(room.openingHours, room.openingPeriods),
    closedDates: new Set(room.closedDates),
    closedDatesAvailable: admin && caller.closedDatesAvailable,
    blockedBookable: admin && caller.allowedToBookBlockedSlots,
    bookedByDate: indexByDate(
      room.reservations.filter((r) => !ignored.has(r.id)),
      'reservation',
    ),
    blockedByDate: indexByDate(room.blockedTimes, 'blocked time'),
  };
}

/** Accepts raw room data with its context, or a room already prepared (to reuse its indexes). */
export function asPrepared(room: RoomCalendar | PreparedRoom, context: SchedulingContext | undefined): PreparedRoom {
  if ('window' in room) return room;
  if (!context) throw new TypeError('A scheduling context is required with raw room data');
  return prepareRoom(room, context);
}

/** A slot that started at 14:00 is past at 14:00:01. */
function nowCutoff(now: string | null | undefined): number | null {
  if (!now) return null;
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(now);
  if (!match) throw new SchedulingDataError(`Invalid current time '${now}'`);
  return Number(match[1]) * 60 + Number(match[2]) + (Number(match[3] ?? 0) > 0 ? 1 : 0);
}

/** Busy times by date, merged; a time running past midnight continues on the next date. */
function indexByDate(items: readonly DateAndTime[], what: string): Map<string, MinuteInterval[]> {
  const raw = new Map<string, MinuteInterval[]>();
  const add = (date: string, interval: MinuteInterval) => raw.set(date, [...(raw.get(date) ?? []), interval]);
  for (const item of items) {
    const start = parseTime(item.startTime);
    const minutes = parseDuration(item.duration);
    if (!isValidDate(item.date) || start === null || minutes === null) {
      throw new SchedulingDataError(`Invalid ${what} ${item.date} ${item.startTime} ${String(item.duration)}`);
    }
    let date = item.date;
    let from = start;
    let remaining = minutes;
    while (remaining > 0) {
      const end = Math.min(MINUTES_PER_DAY, from + remaining);
      add(date, { start: from, end });
      remaining -= end - from;
      date = addDays(date, 1);
      from = 0;
    }
  }
  const merged = new Map<string, MinuteInterval[]>();
  for (const [date, intervals] of raw) merged.set(date, mergeIntervals(intervals));
  return merged;
}
