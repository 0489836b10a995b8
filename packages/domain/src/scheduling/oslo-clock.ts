import { addDays, fromDayNumber, isoWeekday, toDayNumber } from './calendar-date';

/**
 * "Now" in Europe/Oslo, computed from an instant without looking at the process time zone, and the
 * daylight-saving changes of the Oslo wall clock. Every rule takes `today` as a parameter; only the
 * edges (a route handler, a SPA hook) call these with `new Date()`.
 */

const osloParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface OsloClock {
  /** 'YYYY-MM-DD' in Europe/Oslo. */
  today: string;
  /** 'HH:mm:ss' in Europe/Oslo. */
  time: string;
}

export function osloClock(now: Date): OsloClock {
  const parts: Record<string, string> = {};
  for (const part of osloParts.formatToParts(now)) parts[part.type] = part.value;
  // Some engines write midnight as '24' even with h23.
  const hour = String(Number(parts.hour) % 24).padStart(2, '0');
  return {
    today: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${hour}:${parts.minute}:${parts.second}`,
  };
}

/** Today's date in Europe/Oslo, whatever TZ the process runs in. */
export function todayInOslo(now: Date): string {
  return osloClock(now).today;
}

/** Last Sunday of a month (1–12): the EU's daylight-saving change days (since 1996). */
function lastSundayOf(year: number, month: number): string {
  // Asked for every date the rules look at (nonexistentMinutes): remembered per year and month.
  const key = year * 100 + month;
  let sunday = lastSundays.get(key);
  if (sunday === undefined) {
    const firstOfNext = fromDayNumber(Date.UTC(year, month, 1) / 86_400_000);
    const lastDay = addDays(firstOfNext, -1);
    sunday = addDays(lastDay, -(isoWeekday(lastDay) % 7));
    lastSundays.set(key, sunday);
  }
  return sunday;
}
const lastSundays = new Map<number, string>();

/** The Sunday clocks go from 02:00 to 03:00 (last Sunday of March). */
export function summerTimeStart(year: number): string {
  return lastSundayOf(year, 3);
}

/** The Sunday clocks go from 03:00 back to 02:00 (last Sunday of October). */
export function summerTimeEnd(year: number): string {
  return lastSundayOf(year, 10);
}

/** The wall-clock hour that changes on a DST day: 02:00–03:00, as minutes [start, end). */
const CHANGING_HOUR = { start: 120, end: 180 } as const;

/**
 * Wall-clock minutes that do not exist on this date ([02:00, 03:00) on the last Sunday of March),
 * or null. No slot is offered there and no request may cover it: a reservation there would have no
 * instant to be stored at.
 */
export function nonexistentMinutes(date: string): { start: number; end: number } | null {
  const year = Number(date.slice(0, 4));
  return date === summerTimeStart(year) ? CHANGING_HOUR : null;
}

/**
 * Wall-clock minutes that happen twice on this date ([02:00, 03:00) on the last Sunday of October),
 * or null. The grid shows them once; a reservation's wall-clock interval is what the user chose.
 */
export function repeatedMinutes(date: string): { start: number; end: number } | null {
  const year = Number(date.slice(0, 4));
  return date === summerTimeEnd(year) ? CHANGING_HOUR : null;
}

/** Length of the Oslo day in hours: 23 on the spring change, 25 on the autumn change, else 24. */
export function osloDayLengthHours(date: string): number {
  if (nonexistentMinutes(date)) return 23;
  if (repeatedMinutes(date)) return 25;
  // toDayNumber validates the date even when no change applies.
  toDayNumber(date);
  return 24;
}
