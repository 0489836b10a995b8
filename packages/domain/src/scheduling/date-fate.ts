import type { AssetTimesToBook, AvailabilityResponse, TimeWithAvailability } from '../booking-request';
import type { UnavailabilityReason } from './unavailability-reason';

/**
 * Every date's fate before sending (decision 027): what the availability check said about each
 * time of a request, in the words a person reads in the preview ('Ledig', 'Opptatt', 'Blokkert',
 * 'Stengt', 'Utenfor bookingperioden'). The fate is read from the rule engine's reason
 * (check-requested-times.ts), so the preview, PUT /booking/availability and the final check of
 * POST /booking cannot tell different stories.
 */

export const dateFates = ['FREE', 'TAKEN', 'BLOCKED', 'CLOSED', 'OUTSIDE_WINDOW', 'NOT_ALLOWED'] as const;
export type DateFate = (typeof dateFates)[number];

export const dateFateLabels: Record<DateFate, string> = {
  FREE: 'Ledig',
  TAKEN: 'Opptatt',
  BLOCKED: 'Blokkert',
  CLOSED: 'Stengt',
  OUTSIDE_WINDOW: 'Utenfor bookingperioden',
  NOT_ALLOWED: 'Kan ikke bookes',
};

const fateByReason: Record<UnavailabilityReason, DateFate> = {
  INVALID_REQUEST: 'NOT_ALLOWED',
  NOT_ON_SLOT_GRID: 'NOT_ALLOWED',
  TOO_SHORT: 'NOT_ALLOWED',
  IN_THE_PAST: 'OUTSIDE_WINDOW',
  OUTSIDE_WINDOW: 'OUTSIDE_WINDOW',
  WITHIN_PROCESSING_TIME: 'OUTSIDE_WINDOW',
  CLOSED_DATE: 'CLOSED',
  OUTSIDE_OPENING_HOURS: 'CLOSED',
  NONEXISTENT_TIME: 'CLOSED',
  BOOKED: 'TAKEN',
  BLOCKED: 'BLOCKED',
};

/** The fate of one checked time: FREE when the rules found no reason against it. */
export function fateOf(reason: UnavailabilityReason | null): DateFate {
  return reason === null ? 'FREE' : fateByReason[reason];
}

/**
 * Fates a person may leave out of the application and still send the rest ('Send søknaden uten
 * datoene som ikke er ledige'). NOT_ALLOWED is the request's own fault (grid, minimum duration):
 * it holds on every date, so the series must be changed instead.
 */
export const omittableFates: ReadonlySet<DateFate> = new Set(['TAKEN', 'BLOCKED', 'CLOSED', 'OUTSIDE_WINDOW']);

export interface TimeWithFate extends TimeWithAvailability {
  bookableAssetId: number;
  fate: DateFate;
}

const byDateAndTime = (a: TimeWithFate, b: TimeWithFate) =>
  a.date === b.date ? (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0) : a.date < b.date ? -1 : 1;

/** Every time of the check's answer (free, taken and refused), with its fate, in date and time order; of one room when given. */
export function timesWithFate(availability: AvailabilityResponse, roomId?: number): TimeWithFate[] {
  const of = (entries: AvailabilityResponse['probablyAvailable'], fate: (t: TimeWithAvailability) => DateFate) =>
    entries
      .filter((entry) => roomId === undefined || entry.bookableAssetId === roomId)
      .flatMap((entry) => entry.datesAndTimes.map((t) => ({ ...t, bookableAssetId: entry.bookableAssetId, fate: fate(t) })));
  // The list decides: a time outside probablyAvailable is never shown free (a reason missing there is the request's fault).
  const notFree = (t: TimeWithAvailability): DateFate => (t.reason === null ? 'NOT_ALLOWED' : fateOf(t.reason));
  const all = [
    ...of(availability.probablyAvailable, () => 'FREE'),
    ...of(availability.unavailable, notFree),
    ...of(availability.errors, notFree),
  ];
  return all.sort(byDateAndTime);
}

/** The times that are not free: what sending 'uten datoene som ikke er ledige' leaves out. */
export function notFreeTimes(availability: AvailabilityResponse): TimeWithFate[] {
  return timesWithFate(availability).filter((t) => t.fate !== 'FREE');
}

/**
 * Can the person send only the free times? Yes when nothing breaks a rule of the whole request
 * (violations), every time that is not free may be left out, and at least one time is free.
 */
export function canSendFreeOnly(availability: AvailabilityResponse): boolean {
  if (availability.errors.some((e) => e.violations.length > 0)) return false;
  const times = timesWithFate(availability);
  return times.some((t) => t.fate === 'FREE') && times.every((t) => t.fate === 'FREE' || omittableFates.has(t.fate));
}

/** How many of each fate, for a one-line summary of a long series ('5 ledige, 2 stengt'). */
export function fateCounts(times: readonly { fate: DateFate }[]): Partial<Record<DateFate, number>> {
  const counts: Partial<Record<DateFate, number>> = {};
  for (const t of times) counts[t.fate] = (counts[t.fate] ?? 0) + 1;
  return counts;
}

/** 'Søkt uten 2 datoer' (the receipt, the administrator's view). */
export function omittedSummary(count: number): string {
  return `Søkt uten ${count} ${count === 1 ? 'dato' : 'datoer'}`;
}

const toBook = (entries: AvailabilityResponse['probablyAvailable']): AssetTimesToBook[] =>
  entries
    .map((entry) => ({
      bookableAssetId: entry.bookableAssetId,
      datesAndTimes: entry.datesAndTimes.map((t) => ({
        date: t.date,
        startTime: t.startTime,
        duration: t.duration,
        initialRepetitionDate: t.initialRepetitionDate,
      })),
    }))
    .filter((entry) => entry.datesAndTimes.length > 0);

/**
 * POST /booking's availabilityData from the check's answer: the free times to book and the times of
 * the request left out (taken, blocked, closed, outside the window). Times the request itself gets
 * wrong (NOT_ALLOWED) are neither: canSendFreeOnly is false while there are any.
 */
export function timesToSend(availability: AvailabilityResponse): { probablyAvailable: AssetTimesToBook[]; omitted: AssetTimesToBook[] } {
  const omittable = [...availability.unavailable, ...availability.errors].map((entry) => ({
    ...entry,
    datesAndTimes: entry.datesAndTimes.filter((t) => omittableFates.has(fateOf(t.reason))),
  }));
  return { probablyAvailable: toBook(availability.probablyAvailable), omitted: toBook(omittable) };
}
