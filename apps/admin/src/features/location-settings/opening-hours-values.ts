import type { z } from 'zod';
import type { OpeningHoursBody, openingHoursBody } from '@lokaler/domain/opening-hours';

/** The form holds the PUT body's own shape, so openingHoursBody validates it as it stands. */
export type OpeningHoursFormValues = z.input<typeof openingHoursBody>;

const byDayAndTime = (a: { weekday: number; opens: string }, b: { weekday: number; opens: string }) =>
  a.weekday - b.weekday || a.opens.localeCompare(b.opens);

/** The stored hours as the form starts: intervals in day and time order, periods by date. */
export function toFormValues(hours: OpeningHoursBody): OpeningHoursFormValues {
  return {
    standard: [...hours.standard].sort(byDayAndTime),
    periods: [...hours.periods]
      .sort((a, b) => a.fromDate.localeCompare(b.fromDate))
      .map((p) => ({ ...p, hours: [...p.hours].sort(byDayAndTime) })),
  };
}
