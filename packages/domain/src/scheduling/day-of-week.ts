import type { IsoWeekday } from './calendar-date';

/**
 * Weekdays as the API names them (the new search's daysOfWeek, the series keyed by weekday), with
 * their ISO numbers (1 = Monday) and Norwegian names. An unknown day is an internal error (spec 01 §8).
 */
export const daysOfWeek = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type DayOfWeek = (typeof daysOfWeek)[number];

export const dayOfWeekLabels: Record<DayOfWeek, string> = {
  MONDAY: 'Mandag',
  TUESDAY: 'Tirsdag',
  WEDNESDAY: 'Onsdag',
  THURSDAY: 'Torsdag',
  FRIDAY: 'Fredag',
  SATURDAY: 'Lørdag',
  SUNDAY: 'Søndag',
};

export class UnknownDayOfWeekError extends Error {
  constructor(readonly value: unknown) {
    super(`Unknown day of week '${String(value)}'`);
    this.name = 'UnknownDayOfWeekError';
  }
}

export function dayOfWeekToIso(day: DayOfWeek | string): IsoWeekday {
  const index = (daysOfWeek as readonly string[]).indexOf(day);
  if (index < 0) throw new UnknownDayOfWeekError(day);
  return (index + 1) as IsoWeekday;
}

export function isoToDayOfWeek(weekday: number): DayOfWeek {
  const day = daysOfWeek[weekday - 1];
  if (!day || !Number.isInteger(weekday)) throw new UnknownDayOfWeekError(weekday);
  return day;
}
