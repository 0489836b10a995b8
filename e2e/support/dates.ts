/**
 * Dates as the specs pick them: 'YYYY-MM-DD' in Oslo, counted from today so a spec keeps working
 * on any day it runs. Each spec owns days far enough ahead that no other spec or demo booking uses them.
 */

/** Today in Oslo, whatever the test process's time zone. */
export const osloToday = (): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string): number => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Fixed-date holidays the demo closes on (moving ones, Ascension and Whit Monday, each spec avoids its own way). */
export const isFixedHoliday = (date: string): boolean =>
  ['01-01', '05-01', '05-17', '12-24', '12-25', '12-26', '12-31'].includes(date.slice(5));

/** A Tuesday–Thursday from `days` ahead that is no holiday: past most locations' behandlingstid, inside every bookable window. */
export function weekdayAhead(days: number): string {
  let date = addDays(osloToday(), days);
  while (![2, 3, 4].includes(isoWeekday(date)) || isFixedHoliday(date)) date = addDays(date, 1);
  return date;
}

/** '2026-12-24' → '24.12.2026': what a person types into the shared date field (dd.mm.åååå). */
export const norwegianDate = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
