import { availableStartMinutes } from './scheduling/available-intervals';
import { isoWeekday, type IsoWeekday } from './scheduling/calendar-date';
import { nonexistentMinutes } from './scheduling/oslo-clock';
import type { PreparedRoom } from './scheduling/room-calendar';
import { SLOT_MINUTES } from './scheduling/time-of-day';

/**
 * The search over every room at once (GET /api/search/assets…): on which of the search's dates does
 * nothing of the duration fit in a room? The answer is exactly `availableStartMinutes(room, date,
 * minutes).length === 0` for each date (what shareOfAvailableDates computes), but a city has
 * thousands of rooms and a recurring search hundreds of dates, so the work is arranged around one
 * fact: on an *ordinary* date — inside the window, not closed, not today, no spring-forward hour and
 * nothing booked or blocked — the rules see only the weekday's opening hours. So each weekday is
 * evaluated once per room, and only the room's extraordinary dates one by one; both through
 * availableStartMinutes, the same function the calendar and the availability check agree with.
 */

/** The dates of one search, indexed once and shared by every room. */
export interface SearchDates {
  /** Sorted, without repeats. */
  dates: readonly string[];
  indexOf: ReadonlyMap<string, number>;
  weekdayAt: readonly IsoWeekday[];
  /** Positions of each weekday's dates, ascending. */
  byWeekday: ReadonlyMap<IsoWeekday, readonly number[]>;
  /** Positions of dates with a wall-clock hour missing (the spring change): never ordinary. */
  irregular: readonly number[];
}

export function indexSearchDates(input: readonly string[]): SearchDates {
  const dates = [...new Set(input)].sort();
  const weekdayAt = dates.map(isoWeekday);
  const byWeekday = new Map<IsoWeekday, number[]>();
  weekdayAt.forEach((weekday, i) => byWeekday.set(weekday, [...(byWeekday.get(weekday) ?? []), i]));
  return {
    dates,
    indexOf: new Map(dates.map((date, i) => [date, i])),
    weekdayAt,
    byWeekday,
    irregular: dates.flatMap((date, i) => (nonexistentMinutes(date) ? [i] : [])),
  };
}

/** A week in January (no daylight-saving change): 2001-01-01 was a Monday. */
const ordinaryWeekMonday = '2001-01-01';
const ordinaryDates = ['2001-01-01', '2001-01-02', '2001-01-03', '2001-01-04', '2001-01-05', '2001-01-06', '2001-01-07'] as const;
const noBusyTimes: PreparedRoom['bookedByDate'] = new Map();

const ordinaryVersions = new WeakMap<PreparedRoom, PreparedRoom>();

/** The room stripped of everything date-specific, with its window moved onto the January week. */
function ordinaryVersion(room: PreparedRoom): PreparedRoom {
  let ordinary = ordinaryVersions.get(room);
  if (!ordinary) {
    ordinary = {
      ...room,
      window: { ...room.window, today: '2000-12-31', firstDate: ordinaryWeekMonday, lastDate: ordinaryDates[6], minSelectableDate: ordinaryWeekMonday },
      pastCutoffMinutes: null,
      closedDates: new Set(),
      bookedByDate: noBusyTimes,
      blockedByDate: noBusyTimes,
    };
    ordinaryVersions.set(room, ordinary);
  }
  return ordinary;
}

/**
 * The answers so far, by what decides them: the weekday's opening intervals on the grid, the minimum
 * duration and the duration (an ordinary date has nothing else). Rooms of one location share their
 * hours, and locations of a kind mostly share theirs, so a city-wide search asks the rules a few
 * hundred times, not tens of thousands. Bounded: cleared when it grows past MEMO_LIMIT.
 */
const fitsMemo = new Map<string, boolean>();
const MEMO_LIMIT = 20_000;

/**
 * Whether the duration fits on an ordinary date of this weekday, evaluated by the rules themselves
 * on the room without bookings, blocked times, closed dates and past times, on a date of a January
 * week that its window is moved to cover.
 */
export function fitsOnOrdinaryDay(room: PreparedRoom, weekday: IsoWeekday, minutes: number): boolean {
  let key = `${minutes}|${room.minBookingDurationMinutes}|`;
  for (const o of room.openingByWeekday.get(weekday) ?? []) key += `${o.start}-${o.end},`;
  let fits = fitsMemo.get(key);
  if (fits === undefined) {
    fits = availableStartMinutes(ordinaryVersion(room), ordinaryDates[weekday - 1] ?? ordinaryWeekMonday, minutes).length > 0;
    if (fitsMemo.size >= MEMO_LIMIT) fitsMemo.clear();
    fitsMemo.set(key, fits);
  }
  return fits;
}

/**
 * For a database pre-filter: busy times on an ordinary date of this weekday cannot stop the duration
 * from fitting while Σ slots(piece) + D·n ≤ budget, where n is the number of busy pieces, slots(piece)
 * any upper bound of the 15-minute slots the piece touches, and D the duration in slots. Null when
 * nothing fits on an ordinary date anyway (then busy times do not matter).
 *
 * Why: the opening intervals (k of them, on the slot grid, O slots in all) minus n pieces leave at
 * most k + n free runs holding at least O − Σ slots(piece) slots; when that is ≥ D·(k + n), one run
 * holds D slots, and a run starts on the grid, which is where availableStartMinutes looks.
 */
export function busyBudget(room: PreparedRoom, weekday: IsoWeekday, minutes: number): number | null {
  if (!fitsOnOrdinaryDay(room, weekday, minutes)) return null;
  const open = room.openingByWeekday.get(weekday) ?? [];
  const openSlots = open.reduce((sum, o) => sum + (o.end - o.start) / SLOT_MINUTES, 0);
  return openSlots - (minutes / SLOT_MINUTES) * open.length;
}

/**
 * The search's dates on which nothing of the duration fits in this room, sorted: the same dates as
 * evaluating availableStartMinutes on every date. A weekday where nothing fits on an ordinary date
 * is unavailable on every date (closures, bookings, past times and missing hours only take time
 * away); otherwise only the room's extraordinary dates can be unavailable, and each is evaluated.
 */
export function unavailableSearchDates(room: PreparedRoom, search: SearchDates, minutes: number): string[] {
  const { dates, indexOf, weekdayAt } = search;
  const fits = new Map<IsoWeekday, boolean>();
  for (const weekday of search.byWeekday.keys()) fits.set(weekday, fitsOnOrdinaryDay(room, weekday, minutes));

  const extraordinary = new Set<number>(search.irregular);
  const mark = (date: string) => {
    const i = indexOf.get(date);
    if (i !== undefined) extraordinary.add(i);
  };
  for (const date of room.bookedByDate.keys()) mark(date);
  for (const date of room.blockedByDate.keys()) mark(date);
  for (const date of room.closedDates) mark(date);
  mark(room.window.today);
  for (let i = 0; i < dates.length && (dates[i] ?? '') < room.window.firstDate; i++) extraordinary.add(i);
  for (let i = dates.length - 1; i >= 0 && (dates[i] ?? '') > room.window.lastDate; i--) extraordinary.add(i);

  const unavailable: number[] = [];
  for (const [weekday, positions] of search.byWeekday) if (!fits.get(weekday)) unavailable.push(...positions);
  for (const i of extraordinary) {
    const date = dates[i];
    if (date !== undefined && fits.get(weekdayAt[i] ?? 1) && availableStartMinutes(room, date, minutes).length === 0) unavailable.push(i);
  }
  return unavailable.sort((a, b) => a - b).map((i) => dates[i] ?? '');
}
