import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';

/**
 * Spec 02 §9: dates dd.MM.yyyy, times HH:mm (formatClock in @lokaler/domain/scheduling/time-of-day). Instants from the API (…Utc) are shown on the Oslo wall
 * clock whatever time zone the administrator's browser is in.
 */

/** 'dd.MM.yyyy' of a 'YYYY-MM-DD' date; spec 02 §5: an invalid date is shown empty. */
export function formatDay(date: string | null | undefined): string {
  return isValidDate(date) ? formatDateNorwegian(date) : '';
}

function osloInstant(utc: string | null | undefined) {
  if (!utc) return null;
  const instant = new Date(utc);
  return Number.isNaN(instant.getTime()) ? null : osloClock(instant);
}

/** 'dd.MM.yyyy' of an instant, in Oslo. */
export function formatInstantDate(utc: string | null | undefined): string {
  const clock = osloInstant(utc);
  return clock ? formatDateNorwegian(clock.today) : '';
}

/** 'dd.MM.yyyy HH:mm' of an instant, in Oslo. */
export function formatInstant(utc: string | null | undefined): string {
  const clock = osloInstant(utc);
  return clock ? `${formatDateNorwegian(clock.today)} ${clock.time.slice(0, 5)}` : '';
}

/** '12.03.2026' or '12.03.2026–30.05.2026' for a booking's first and last date. */
export function formatPeriod(firstDate: string | null, lastDate: string | null): string {
  if (!firstDate) return '';
  if (!lastDate || lastDate === firstDate) return formatDay(firstDate);
  return `${formatDay(firstDate)}–${formatDay(lastDate)}`;
}
