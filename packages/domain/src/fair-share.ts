import { z } from 'zod';
import type { AssetTimesToBook } from './booking-request';
import { parseDuration } from './scheduling/iso-duration';

/**
 * Fair share (decision 041): what one applicant — a person, or an organisation across all
 * its representatives — may hold pending at one location, so that no one can block a school's
 * evenings with a few requests. A pending application holds its times against everyone else until
 * an administrator decides it, so the limits count what is not decided yet; decided (approved,
 * rejected) and cancelled times no longer count.
 *
 * - Per location and semester: pending hours and pending applications (maxPendingHours,
 *   maxPendingApplications). A semester is a half-year: 'våren' January–June, 'høsten' July–December.
 * - Per application: rooms (maxRoomsPerApplication) and dates per room of a series (maxDatesPerSeries).
 * - An application that enters an open semester round (decision 029) holds no time; the round's own
 *   rules count it instead (applications and weekly hours per applicant in the round).
 *
 * The city-wide default is in the settings table (FAIR_SHARE_* below); a location's booking rules may
 * override each limit (null: the city-wide value).
 */

export interface FairShareLimits {
  maxPendingHours: number;
  maxPendingApplications: number;
  maxRoomsPerApplication: number;
  maxDatesPerSeries: number;
}
export type FairShareLimitName = keyof FairShareLimits;
export const fairShareLimitNames = [
  'maxPendingHours',
  'maxPendingApplications',
  'maxRoomsPerApplication',
  'maxDatesPerSeries',
] as const satisfies readonly FairShareLimitName[];

/** Used where neither the settings nor the location say otherwise. */
export const defaultFairShareLimits: FairShareLimits = {
  maxPendingHours: 40,
  maxPendingApplications: 10,
  maxRoomsPerApplication: 6,
  maxDatesPerSeries: 60,
};

/** Allowed values of each limit (an administrator's form and the settings are checked against them). */
export const fairShareLimitBounds: Record<FairShareLimitName, { min: number; max: number }> = {
  maxPendingHours: { min: 1, max: 2000 },
  maxPendingApplications: { min: 1, max: 500 },
  maxRoomsPerApplication: { min: 1, max: 20 },
  maxDatesPerSeries: { min: 1, max: 1000 },
};

/** The city-wide default of each limit: a row of the settings table, the value a whole number. */
export const fairShareSettingNames: Record<FairShareLimitName, string> = {
  maxPendingHours: 'FAIR_SHARE_MAX_PENDING_HOURS',
  maxPendingApplications: 'FAIR_SHARE_MAX_PENDING_APPLICATIONS',
  maxRoomsPerApplication: 'FAIR_SHARE_MAX_ROOMS_PER_APPLICATION',
  maxDatesPerSeries: 'FAIR_SHARE_MAX_DATES_PER_SERIES',
};

/** The admin form's labels (Norwegian). */
export const fairShareLimitLabels: Record<FairShareLimitName, string> = {
  maxPendingHours: 'Maks timer til behandling per søker og semester',
  maxPendingApplications: 'Maks søknader til behandling per søker og semester',
  maxRoomsPerApplication: 'Maks rom per søknad',
  maxDatesPerSeries: 'Maks datoer per rom i en fast booking',
};

export const fairShareLimitMessages: Record<FairShareLimitName, string> = {
  maxPendingHours: `Maks timer må være et helt tall fra ${fairShareLimitBounds.maxPendingHours.min} til ${fairShareLimitBounds.maxPendingHours.max}`,
  maxPendingApplications: `Maks søknader må være et helt tall fra ${fairShareLimitBounds.maxPendingApplications.min} til ${fairShareLimitBounds.maxPendingApplications.max}`,
  maxRoomsPerApplication: `Maks rom må være et helt tall fra ${fairShareLimitBounds.maxRoomsPerApplication.min} til ${fairShareLimitBounds.maxRoomsPerApplication.max}`,
  maxDatesPerSeries: `Maks datoer må være et helt tall fra ${fairShareLimitBounds.maxDatesPerSeries.min} til ${fairShareLimitBounds.maxDatesPerSeries.max}`,
};

export function fairShareLimitValue(name: FairShareLimitName) {
  const { min, max } = fairShareLimitBounds[name];
  const message = fairShareLimitMessages[name];
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
}

/** A location's overrides: null keeps the city-wide value. */
export const fairShareOverrides = z.object({
  maxPendingHours: fairShareLimitValue('maxPendingHours').nullable(),
  maxPendingApplications: fairShareLimitValue('maxPendingApplications').nullable(),
  maxRoomsPerApplication: fairShareLimitValue('maxRoomsPerApplication').nullable(),
  maxDatesPerSeries: fairShareLimitValue('maxDatesPerSeries').nullable(),
});
export type FairShareOverrides = z.infer<typeof fairShareOverrides>;

export const noFairShareOverrides: FairShareOverrides = {
  maxPendingHours: null,
  maxPendingApplications: null,
  maxRoomsPerApplication: null,
  maxDatesPerSeries: null,
};

/**
 * The city-wide limits from the settings' values: a value that is not a whole number in bounds is
 * ignored (the built-in default applies), so a typo in a setting never lifts a limit.
 */
export function cityWideFairShareLimits(settingValues: ReadonlyMap<string, string>): FairShareLimits {
  const limits = { ...defaultFairShareLimits };
  for (const name of fairShareLimitNames) {
    const raw = settingValues.get(fairShareSettingNames[name]);
    if (raw === undefined) continue;
    const parsed = fairShareLimitValue(name).safeParse(Number(raw.trim()));
    if (raw.trim() !== '' && parsed.success) limits[name] = parsed.data;
  }
  return limits;
}

/** The limits at a location: its overrides over the city-wide values. */
export function effectiveFairShareLimits(cityWide: FairShareLimits, overrides: FairShareOverrides): FairShareLimits {
  return {
    maxPendingHours: overrides.maxPendingHours ?? cityWide.maxPendingHours,
    maxPendingApplications: overrides.maxPendingApplications ?? cityWide.maxPendingApplications,
    maxRoomsPerApplication: overrides.maxRoomsPerApplication ?? cityWide.maxRoomsPerApplication,
    maxDatesPerSeries: overrides.maxDatesPerSeries ?? cityWide.maxDatesPerSeries,
  };
}

// ——— Semesters ———

export interface Semester {
  /** '2026-V' (spring) or '2026-H' (autumn). */
  key: string;
  firstDate: string;
  lastDate: string;
  /** 'våren 2026', 'høsten 2026'. */
  label: string;
}

/** The half-year a YYYY-MM-DD date belongs to. */
export function semesterOf(date: string): Semester {
  const year = date.slice(0, 4);
  const spring = date.slice(5, 7) <= '06';
  return spring
    ? { key: `${year}-V`, firstDate: `${year}-01-01`, lastDate: `${year}-06-30`, label: `våren ${year}` }
    : { key: `${year}-H`, firstDate: `${year}-07-01`, lastDate: `${year}-12-31`, label: `høsten ${year}` };
}

/** The semesters of these dates, in date order, each with the dates' total minutes in it. */
export function minutesBySemester(
  times: ReadonlyArray<{ date: string; durationMinutes: number }>,
): Array<{ semester: Semester; minutes: number }> {
  const bySemester = new Map<string, { semester: Semester; minutes: number }>();
  for (const t of times) {
    const semester = semesterOf(t.date);
    const entry = bySemester.get(semester.key) ?? { semester, minutes: 0 };
    entry.minutes += t.durationMinutes;
    bySemester.set(semester.key, entry);
  }
  return [...bySemester.values()].sort((a, b) => a.semester.key.localeCompare(b.semester.key));
}

// ——— The checks, with their Norwegian messages ———

/** '1 time', '2 timer', '1,5 timer'. */
export function hoursText(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${String(hours).replace('.', ',')} ${hours === 1 ? 'time' : 'timer'}`;
}

const applicationsText = (n: number) => `${n} ${n === 1 ? 'søknad' : 'søknader'}`;

export const fairShareMessages = {
  rooms: (max: number, chosen: number) => `En søknad kan gjelde høyst ${max} rom. Du har valgt ${chosen} rom.`,
  dates: (max: number, room: string, dates: number) => `En fast booking kan ha høyst ${max} datoer per rom. ${room} har ${dates} datoer.`,
  pendingHours: (max: number, semesterLabel: string, pending: number, asked: number) =>
    `Du kan ha høyst ${hoursText(max * 60)} til behandling ved dette stedet ${semesterLabel}. Du har ${hoursText(pending)} til behandling, og denne søknaden gjelder ${hoursText(asked)}.`,
  pendingApplications: (max: number, semesterLabel: string, pending: number) =>
    `Du kan ha høyst ${applicationsText(max)} til behandling ved dette stedet ${semesterLabel}. Du har ${applicationsText(pending)} til behandling.`,
  roundApplications: (max: number, roundName: string, sent: number) =>
    `Du kan sende høyst ${applicationsText(max)} i søknadsrunden «${roundName}». Du har sendt ${applicationsText(sent)}.`,
  roundWeeklyHours: (max: number, roundName: string, wished: number, asked: number) =>
    `Du kan søke om høyst ${hoursText(max * 60)} i uken i søknadsrunden «${roundName}». Du har søkt om ${hoursText(wished)} i uken, og denne søknaden gjelder ${hoursText(asked)} i uken.`,
  bookingRate: (minutes: number) =>
    `Du har sendt mange søknader på kort tid. Vent ${minutes} ${minutes === 1 ? 'minutt' : 'minutter'} og prøv igjen.`,
} as const;

/**
 * The limits one application breaks by its own shape (no database needed): too many rooms, or a
 * room with more dates than a series may have. Each problem as a field path and message.
 */
export function applicationShapeProblems(
  entries: readonly AssetTimesToBook[],
  limits: Pick<FairShareLimits, 'maxRoomsPerApplication' | 'maxDatesPerSeries'>,
  roomName: (bookableAssetId: number) => string,
): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  const rooms = new Set(entries.map((e) => e.bookableAssetId));
  if (rooms.size > limits.maxRoomsPerApplication) {
    problems.push({
      path: 'body.availabilityData.probablyAvailable',
      message: fairShareMessages.rooms(limits.maxRoomsPerApplication, rooms.size),
    });
  }
  entries.forEach((entry, index) => {
    const dates = new Set(entry.datesAndTimes.map((t) => t.date)).size;
    if (dates > limits.maxDatesPerSeries) {
      problems.push({
        path: `body.availabilityData.probablyAvailable.${index}.datesAndTimes`,
        message: fairShareMessages.dates(limits.maxDatesPerSeries, roomName(entry.bookableAssetId), dates),
      });
    }
  });
  return problems;
}

/** What the applicant holds pending in one semester at one location. */
export interface PendingInSemester {
  minutes: number;
  applications: number;
}

/**
 * Whether one more application of `askedMinutes` in this semester stays within the limits, given
 * what the applicant holds pending there: the message naming the limit, or null.
 */
export function pendingLimitProblem(
  limits: Pick<FairShareLimits, 'maxPendingHours' | 'maxPendingApplications'>,
  semester: Semester,
  pending: PendingInSemester,
  askedMinutes: number,
): string | null {
  if (pending.applications + 1 > limits.maxPendingApplications)
    return fairShareMessages.pendingApplications(limits.maxPendingApplications, semester.label, pending.applications);
  if (pending.minutes + askedMinutes > limits.maxPendingHours * 60)
    return fairShareMessages.pendingHours(limits.maxPendingHours, semester.label, pending.minutes, askedMinutes);
  return null;
}

/** A round's own limits per applicant (decision 029, 041). */
export interface RoundApplicantLimits {
  maxApplicationsPerApplicant: number;
  maxWeeklyHoursPerApplicant: number;
}

export const defaultRoundApplicantLimits: RoundApplicantLimits = { maxApplicationsPerApplicant: 5, maxWeeklyHoursPerApplicant: 20 };

/** What the applicant has wished in a round so far: applications, and minutes per week (one date of each wish). */
export interface RoundWishesSoFar {
  applications: number;
  weeklyMinutes: number;
}

export function roundLimitProblem(
  limits: RoundApplicantLimits,
  roundName: string,
  soFar: RoundWishesSoFar,
  askedWeeklyMinutes: number,
): string | null {
  if (soFar.applications + 1 > limits.maxApplicationsPerApplicant)
    return fairShareMessages.roundApplications(limits.maxApplicationsPerApplicant, roundName, soFar.applications);
  if (soFar.weeklyMinutes + askedWeeklyMinutes > limits.maxWeeklyHoursPerApplicant * 60) {
    return fairShareMessages.roundWeeklyHours(limits.maxWeeklyHoursPerApplicant, roundName, soFar.weeklyMinutes, askedWeeklyMinutes);
  }
  return null;
}

// ——— What the portal shows before sending ———

/** GET /api/location/{id}/booking-limits: the limits at the location and, for a logged-in caller, what they hold pending. */
export const bookingLimitsResponse = z.object({
  limits: z.object({
    maxPendingHours: z.number(),
    maxPendingApplications: z.number(),
    maxRoomsPerApplication: z.number(),
    maxDatesPerSeries: z.number(),
  }),
  /** The caller's (effective identity's) pending hours and applications per semester from today; null when logged out. */
  pending: z.array(z.object({ semester: z.string(), label: z.string(), minutes: z.number(), applications: z.number() })).nullable(),
});
export type BookingLimitsResponse = z.infer<typeof bookingLimitsResponse>;

/** The limits as sentences, for the calendar and /send. */
export function fairShareLimitTexts(limits: FairShareLimits): string[] {
  return [
    `Du kan ha inntil ${hoursText(limits.maxPendingHours * 60)} og ${applicationsText(limits.maxPendingApplications)} til behandling ved dette stedet per semester.`,
    `En søknad kan gjelde inntil ${limits.maxRoomsPerApplication} rom og ${limits.maxDatesPerSeries} datoer per rom.`,
  ];
}

/** 'Du har 12 timer og 2 søknader til behandling her høsten 2026.' */
export function pendingText(pending: { label: string; minutes: number; applications: number }): string {
  return `Du har ${hoursText(pending.minutes)} og ${applicationsText(pending.applications)} til behandling her ${pending.label}.`;
}

/**
 * What the portal can tell before sending: the shape problems of the chosen times, and for each
 * semester the message of the pending limit the application would break (the server decides the same
 * way, counting again under its locks).
 */
export function problemsBeforeSending(
  entries: readonly AssetTimesToBook[],
  limits: FairShareLimits,
  pending: BookingLimitsResponse['pending'],
  roomName: (bookableAssetId: number) => string,
): string[] {
  const problems = applicationShapeProblems(entries, limits, roomName).map((p) => p.message);
  if (!pending) return problems;
  const times = entries.flatMap((e) => e.datesAndTimes.map((t) => ({ date: t.date, durationMinutes: parseDuration(t.duration) ?? 0 })));
  for (const { semester, minutes } of minutesBySemester(times)) {
    const held = pending.find((p) => p.semester === semester.key) ?? { minutes: 0, applications: 0 };
    const problem = pendingLimitProblem(limits, semester, held, minutes);
    if (problem) problems.push(problem);
  }
  return problems;
}
