/**
 * Calendar arithmetic on plain 'YYYY-MM-DD' strings (Europe/Oslo wall-clock dates).
 *
 * Every computation goes through a day number (days since 1970-01-01) built with Date.UTC, so no
 * result depends on the process time zone or on a daylight-saving change: a date is a calendar day,
 * never an instant. (The Helsinki anchor shifted days by the UTC offset; this is the guard.)
 */

export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const DAY_MS = 86_400_000;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

function parseParts(value: string): YearMonthDay | null {
  const match = datePattern.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  // Arithmetic rather than a Date: every date the rules parse passes here.
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True for a real calendar date written exactly as 'YYYY-MM-DD' (spec 01 §5: anything else is invalid). */
export function isValidDate(value: unknown): value is string {
  return typeof value === 'string' && parseParts(value) !== null;
}

/** The date itself when valid, else null: an invalid date is treated as empty (spec 01 §5). */
export function validDateOrNull(value: unknown): string | null {
  return isValidDate(value) ? value : null;
}

function partsOrThrow(value: string): YearMonthDay {
  const parts = parseParts(value);
  if (!parts) throw new RangeError(`Invalid date '${value}', expected YYYY-MM-DD`);
  return parts;
}

/** Days since 1970-01-01 (negative before). Throws on an invalid date: callers validate input first. */
export function toDayNumber(value: string): number {
  const { year, month, day } = partsOrThrow(value);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function fromDayNumber(dayNumber: number): string {
  const d = new Date(dayNumber * DAY_MS);
  return formatParts(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function formatParts(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function addDays(value: string, days: number): string {
  return fromDayNumber(toDayNumber(value) + days);
}

/** Calendar months; the day is clamped to the target month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(value: string, months: number): string {
  const { year, month, day } = partsOrThrow(value);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatParts(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

export function addYears(value: string, years: number): string {
  return addMonths(value, years * 12);
}

/** Whole calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. 1970-01-01 was a Thursday (4). */
export function isoWeekday(value: string): IsoWeekday {
  const n = toDayNumber(value);
  return (((((n + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}

/** The Monday of the week the date is in (weeks start Monday, spec 01 §9). */
export function weekStart(value: string): string {
  return addDays(value, 1 - isoWeekday(value));
}

/** ISO 8601 week number: the week belongs to the year of its Thursday. */
export function isoWeekNumber(value: string): number {
  const thursday = toDayNumber(value) - isoWeekday(value) + 4;
  const thursdayYear = new Date(thursday * DAY_MS).getUTCFullYear();
  const firstOfYear = Date.UTC(thursdayYear, 0, 1) / DAY_MS;
  return Math.floor((thursday - firstOfYear) / 7) + 1;
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function datesInRange(from: string, to: string): string[] {
  const first = toDayNumber(from);
  const last = toDayNumber(to);
  const dates: string[] = [];
  for (let n = first; n <= last; n++) dates.push(fromDayNumber(n));
  return dates;
}

/** 'YYYY-MM-DD' strings compare correctly as text; these names make call sites read as intent. */
export function minDate(a: string, b: string): string {
  return a <= b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/** Year, month (1–12) and day of a valid date. */
export function dateParts(value: string): YearMonthDay {
  return partsOrThrow(value);
}
