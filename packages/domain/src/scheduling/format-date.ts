import { format } from 'date-fns';
import { nb } from 'date-fns/locale/nb';
import { dateParts } from './calendar-date';

/**
 * Formats a 'YYYY-MM-DD' date with a date-fns pattern in Norwegian bokmål (spec 01 §9: dd.MM.yy,
 * d. MMM yyyy, dd. LLLL yyyy, dd.MM.yyyy).
 *
 * date-fns reads local-time fields, so the Date is built from the parts at local noon: its local
 * year/month/day are then the calendar date's in every process time zone, DST or not.
 */
export function formatDate(value: string, pattern: string): string {
  const { year, month, day } = dateParts(value);
  return format(new Date(year, month - 1, day, 12), pattern, { locale: nb });
}

/** dd.MM.yyyy, the form of the end-date message (spec 01 §5). */
export function formatDateNorwegian(value: string): string {
  return formatDate(value, 'dd.MM.yyyy');
}
