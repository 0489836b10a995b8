import { formatOsloDateTime } from '@lokaler/domain/user-booking-rules';

/**
 * Spec 02 §9: dates dd.MM.yyyy, times HH:mm. Instants from the API (…Utc) are shown on the Oslo
 * wall clock whatever time zone the browser is in.
 */

function isInstant(utc: string | null | undefined): utc is string {
  return typeof utc === 'string' && !Number.isNaN(new Date(utc).getTime());
}

/** 'dd.MM.yyyy HH:mm' of an instant, in Oslo; empty when there is none. */
export function formatInstant(utc: string | null | undefined): string {
  return isInstant(utc) ? formatOsloDateTime(utc) : '';
}

/** 'dd.MM.yyyy' of an instant, in Oslo. */
export function formatInstantDate(utc: string | null | undefined): string {
  return formatInstant(utc).slice(0, 10);
}
