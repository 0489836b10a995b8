import { z } from 'zod';
import { ageGroupLabels, ageGroups } from './application-rounds';
import type { BookingPurpose } from './booking';
import { addDays, addMonths, daysBetween, isoWeekNumber, isValidDate, maxDate, minDate, weekStart } from './scheduling/calendar-date';

/**
 * The statistics of a location, or of the whole city for a city-wide administrator (decision 068):
 * utilisation per room and week, booked hours by purpose, age group and kind of organisation, demand
 * against capacity by weekday and hour, and the applications' handling times, over a period of at most
 * STATISTICS_MAX_DAYS days. Time in minutes (the page shows hours).
 */

/** The longest period one request covers: a year and a bit, so a term or twelve months fit with room to spare. */
export const STATISTICS_MAX_DAYS = 400;

export const statisticsMessages = {
  missingDate: 'Velg både fra- og tildato.',
  invalidDate: 'Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD',
  inverted: 'Tildatoen kan ikke være før fradatoen.',
  tooLong: `Perioden kan være høyst ${STATISTICS_MAX_DAYS} dager.`,
  invalidLocation: 'Ugyldig lokale.',
  invalidFigure: 'Ukjent figur.',
} as const;

const dateField = z
  .string({ error: statisticsMessages.missingDate })
  .min(1, statisticsMessages.missingDate)
  .refine(isValidDate, statisticsMessages.invalidDate);

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both Oslo dates included, at most STATISTICS_MAX_DAYS days. The page's form checks the same. */
export const statisticsPeriod = z.object({ from: dateField, to: dateField }).superRefine((q, ctx) => {
  if (!isValidDate(q.from) || !isValidDate(q.to)) return;
  const days = daysBetween(q.from, q.to) + 1;
  if (days <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: statisticsMessages.inverted });
  else if (days > STATISTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: statisticsMessages.tooLong });
});
export type StatisticsPeriod = z.infer<typeof statisticsPeriod>;

/** The last twelve months up to today: the page's default period. */
export function lastTwelveMonths(today: string): StatisticsPeriod {
  return { from: addDays(addMonths(today, -12), 1), to: today };
}

/** The figures, each a CSV download of its own (one table per file, decision 063's format). */
export const statisticsFigures = ['utilisation', 'purpose', 'age-group', 'organisation-type', 'demand', 'handling-times'] as const;
export const statisticsFigure = z.enum(statisticsFigures);
export type StatisticsFigure = z.infer<typeof statisticsFigure>;
export const statisticsFigureTitles: Record<StatisticsFigure, string> = {
  utilisation: 'Utnyttelse',
  purpose: 'Timer etter formål',
  'age-group': 'Timer etter aldersgruppe',
  'organisation-type': 'Timer etter type søker',
  demand: 'Etterspørsel og kapasitet',
  'handling-times': 'Behandlingstid',
};

/** The purposes that count as use (a time made unavailable is not use; decision 068). */
export const statisticsPurposeLabels: Record<Exclude<BookingPurpose, 'ADMINUSER_MAKE_TIME_UNAVAILABLE'>, string> = {
  UNKNOWN: 'Ukjent',
  PUBLICUSER_LOAN: 'Søknad fra innbygger eller organisasjon',
  ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN: 'Booket av saksbehandler på vegne av noen',
  ADMINUSER_INTERNAL_ACTIVITY: 'Intern aktivitet',
};

export const statisticsAgeGroupKeys = [...ageGroups, 'UNKNOWN'] as const;
export const statisticsAgeGroupLabels: Record<(typeof statisticsAgeGroupKeys)[number], string> = {
  ...ageGroupLabels,
  UNKNOWN: 'Ikke oppgitt',
};

/**
 * The kind of applicant (decision 068): an organisation by its form in Enhetsregisteret, stored on the
 * booking when the application was sent ('ORG:FLI', …; 'ORG:UNKNOWN' when the register did not answer
 * or for bookings from before), a private person, or the city's own activity.
 */
export const statisticsOrganisationTypes = ['PERSON', 'INTERNAL'] as const;
export const statisticsOrganisationTypeLabels: Record<(typeof statisticsOrganisationTypes)[number], string> = {
  PERSON: 'Privatperson',
  INTERNAL: 'Kommunens interne aktivitet',
};
/** Prefix of an organisation's row key; the rest is the form code, or UNKNOWN. */
export const STATISTICS_ORGANISATION_KEY_PREFIX = 'ORG:';
export const STATISTICS_ORGANISATION_FORM_UNKNOWN = 'UNKNOWN';
/** Enhetsregisteret's names of the forms organisations that book premises mostly have; another code is shown as itself. */
export const organisationFormLabels: Readonly<Record<string, string>> = {
  FLI: 'Forening/lag/innretning',
  STI: 'Stiftelse',
  AS: 'Aksjeselskap',
  SA: 'Samvirkeforetak',
  ORGL: 'Organisasjonsledd',
  ENK: 'Enkeltpersonforetak',
  KOMM: 'Kommune',
};

/** The label of an organisation form code: its name, the code itself when not in the table, 'Organisasjonsform ikke kjent' for null. */
export function organisationFormLabel(code: string | null): string {
  if (code === null || code === STATISTICS_ORGANISATION_FORM_UNKNOWN) return 'Organisasjonsform ikke kjent';
  return Object.hasOwn(organisationFormLabels, code) ? organisationFormLabels[code]! : code;
}

/** One line of a breakdown: booked minutes and the bookings they belong to. */
export const statisticsBreakdownRow = z.object({
  key: z.string(),
  label: z.string(),
  minutes: z.number().int(),
  bookings: z.number().int(),
});
export type StatisticsBreakdownRow = z.infer<typeof statisticsBreakdownRow>;

export const statisticsUtilisation = z.object({
  /** ROOM_WEEK for a location (rooms × ISO weeks), LOCATION_MONTH city-wide (locations × months). */
  unit: z.enum(['ROOM_WEEK', 'LOCATION_MONTH']),
  columns: z.array(z.object({ key: z.string(), label: z.string(), from: z.string(), to: z.string() })),
  rows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Per column, in the columns' order. */
      bookedMinutes: z.array(z.number().int()),
      openMinutes: z.array(z.number().int()),
    }),
  ),
});
export type StatisticsUtilisation = z.infer<typeof statisticsUtilisation>;

/** Demand against capacity in one weekday and hour (Oslo wall clock). */
export const statisticsDemandCell = z.object({
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  /** Applied for by the public, whatever became of it (rejected too). */
  appliedMinutes: z.number().int(),
  /** Open room-minutes: each room's opening hours on each date of the period, closed dates left out. */
  openMinutes: z.number().int(),
});
export type StatisticsDemandCell = z.infer<typeof statisticsDemandCell>;

export const statisticsHandlingMonth = z.object({
  /** 'YYYY-MM' of the first decision; 'ALL' for the whole period. */
  month: z.string(),
  decided: z.number().int(),
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});
export type StatisticsHandlingMonth = z.infer<typeof statisticsHandlingMonth>;

export const statisticsReport = z.object({
  scope: z.enum(['LOCATION', 'CITY']),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  utilisation: statisticsUtilisation,
  purposes: z.array(statisticsBreakdownRow),
  ageGroups: z.array(statisticsBreakdownRow),
  organisationTypes: z.array(statisticsBreakdownRow),
  demand: z.array(statisticsDemandCell),
  handlingTimes: z.object({ months: z.array(statisticsHandlingMonth), total: statisticsHandlingMonth }),
});
export type StatisticsReport = z.infer<typeof statisticsReport>;

/** The share booked, 0–1 (above 1 when times were booked outside the opening hours); null when closed. */
export function utilisationShare(booked: number, open: number): number | null {
  return open > 0 ? booked / open : null;
}

/** '37 %' (whole percent, Norwegian spacing), '–' when closed. */
export function formatShare(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)} %`;
}

const monthNames = ['jan.', 'feb.', 'mars', 'apr.', 'mai', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'des.'];

/** The utilisation's columns: the ISO weeks (unit ROOM_WEEK) or months of the period, each cut to it. */
export function utilisationColumns(period: StatisticsPeriod, unit: StatisticsUtilisation['unit']): StatisticsUtilisation['columns'] {
  const columns: StatisticsUtilisation['columns'] = [];
  if (unit === 'ROOM_WEEK') {
    for (let monday = weekStart(period.from); monday <= period.to; monday = addDays(monday, 7)) {
      columns.push({
        key: monday,
        label: `Uke ${isoWeekNumber(monday)}`,
        from: maxDate(monday, period.from),
        to: minDate(addDays(monday, 6), period.to),
      });
    }
  } else {
    for (let first = `${period.from.slice(0, 7)}-01`; first <= period.to; first = addMonths(first, 1)) {
      columns.push({
        key: first.slice(0, 7),
        label: `${monthNames[Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`,
        from: maxDate(first, period.from),
        to: minDate(addDays(addMonths(first, 1), -1), period.to),
      });
    }
  }
  return columns;
}

export const statisticsPurposeKeys = Object.keys(statisticsPurposeLabels) as (keyof typeof statisticsPurposeLabels)[];
