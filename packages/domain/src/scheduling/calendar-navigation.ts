import { addDays, dateParts, isoWeekNumber, weekStart } from './calendar-date';
import type { BookingWindow } from './booking-window';

/**
 * Week navigation and the year/month lists of the room calendar (spec 01 §5, §9): weeks start on
 * Monday and show their ISO week number; back stops at the week holding the earliest selectable
 * date (today, or a year back for an administrator with ADMIN_CAN_BOOK_PAST_DATES), forward stops
 * at the week holding the last bookable date.
 */

export interface CalendarWeek {
  /** Monday of the week. */
  weekStart: string;
  /** Sunday of the week. */
  weekEnd: string;
  weekNumber: number;
  previousWeekStart: string;
  nextWeekStart: string;
  canGoBack: boolean;
  canGoForward: boolean;
}

type NavigationWindow = Pick<BookingWindow, 'minSelectableDate' | 'lastDate'>;

export function calendarWeek(anyDateInWeek: string, window: NavigationWindow): CalendarWeek {
  const monday = weekStart(anyDateInWeek);
  const previousSunday = addDays(monday, -1);
  const nextMonday = addDays(monday, 7);
  return {
    weekStart: monday,
    weekEnd: addDays(monday, 6),
    weekNumber: isoWeekNumber(monday),
    previousWeekStart: addDays(monday, -7),
    nextWeekStart: nextMonday,
    // The previous week is "in the past" when even its Sunday is before the earliest selectable date.
    canGoBack: previousSunday >= window.minSelectableDate,
    canGoForward: nextMonday <= window.lastDate,
  };
}

/** The week the calendar opens on: the one holding `date`, snapped into [minSelectableDate, lastDate]. */
export function initialCalendarWeekStart(date: string | null, window: NavigationWindow): string {
  let target = date ?? window.minSelectableDate;
  if (target < window.minSelectableDate) target = window.minSelectableDate;
  if (target > window.lastDate) target = window.lastDate;
  return weekStart(target);
}

/** Years for the year list: from the earliest selectable date's year to the last date's year. */
export function yearOptions(window: NavigationWindow): number[] {
  const first = dateParts(window.minSelectableDate).year;
  const last = dateParts(window.lastDate).year;
  const years: number[] = [];
  for (let y = first; y <= last; y++) years.push(y);
  return years;
}

/** Months (1–12) of a year that have at least one selectable day. */
export function monthOptions(year: number, window: NavigationWindow): number[] {
  const first = dateParts(window.minSelectableDate);
  const last = dateParts(window.lastDate);
  const months: number[] = [];
  for (let m = 1; m <= 12; m++) {
    const afterStart = year > first.year || (year === first.year && m >= first.month);
    const beforeEnd = year < last.year || (year === last.year && m <= last.month);
    if (afterStart && beforeEnd) months.push(m);
  }
  return months;
}
