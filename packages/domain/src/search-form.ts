import { z } from 'zod';
import { jsonId } from './id-param';
import { addDays, isValidDate } from './scheduling/calendar-date';
import { SEARCH_DAYS_AHEAD } from './scheduling/booking-window';
import { daysOfWeek } from './scheduling/day-of-week';
import { searchRepetitions } from './scheduling/expand-weekday-pattern';
import { formatDuration, isIsoDuration, parseDuration } from './scheduling/iso-duration';

/**
 * The new portal's search form (spec 01 §5 "New-portal search form"): one schema for the form, the
 * URL and — through searchDateIssues — the server's check of the same query.
 */

export const searchTypes = ['singleLoan', 'recurringLoan'] as const;
export type SearchType = (typeof searchTypes)[number];

export const searchFormMessages = {
  dateRequired: 'Dato er påkrevd',
  dateInPast: 'Dato kan ikke være i fortiden',
  dateTooFar: 'Dato kan ikke være mer enn 1.5 år frem i tid',
  toBeforeFrom: 'Til-dato kan ikke være før fra-dato',
  // The spec quotes no texts for these; they follow the quoted ones.
  durationRequired: 'Varighet er påkrevd',
  repetitionRequired: 'Velg hvor ofte',
  daysOfWeekRequired: 'Velg minst én ukedag',
  // Sending without a time for each chosen room.
  chooseTime: 'Du må velge et tidspunkt',
  chooseTimeForAll: 'Legg til tidspunkt for alle valgte rom eller fjern dem fra listen.',
} as const;

/** Options 30 minutes to 15 hours in 30-minute steps (spec 01 §9). */
export const DURATION_STEP_MINUTES = 30;
export const MAX_DURATION_MINUTES = 15 * 60;
export const DEFAULT_DURATION = 'PT1H';
/** The entry page (no location chosen) has minimum 30 minutes. */
export const ENTRY_PAGE_MIN_DURATION_MINUTES = 30;

/** The duration options not below the location's minimum, as ISO durations. */
export function durationOptions(minMinutes: number = ENTRY_PAGE_MIN_DURATION_MINUTES): string[] {
  const options: string[] = [];
  for (let m = DURATION_STEP_MINUTES; m <= MAX_DURATION_MINUTES; m += DURATION_STEP_MINUTES) {
    if (m >= minMinutes) options.push(formatDuration(m));
  }
  return options;
}

/**
 * The duration to use: the selected one when it is an option; a shorter or in-between one is raised
 * to the next option; a missing or invalid one starts from PT1H; PT1H when no option is left.
 */
export function normalizeSearchDuration(selected: string | null | undefined, minMinutes: number = ENTRY_PAGE_MIN_DURATION_MINUTES): string {
  const minutes = parseDuration(selected ?? '') ?? parseDuration(DEFAULT_DURATION) ?? 60;
  const wanted = Math.max(minutes, minMinutes);
  return durationOptions(minMinutes).find((o) => (parseDuration(o) ?? 0) >= wanted) ?? DEFAULT_DURATION;
}

/** Tag ids from the URL: the 'alle' tag and anything not an id are dropped. */
export function dropAllTag(tagIds: readonly (string | number)[]): number[] {
  return tagIds
    .filter((t) => t !== 'alle')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

export const searchFormValues = z.object({
  searchType: z.enum(searchTypes).default('singleLoan'),
  tagIds: z.array(jsonId).default([]),
  /** Dates may be '' while the person types: an invalid date is treated as empty. */
  date: z.string().default(''),
  from: z.string().default(''),
  to: z.string().default(''),
  duration: z.string().default(''),
  repetition: z.union([z.enum(searchRepetitions), z.literal('')]).default(''),
  daysOfWeek: z.array(z.enum(daysOfWeek)).default([]),
});
export type SearchFormValues = z.infer<typeof searchFormValues>;

export interface FieldIssue {
  path: keyof SearchFormValues;
  message: string;
}

/** The date rules of spec 01 §5, for the form and for the server (with the server's today). */
export function searchDateIssues(values: Pick<SearchFormValues, 'searchType' | 'date' | 'from' | 'to'>, today: string): FieldIssue[] {
  const latest = addDays(today, SEARCH_DAYS_AHEAD);
  const check = (path: 'date' | 'from' | 'to', value: string): FieldIssue | null => {
    if (!isValidDate(value)) return { path, message: searchFormMessages.dateRequired };
    if (value < today) return { path, message: searchFormMessages.dateInPast };
    if (value > latest) return { path, message: searchFormMessages.dateTooFar };
    return null;
  };
  if (values.searchType === 'singleLoan') return [check('date', values.date)].filter((i) => i !== null);
  const issues = [check('from', values.from), check('to', values.to)].filter((i) => i !== null);
  if (issues.length === 0 && values.to < values.from) issues.push({ path: 'to', message: searchFormMessages.toBeforeFrom });
  return issues;
}

/** Every rule of the form: dates, duration (ISO PT{n}H{n}M), and for recurring the pattern and a weekday. */
export function searchFormIssues(values: SearchFormValues, today: string): FieldIssue[] {
  const issues = searchDateIssues(values, today);
  if (!isIsoDuration(values.duration) || parseDuration(values.duration) === 0)
    issues.push({ path: 'duration', message: searchFormMessages.durationRequired });
  if (values.searchType === 'recurringLoan') {
    if (values.repetition === '') issues.push({ path: 'repetition', message: searchFormMessages.repetitionRequired });
    if (values.daysOfWeek.length === 0) issues.push({ path: 'daysOfWeek', message: searchFormMessages.daysOfWeekRequired });
  }
  return issues;
}

/** The form's schema for react-hook-form: today comes from todayInOslo at the edge. */
export function searchFormSchema(today: string) {
  return searchFormValues.superRefine((values, ctx) => {
    for (const issue of searchFormIssues(values, today)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
}

/** Spec 01 §5: the search runs only when its fields are present (validity is the form's to show). */
export function isSearchComplete(values: SearchFormValues): boolean {
  if (!values.duration) return false;
  if (values.searchType === 'singleLoan') return values.date !== '';
  return values.from !== '' && values.to !== '' && values.repetition !== '' && values.daysOfWeek.length > 0;
}

/**
 * Rooms chosen without a time (spec 01 §5): single — a time for each room; recurring — a time on at
 * least one weekday for each room. Non-empty means 'Du må velge et tidspunkt' on those rooms.
 */
export function roomsMissingTime(selectedRoomIds: readonly number[], chosenTimeCount: (roomId: number) => number): number[] {
  return selectedRoomIds.filter((id) => chosenTimeCount(id) === 0);
}
