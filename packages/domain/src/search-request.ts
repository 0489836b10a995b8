import { z } from 'zod';
import { idParam } from './id-param';
import { latLng } from './location';
import { judgedByRoute, repeatedParam } from './scheduling/api-primitives';
import { daysOfWeek, type DayOfWeek } from './scheduling/day-of-week';
import { searchRepetitions, type SearchRepetition } from './scheduling/expand-weekday-pattern';
import { parseDuration } from './scheduling/iso-duration';
import { searchHit, tagIdsParam } from './scheduling/search-query';
import { searchFormIssues, type FieldIssue, type SearchFormValues } from './search-form';

/**
 * The wire contract of the new portal's search (spec 01 §7): GET /api/search/assets[/{locationId}]
 * [/repeating], GET /api/bookableasset/availabletime and /availabletimeseries.
 *
 * The query strings are parsed loosely here and judged by the search form's own rules
 * (searchFormIssues, with the server's today), so a request without a date, with a date in the past
 * or a period ending before it starts gets the very texts of spec 01 §5 ('Dato er påkrevd', 'Dato
 * kan ikke være i fortiden', 'Til-dato kan ikke være før fra-dato' …) the form shows.
 */

// Required, and judged by the search form's rules with their texts (decision 060).
const text = judgedByRoute(z.string());
const repetition = judgedByRoute(z.union([z.enum(searchRepetitions), z.literal('')]));
// Required too ('Velg minst én ukedag'): without a default the document marks it so.
const weekdays = repeatedParam(z.enum(daysOfWeek));

export const searchAssetsParams = z.object({ tagIds: tagIdsParam, date: text, duration: text });
export const searchAssetsRepeatingParams = z.object({
  tagIds: tagIdsParam,
  from: text,
  to: text,
  duration: text,
  repetition,
  daysOfWeek: weekdays,
});
export const searchLocationParams = z.object({ locationId: idParam });
export const availableTimeParams = z.object({ bookableAssetId: idParam, date: text, duration: text });
export const availableTimeSeriesParams = z.object({
  bookableAssetId: idParam,
  from: text,
  to: text,
  duration: text,
  repetition,
  daysOfWeek: weekdays,
});

export interface SingleDateSearch {
  date: string;
  minutes: number;
}
export interface RecurringSearch {
  from: string;
  to: string;
  minutes: number;
  repetition: SearchRepetition;
  daysOfWeek: DayOfWeek[];
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

const blankForm = (): Omit<SearchFormValues, 'searchType'> => ({
  tagIds: [],
  date: '',
  from: '',
  to: '',
  duration: '',
  repetition: '',
  daysOfWeek: [],
});

/** A single-date search as the form judges it (date and duration). */
export function checkSingleDateSearch(
  query: { date?: string | undefined; duration?: string | undefined },
  today: string,
): Checked<SingleDateSearch> {
  const values = { ...blankForm(), searchType: 'singleLoan' as const, date: query.date ?? '', duration: query.duration ?? '' };
  const issues = searchFormIssues(values, today);
  return issues.length ? { ok: false, issues } : { ok: true, value: { date: values.date, minutes: parseDuration(values.duration) ?? 0 } };
}

/** A recurring search as the form judges it (period, duration, pattern and weekdays). */
export function checkRecurringSearch(
  query: {
    from?: string | undefined;
    to?: string | undefined;
    duration?: string | undefined;
    repetition?: SearchRepetition | '' | undefined;
    daysOfWeek: DayOfWeek[];
  },
  today: string,
): Checked<RecurringSearch> {
  const values = {
    ...blankForm(),
    searchType: 'recurringLoan' as const,
    from: query.from ?? '',
    to: query.to ?? '',
    duration: query.duration ?? '',
    repetition: query.repetition ?? ('' as const),
    daysOfWeek: [...new Set(query.daysOfWeek)],
  };
  const issues = searchFormIssues(values, today);
  if (issues.length || values.repetition === '') return { ok: false, issues };
  return {
    ok: true,
    value: {
      from: values.from,
      to: values.to,
      minutes: parseDuration(values.duration) ?? 0,
      repetition: values.repetition,
      daysOfWeek: values.daysOfWeek,
    },
  };
}

/**
 * One room in a search answer: the availability (searchHit) plus what the list, the map and the
 * filters show, and no more — a city-wide answer holds six thousand of them. Tags come as ids (names
 * from GET /api/tags, cached for good by the SPAs); latLng is the room's, else its location's. A room
 * that does not lend the kind of loan searched for to the public (the effective allow flags of
 * GET /api/bookableasset/{id}) counts as unavailable on every date.
 */
export const searchAssetHit = searchHit.extend({
  name: z.string(),
  displayName: z.string(),
  capacity: z.number().int().nullable(),
  assetTypeId: z.number().int().nullable(),
  locationName: z.string(),
  geographicAreaId: z.string(),
  geographicAreaName: z.string(),
  latLng: latLng.nullable(),
  tagIds: z.array(z.number().int()),
  /** Days before the date an application must be sent ('Lokalet krever at søknader sendes inn minst {n} dager før ønsket dato.'). */
  behandlingstid: z.number().int(),
});
export type SearchAssetHit = z.infer<typeof searchAssetHit>;

/** available: free on at least one date, by share of available dates, then Norwegian name; unavailable: free on none, by name. */
export const searchAssetsResponse = z.object({ available: z.array(searchAssetHit), unavailable: z.array(searchAssetHit) });
export type SearchAssetsResponse = z.infer<typeof searchAssetsResponse>;

/** An area (bydel) of the available rooms, with how many there are, for the area filter. */
export const searchAreaOption = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export type SearchAreaOption = z.infer<typeof searchAreaOption>;

/**
 * `shape=page` (decision 019): one page of each list after the filters, with the counts the
 * screen shows — after the filters (totalAvailable, totalUnavailable) and before (allAvailable,
 * allUnavailable) — and the area options (areas of the available rooms, before the filters). A city-wide
 * one-date answer drops from ~2 MB to a few kB.
 */
export const searchAssetsPage = z.object({
  available: z.array(searchAssetHit),
  unavailable: z.array(searchAssetHit),
  totalAvailable: z.number().int(),
  totalUnavailable: z.number().int(),
  allAvailable: z.number().int(),
  allUnavailable: z.number().int(),
  areas: z.array(searchAreaOption),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type SearchAssetsPage = z.infer<typeof searchAssetsPage>;

/** `shape=markers`: one marker per location with free rooms (after the filters) and a place on the map. */
export const searchMarker = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  /** The middle of its free rooms' points. */
  latLng: latLng,
  /** Display names of its free rooms, in the list's order. */
  freeRooms: z.array(z.string()),
});
export type SearchMarker = z.infer<typeof searchMarker>;
export const searchMarkersResponse = z.object({ markers: z.array(searchMarker) });
export type SearchMarkersResponse = z.infer<typeof searchMarkersResponse>;

/** Any of the search's answers: the whole lists (no shape), a page, or the markers. */
export const searchAssetsAnyResponse = z.union([searchAssetsPage, searchMarkersResponse, searchAssetsResponse]);
