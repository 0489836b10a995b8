import { validDateOrNull, maxDate } from './calendar-date';
import type { BookingWindow } from './booking-window';
import { formatDateNorwegian } from './format-date';

/**
 * The repetition's end date (spec 01 §5, spec 02 for blocked/extra reservations): required, not
 * after the last allowed date; a date before the minimum (today, administrators a year back) snaps
 * to the minimum. An invalid date is treated as empty.
 */

export const endDateMessages = {
  required: 'Feltet må fylles ut',
  afterLastDate: (lastDate: string) => `Sluttdato kan ikke være etter ${formatDateNorwegian(lastDate)}`,
} as const;

export type EndDateResult = { ok: true; lastDate: string } | { ok: false; message: string };

export function validateRepetitionEndDate(
  value: string | null | undefined,
  window: Pick<BookingWindow, 'minSelectableDate' | 'lastDate'>,
): EndDateResult {
  const date = validDateOrNull(value);
  if (date === null) return { ok: false, message: endDateMessages.required };
  if (date > window.lastDate) return { ok: false, message: endDateMessages.afterLastDate(window.lastDate) };
  return { ok: true, lastDate: maxDate(date, window.minSelectableDate) };
}
