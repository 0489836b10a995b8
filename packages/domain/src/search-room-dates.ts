import { availableStartMinutes } from './scheduling/available-intervals';
import { isoWeekday, type IsoWeekday } from './scheduling/calendar-date';
import { nonexistentMinutes } from './scheduling/oslo-clock';
import type { OpeningWeek } from './scheduling/opening-on-date';
import type { PreparedRoom } from './scheduling/room-calendar';
import { SLOT_MINUTES } from './scheduling/time-of-day';

/**
 * The search over every room at once (GET /api/search/assets…): on which of the search's dates does
 * nothing of the duration fit in a room? The answer is exactly `availableStartMinutes(room, date,
 * minutes).length === 0` for each date (what shareOfAvailableDates computes), but a city has
 * thousands of rooms and a recurring search hundreds of dates, so the work is arranged around one
 * fact: on an *ordinary* date — inside the window, not closed, not today, no spring-forward hour and
 * nothing booked or blocked — the rules see only the weekday's opening hours (of the date's seasonal
 * period, or the standard ones). So each weekday of each week of hours is evaluated once per room,
 * and only the room's extraordinary dates one by one; both through availableStartMinutes, the same
 * function the calendar and the availability check agree with.
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

const isoWeekdays: readonly IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];

/** A week in January (no daylight-saving change): 2001-01-01 was a Monday. */
const ordinaryWeekMonday = '2001-01-01';
const ordinaryDates = ['2001-01-01', '2001-01-02', '2001-01-03', '2001-01-04', '2001-01-05', '2001-01-06', '2001-01-07'] as const;
const noBusyTimes: PreparedRoom['bookedByDate'] = new Map();

const ordinaryVersions = new WeakMap<PreparedRoom, Map<OpeningWeek, PreparedRoom>>();

/**
 * The room stripped of everything date-specific, with these weekly hours as its only ones and its
 * window moved onto the January week.
 */
function ordinaryVersion(room: PreparedRoom, week: OpeningWeek): PreparedRoom {
  let versions = ordinaryVersions.get(room);
  if (!versions) ordinaryVersions.set(room, (versions = new Map()));
  let ordinary = versions.get(week);
  if (!ordinary) {
    ordinary = {
      ...room,
      window: {
        ...room.window,
        today: '2000-12-31',
        firstDate: ordinaryWeekMonday,
        lastDate: ordinaryDates[6],
        minSelectableDate: ordinaryWeekMonday,
      },
      pastCutoffMinutes: null,
      opening: { standard: week, periods: [] },
      closedDates: new Set(),
      bookedByDate: noBusyTimes,
      blockedByDate: noBusyTimes,
    };
    versions.set(week, ordinary);
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
 * Whether the duration fits on an ordinary date of this weekday under these weekly hours (default:
 * the standard ones), evaluated by the rules themselves on the room without bookings, blocked times,
 * closed dates and past times, on a date of a January week that its window is moved to cover.
 */
export function fitsOnOrdinaryDay(
  room: PreparedRoom,
  weekday: IsoWeekday,
  minutes: number,
  week: OpeningWeek = room.opening.standard,
): boolean {
  let key = `${minutes}|${room.minBookingDurationMinutes}|`;
  for (const o of week[weekday - 1] ?? []) key += `${o.start}-${o.end},`;
  let fits = fitsMemo.get(key);
  if (fits === undefined) {
    fits = availableStartMinutes(ordinaryVersion(room, week), ordinaryDates[weekday - 1] ?? ordinaryWeekMonday, minutes).length > 0;
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
export function busyBudget(
  room: PreparedRoom,
  weekday: IsoWeekday,
  minutes: number,
  week: OpeningWeek = room.opening.standard,
): number | null {
  if (!fitsOnOrdinaryDay(room, weekday, minutes, week)) return null;
  const open = week[weekday - 1] ?? [];
  const openSlots = open.reduce((sum, o) => sum + (o.end - o.start) / SLOT_MINUTES, 0);
  return openSlots - (minutes / SLOT_MINUTES) * open.length;
}

/**
 * busyBudget per ISO weekday (index 0–6) for the search's dates, null for a weekday the search does
 * not hold. With seasonal periods in the search's span, a weekday's dates may follow several weekly
 * hours: the smallest budget among those where the duration fits holds for all of them (a smaller
 * budget only keeps more rows for the rules to look at), and null only when it fits under none.
 */
export function searchBusyBudgets(room: PreparedRoom, search: SearchDates, minutes: number): (number | null)[] {
  const first = search.dates[0] ?? '';
  const last = search.dates.at(-1) ?? '';
  const weeks = [room.opening.standard, ...room.opening.periods.filter((p) => p.fromDate <= last && first <= p.toDate).map((p) => p.week)];
  return isoWeekdays.map((weekday) => {
    if (!search.byWeekday.has(weekday)) return null;
    let budget: number | null = null;
    for (const week of weeks) {
      const b = busyBudget(room, weekday, minutes, week);
      if (b !== null && (budget === null || b < budget)) budget = b;
    }
    return budget;
  });
}

/**
 * Per ISO weekday (index 0–6), the one opening interval in minutes that every date of the weekday in
 * the search holds whichever weekly hours it follows (the standard week or a seasonal period's): the
 * intersection of the weeks' intervals when each week opens once that day, else null. For the
 * database's second pre-filter (busy-times-repository.ts): a crowded date whose busy time leaves a
 * gap of the duration on the grid inside it provably fits, whatever else the rules would look at
 * on an ordinary date (decision 046). Null also for a weekday the search does not hold.
 */
export function searchOpenSpans(room: PreparedRoom, search: SearchDates): ({ start: number; end: number } | null)[] {
  const first = search.dates[0] ?? '';
  const last = search.dates.at(-1) ?? '';
  const weeks = [room.opening.standard, ...room.opening.periods.filter((p) => p.fromDate <= last && first <= p.toDate).map((p) => p.week)];
  return isoWeekdays.map((weekday) => {
    if (!search.byWeekday.has(weekday)) return null;
    let start = 0;
    let end = 24 * 60;
    for (const week of weeks) {
      const open = week[weekday - 1] ?? [];
      const only = open[0];
      if (open.length !== 1 || !only) return null;
      start = Math.max(start, only.start);
      end = Math.min(end, only.end);
    }
    return start < end ? { start, end } : null;
  });
}

/**
 * Whether, on every weekday the search holds, every week of the room's hours that opens that day
 * (the standard week and each seasonal period's, whether or not the search meets it) opens once and
 * at the same times: then the span the database keeps per room and weekday (room_open_spans) is the
 * day's opening interval on every open date, and its kept fit decides a busy date (decision 052).
 */
export function sameHoursEveryWeek(room: PreparedRoom, search: SearchDates): boolean {
  const weeks = [room.opening.standard, ...room.opening.periods.map((p) => p.week)];
  for (const weekday of search.byWeekday.keys()) {
    let only: { start: number; end: number } | undefined;
    for (const week of weeks) {
      const open = week[weekday - 1] ?? [];
      if (open.length === 0) continue;
      const [interval] = open;
      if (open.length > 1 || !interval) return false;
      if (only && (only.start !== interval.start || only.end !== interval.end)) return false;
      only = interval;
    }
  }
  return true;
}

/** Positions [low, high) of the sorted dates from `from` to `to` inclusive. */
function positionsWithin(dates: readonly string[], from: string, to: string): [number, number] {
  const bound = (date: string, inclusive: boolean) => {
    let low = 0;
    let high = dates.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const d = dates[middle] ?? '';
      if (d < date || (inclusive && d === date)) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return [bound(from, false), bound(to, true)];
}

/**
 * The search's dates on which nothing of the duration fits in this room, sorted: the same dates as
 * evaluating availableStartMinutes on every date. A weekday where nothing fits on an ordinary date
 * (under the date's weekly hours) is unavailable on every such date (closures, bookings, past times
 * and missing hours only take time away); otherwise only the room's extraordinary dates can be unavailable, and each is evaluated.
 */
export function unavailableSearchDates(room: PreparedRoom, search: SearchDates, minutes: number): string[] {
  const { dates, indexOf, weekdayAt } = search;
  const fits = new Map<IsoWeekday, boolean>();
  for (const weekday of search.byWeekday.keys()) fits.set(weekday, fitsOnOrdinaryDay(room, weekday, minutes));

  // Dates inside a seasonal period follow its weeks: each period's weekdays are evaluated once too.
  // Without periods among the dates (the common case) every date follows the standard week.
  let periodFits: (boolean[] | undefined)[] | null = null;
  for (const period of room.opening.periods) {
    const [low, high] = positionsWithin(dates, period.fromDate, period.toDate);
    if (low >= high) continue;
    periodFits ??= new Array<boolean[] | undefined>(dates.length);
    const byWeekday = isoWeekdays.map((weekday) => search.byWeekday.has(weekday) && fitsOnOrdinaryDay(room, weekday, minutes, period.week));
    for (let i = low; i < high; i++) periodFits[i] = byWeekday;
  }
  const fitsAt = (i: number): boolean => {
    const weekday = weekdayAt[i] ?? 1;
    const inPeriod = periodFits?.[i];
    return inPeriod ? inPeriod[weekday - 1] === true : fits.get(weekday) === true;
  };

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
  if (periodFits === null) {
    for (const [weekday, positions] of search.byWeekday) if (!fits.get(weekday)) unavailable.push(...positions);
  } else {
    for (let i = 0; i < dates.length; i++) if (!fitsAt(i)) unavailable.push(i);
  }
  for (const i of extraordinary) {
    const date = dates[i];
    if (date !== undefined && fitsAt(i) && availableStartMinutes(room, date, minutes).length === 0) unavailable.push(i);
  }
  return unavailable.sort((a, b) => a - b).map((i) => dates[i] ?? '');
}
