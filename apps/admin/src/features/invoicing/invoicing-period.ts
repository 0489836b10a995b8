import { invoicingPeriodQuery } from '@lokaler/domain/invoices';
import { addMonths } from '@lokaler/domain/scheduling/calendar-date';

/**
 * The invoicing page's month (decision 071): in the address as ?periode=YYYY-MM, checked by the API's
 * own rule, so a reload or a shared link shows the same month and the back button the one before.
 * Without one, or with a wrong one, the month before today's: invoices are made for a month once it has
 * passed, so that is the month a case officer opens the page for.
 */
export const periodParam = 'periode';

const monthNames = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
export const periodOf = (date: string) => date.slice(0, 7);

/** The month `months` after `period` (negative: before). */
export const addPeriodMonths = (period: string, months: number) => periodOf(addMonths(`${period}-01`, months));

/** 'november 2026' */
export function monthName(period: string): string {
  return `${monthNames[Number(period.slice(5, 7)) - 1] ?? ''} ${period.slice(0, 4)}`;
}

/** The month before `today`'s. */
export const defaultPeriod = (today: string) => addPeriodMonths(periodOf(today), -1);

/** The month in the address when the API's rule accepts it, else the default (never an error page). */
export function periodFromSearch(search: URLSearchParams, today: string): string {
  const asked = invoicingPeriodQuery.safeParse({ period: search.get(periodParam) ?? '' });
  return asked.success ? asked.data.period : defaultPeriod(today);
}

/** The address's parameters with the month set (the others kept). */
export function withPeriod(search: URLSearchParams, period: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(periodParam, period);
  return next;
}

/** The months the chooser offers, newest first: two years back to two months ahead, and the chosen one if outside. */
export function chooserMonths(today: string, chosen: string): string[] {
  const newest = addPeriodMonths(periodOf(today), 2);
  const months = Array.from({ length: 27 }, (_, i) => addPeriodMonths(newest, -i));
  return months.includes(chosen) ? months : [...months, chosen].sort().reverse();
}

/** The summary's twelve months: eleven before today's month, and today's. */
export function lastTwelveMonths(today: string): { from: string; to: string } {
  const to = periodOf(today);
  return { from: addPeriodMonths(to, -11), to };
}
