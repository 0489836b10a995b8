import { addDays, addYears, maxDate, minDate } from './calendar-date';
import { isAdmin, type SchedulingCaller } from './scheduling-caller';

/**
 * The dates a caller may book in a room (spec 01 §5, §6, §9).
 *
 * - Public: from today + behandlingstid days (default 0) to the room's last bookable date.
 * - Administrator: behandlingstid does not apply; from one year back when the location's rule
 *   ADMIN_CAN_BOOK_PAST_DATES is on, else from today.
 * - A room without a last bookable date is open for 10 years ahead (the spec's year lists).
 * - The new search never looks past today + 548 days (1.5 years).
 */

export const DEFAULT_YEARS_AHEAD = 10;
export const ADMIN_YEARS_BACK = 1;
export const SEARCH_DAYS_AHEAD = 548;

export interface BookingWindow {
  today: string;
  /** First date a booking may be made for. */
  firstDate: string;
  /** Last date a booking may be made for (inclusive). firstDate > lastDate means nothing is bookable. */
  lastDate: string;
  /**
   * Earliest date the date pickers, year/month lists and week navigation reach: today for the public
   * (days inside behandlingstid are shown, not bookable), firstDate for administrators.
   */
  minSelectableDate: string;
  /** Days of behandlingstid that apply to this caller (0 for administrators). */
  behandlingstid: number;
}

export interface BookingWindowInput {
  today: string;
  caller: SchedulingCaller;
  behandlingstid?: number | null;
  /** The room's (or location's) last bookable date, null when it has none. */
  lastBookableDate?: string | null;
}

export function bookingWindow({ today, caller, behandlingstid, lastBookableDate }: BookingWindowInput): BookingWindow {
  const lastDate = lastBookableDate ?? addYears(today, DEFAULT_YEARS_AHEAD);
  if (isAdmin(caller)) {
    const firstDate = caller.canBookPastDates ? addYears(today, -ADMIN_YEARS_BACK) : today;
    return { today, firstDate, lastDate, minSelectableDate: firstDate, behandlingstid: 0 };
  }
  const days = Math.max(0, Math.trunc(behandlingstid ?? 0));
  return { today, firstDate: addDays(today, days), lastDate, minSelectableDate: today, behandlingstid: days };
}

/** The window of the new search: the booking window, cut at today + 548 days. */
export function searchWindow(window: BookingWindow): BookingWindow {
  return { ...window, lastDate: minDate(window.lastDate, addDays(window.today, SEARCH_DAYS_AHEAD)) };
}

/** Latest date the search form accepts (spec 01 §9). */
export function searchMaxDate(today: string): string {
  return addDays(today, SEARCH_DAYS_AHEAD);
}

export interface Bounds {
  firstDate: string;
  lastDate: string;
}

/**
 * firstandlastbookabledate for several rooms: the earliest first and the latest last date, so a
 * calendar or a recurring search over them spans every room's window. Each room's own slots still
 * follow its own window. Null for an empty list.
 */
export function combineBounds(bounds: readonly Bounds[]): Bounds | null {
  const [first, ...rest] = bounds;
  if (!first) return null;
  // A new object even for one room: a whole booking window passed in has more fields than the answer documents (decision 060).
  return rest.reduce((acc, b) => ({ firstDate: minDate(acc.firstDate, b.firstDate), lastDate: maxDate(acc.lastDate, b.lastDate) }), {
    firstDate: first.firstDate,
    lastDate: first.lastDate,
  });
}

/** Whether a date lies inside the bookable part of the window. */
export function isInWindow(date: string, window: Pick<BookingWindow, 'firstDate' | 'lastDate'>): boolean {
  return date >= window.firstDate && date <= window.lastDate;
}

/** Spec 01 §5: a date before the minimum snaps to the minimum. */
export function snapToMinimum(date: string, window: Pick<BookingWindow, 'minSelectableDate'>): string {
  return maxDate(date, window.minSelectableDate);
}
