/**
 * Calendar arithmetic on plain YYYY-MM-DD strings (Oslo dates). Done in UTC on purpose: a date has
 * no time zone, and the process's TZ (Oslo in tests, anything in production) must not shift days.
 */
export function todayInOslo(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

export function addDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = toUtc(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first date on or after `from` that falls on `weekday`. */
export function onOrAfter(from: string, weekday: number): string {
  return addDays(from, (weekday - isoWeekday(from) + 7) % 7);
}

/** The Oslo instant of a wall-clock time, as an ISO string with offset, for timestamptz columns. */
export function osloInstant(date: string, time: string): Date {
  // Find the offset Oslo has at that wall-clock time (CET +1 or CEST +2).
  const guess = new Date(`${date}T${time}Z`);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', hourCycle: 'h23' }).format(guess);
  const offsetHours = (Number(parts) - guess.getUTCHours() + 24) % 24;
  return new Date(guess.getTime() - offsetHours * 3_600_000);
}
