import { z } from 'zod';
import { isoDate, isoDurationString, positiveId, repeatedParam } from './api-primitives';
import { daysOfWeek } from './day-of-week';
import { searchRepetitions } from './expand-weekday-pattern';

/**
 * The new search's calls (spec 01 §7): GET /api/search/assets[/{locationId}][/repeating],
 * GET /api/bookableasset/availabletime and /availabletimeseries. Dates relative to today (not past,
 * within 1.5 years, to after from) are checked with searchDateIssues from search-form.ts, which knows today.
 */

/** The tag list of the URL, with the 'alle' tag dropped (spec 01 §5). */
export const tagIdsParam = z
  .preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]).filter((t) => t !== 'alle'),
    z.array(positiveId),
    // Left out: no tag filter; the default marks it optional in the document (decision 060).
  )
  .default([]);

export const searchAssetsQuery = z.object({ tagIds: tagIdsParam, date: isoDate, duration: isoDurationString });
export type SearchAssetsQuery = z.infer<typeof searchAssetsQuery>;

export const searchAssetsRepeatingQuery = z.object({
  tagIds: tagIdsParam,
  from: isoDate,
  to: isoDate,
  duration: isoDurationString,
  repetition: z.enum(searchRepetitions),
  daysOfWeek: repeatedParam(z.enum(daysOfWeek)).pipe(z.array(z.enum(daysOfWeek)).min(1)),
});
export type SearchAssetsRepeatingQuery = z.infer<typeof searchAssetsRepeatingQuery>;

/**
 * One room's availability in a search. The bookable-asset fields the lists and the map show (name,
 * capacity, area, position) are added by the search module: `searchHit.extend({...})`.
 */
export const searchHit = z.object({
  bookableAssetId: z.number().int(),
  locationId: z.number().int(),
  /** Dates of the search (1 for a single date). */
  datesCount: z.number().int(),
  /** Dates where the duration fits nowhere in this room. */
  unavailableDates: z.array(z.string()),
});
export type SearchHit = z.infer<typeof searchHit>;

/** available: rooms free on at least one date (sorted by share, then name); unavailable: free on none. */
export const searchResult = z.object({ available: z.array(searchHit), unavailable: z.array(searchHit) });
export type SearchResult = z.infer<typeof searchResult>;

export const availableTimeQuery = z.object({ bookableAssetId: positiveId, date: isoDate, duration: isoDurationString });

/** Spec 01 §3 "Available time": an interval and the first date it is free on. */
export const availableTime = z.object({ timeInterval: z.object({ start: z.string(), end: z.string() }), firstAvailable: z.string() });
export const availableTimeResponse = z.array(availableTime);
export type AvailableTime = z.infer<typeof availableTime>;

export const availableTimeSeriesQuery = z.object({
  bookableAssetId: positiveId,
  from: isoDate,
  to: isoDate,
  duration: isoDurationString,
  repetition: z.enum(searchRepetitions),
  daysOfWeek: repeatedParam(z.enum(daysOfWeek)).pipe(z.array(z.enum(daysOfWeek)).min(1)),
});

export const seriesTime = availableTime.extend({
  /** On how many of the weekday's dates the interval is free, of how many ('Ledig {n} av {m} valgte datoer'). */
  availableDatesCount: z.number().int(),
  datesCount: z.number().int(),
});

/** Spec 01 §3: "a series is keyed by weekday"; plus the room's totals over all the series' dates. */
export const availableTimeSeriesResponse = z.object({
  byWeekday: z.partialRecord(z.enum(daysOfWeek), z.array(seriesTime)),
  datesCount: z.number().int(),
  unavailableDates: z.array(z.string()),
  share: z.number(),
});
export type AvailableTimeSeriesResponse = z.infer<typeof availableTimeSeriesResponse>;
