import { z } from 'zod';
import type { AssetTimesToBook, TimeToBook } from './booking-request';
import { daysBetween } from './scheduling/calendar-date';
import { formatDateNorwegian } from './scheduling/format-date';
import { parseDuration } from './scheduling/iso-duration';
import { formatClock } from './scheduling/time-of-day';

/**
 * The dates a person leaves out of a repeating application (decision 027): POST /api/booking's
 * availabilityData.omitted with sendWithoutOmitted. These checks need no calendar; the server runs
 * them before its transaction, and then checks with the rule engine that every omitted date is
 * indeed not free (a date that became free meanwhile is a 409: the person decides again).
 */

export const omittedMessages = {
  notChosen: 'Du må velge «Send søknaden uten datoene som ikke er ledige» for å sende uten noen av datoene.',
  notInSeries: (when: string) => `${when} hører ikke til en gjentakelse du søker om.`,
  alsoSent: (when: string) => `${when} er både med i søknaden og utelatt.`,
  twice: (when: string) => `${when} er utelatt mer enn én gang.`,
  free: (when: string) => `${when} er ledig nå. Sjekk tidene på nytt og velg hva du vil sende.`,
} as const;

export interface OmittedProblem {
  path: string;
  message: string;
}

/** '24.12.2026 kl. 18:00' */
export function describeOmitted(t: Pick<TimeToBook, 'date' | 'startTime'>): string {
  return `${formatDateNorwegian(t.date)} kl. ${formatClock(t.startTime)}`;
}

const minutesOf = (duration: string | number) => parseDuration(duration);
const key = (roomId: number, t: Pick<TimeToBook, 'date' | 'startTime'>) => `${roomId} ${t.date} ${t.startTime}`;

/**
 * What is wrong with the omitted list, in Norwegian, with the field's path; empty when nothing is.
 * An omitted time must belong to a series of the request: the same room, start time and duration
 * as a sent time of that series (same initialRepetitionDate), a whole number of weeks after the
 * series' first date — or, for dates listed one by one ('Hver fjerde uke', no initialRepetitionDate),
 * the same room, start time and duration as a listed date sent; and it may be neither sent too nor
 * omitted twice.
 */
export function omittedProblems(body: {
  availabilityData: { probablyAvailable: readonly AssetTimesToBook[]; omitted?: readonly AssetTimesToBook[] | undefined };
  sendWithoutOmitted?: boolean | undefined;
}): OmittedProblem[] {
  const omitted = body.availabilityData.omitted ?? [];
  const count = omitted.reduce((n, e) => n + e.datesAndTimes.length, 0);
  if (count === 0) return [];
  if (body.sendWithoutOmitted !== true) return [{ path: 'body.sendWithoutOmitted', message: omittedMessages.notChosen }];
  const sent = new Set<string>();
  const series = new Set<string>();
  for (const entry of body.availabilityData.probablyAvailable) {
    for (const t of entry.datesAndTimes) {
      sent.add(key(entry.bookableAssetId, t));
      // A series is named by its first date; dates listed one by one (no repetition) by their time of day.
      series.add(`${entry.bookableAssetId} ${t.initialRepetitionDate ?? 'listed'} ${t.startTime} ${minutesOf(t.duration)}`);
    }
  }
  const problems: OmittedProblem[] = [];
  const seen = new Set<string>();
  omitted.forEach((entry, i) => {
    entry.datesAndTimes.forEach((t, j) => {
      const path = `body.availabilityData.omitted.${i}.datesAndTimes.${j}`;
      const when = describeOmitted(t);
      const k = key(entry.bookableAssetId, t);
      const first = t.initialRepetitionDate;
      const span = first === null ? 0 : daysBetween(first, t.date);
      if (
        span < 0 ||
        span % 7 !== 0 ||
        !series.has(`${entry.bookableAssetId} ${first ?? 'listed'} ${t.startTime} ${minutesOf(t.duration)}`)
      ) {
        problems.push({ path, message: omittedMessages.notInSeries(when) });
      } else if (sent.has(k)) problems.push({ path, message: omittedMessages.alsoSent(when) });
      else if (seen.has(k)) problems.push({ path, message: omittedMessages.twice(when) });
      seen.add(k);
    });
  });
  return problems;
}

/** The omitted times of one room, in date order (what is stored with the booking). */
export function omittedByRoom(omitted: readonly AssetTimesToBook[] | undefined): AssetTimesToBook[] {
  const byRoom = new Map<number, TimeToBook[]>();
  for (const entry of omitted ?? [])
    byRoom.set(entry.bookableAssetId, [...(byRoom.get(entry.bookableAssetId) ?? []), ...entry.datesAndTimes]);
  return [...byRoom]
    .filter(([, times]) => times.length > 0)
    .map(([bookableAssetId, times]) => ({
      bookableAssetId,
      datesAndTimes: [...times].sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date))),
    }));
}

/** One left-out time as stored with the booking and shown to the administrator ('søkt uten n datoer'). */
export const omittedTime = z.object({
  bookableAssetId: z.number().int(),
  /** The room's name when the application was sent. */
  roomName: z.string(),
  date: z.string(),
  /** 'HH:mm:ss' */
  startTime: z.string(),
  /** 'HH:mm:ss'; '00:00:00' at midnight. */
  endTime: z.string(),
});
export type OmittedTime = z.infer<typeof omittedTime>;
