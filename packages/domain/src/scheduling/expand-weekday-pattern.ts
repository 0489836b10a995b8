import { fromDayNumber, toDayNumber, weekStart } from './calendar-date';
import { dayOfWeekToIso, type DayOfWeek } from './day-of-week';

/**
 * The new search's recurring patterns (spec 01 §3): chosen weekdays every week, every other week, or
 * every fourth week ("Hver fjerde uke" — four weeks, not a calendar month, despite the API name).
 */
export const searchRepetitions = ['WEEKLYONWEEKDAY', 'BIWEEKLYONWEEKDAY', 'MONTHLYONWEEKDAY'] as const;
export type SearchRepetition = (typeof searchRepetitions)[number];

export const searchRepetitionLabels: Record<SearchRepetition, string> = {
  WEEKLYONWEEKDAY: 'Ukentlig',
  BIWEEKLYONWEEKDAY: 'Annenhver uke',
  MONTHLYONWEEKDAY: 'Hver fjerde uke',
};

export const searchRepetitionWeekStep: Record<SearchRepetition, number> = { WEEKLYONWEEKDAY: 1, BIWEEKLYONWEEKDAY: 2, MONTHLYONWEEKDAY: 4 };

export interface WeekdayPattern {
  from: string;
  to: string;
  daysOfWeek: readonly DayOfWeek[];
  repetition: SearchRepetition;
}

/**
 * The dates of a recurring search, sorted. The weeks are counted from the week (Monday) that holds
 * `from`: that week is week 0 and every step-th week after it is included, so with "Annenhver uke" on
 * Monday and Wednesday both days fall in the same weeks, even when `from` is a Wednesday (that
 * week's Monday is before `from` and is left out).
 */
export function expandWeekdayPattern({ from, to, daysOfWeek, repetition }: WeekdayPattern): string[] {
  const step = searchRepetitionWeekStep[repetition];
  const offsets = [...new Set(daysOfWeek.map((d) => dayOfWeekToIso(d) - 1))].sort((a, b) => a - b);
  const first = toDayNumber(from);
  const last = toDayNumber(to);
  const dates: string[] = [];
  for (let monday = toDayNumber(weekStart(from)); monday <= last; monday += 7 * step) {
    for (const offset of offsets) {
      const day = monday + offset;
      if (day >= first && day <= last) dates.push(fromDayNumber(day));
    }
  }
  return dates;
}
