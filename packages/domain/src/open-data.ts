import { z } from 'zod';
import { addDays, daysBetween, isValidDate } from './scheduling/calendar-date';
import { isoDate, positiveId } from './scheduling/api-primitives';
import { latLng, publicLocationType } from './location';

/**
 * The open data (decision 061): the public catalogue of locations and rooms and their free times,
 * published under NLOD 2.0 for others to build on without scraping. No personal data: a location's
 * own contact address and phone are its public contact, the same the portal's location page shows;
 * nothing of bookings, applicants or administrators.
 */

/** Norsk lisens for offentlige data 2.0: what Norwegian cities publish open data under. */
export const OPEN_DATA_LICENSE = { name: 'Norsk lisens for offentlige data (NLOD) 2.0', url: 'https://data.norge.no/nlod/no/2.0' } as const;

export const openDataLicense = z
  .object({ name: z.string(), url: z.string().describe('The licence text') })
  .describe('The licence the data is published under (NLOD 2.0)');

/** A room's weekly opening hours: the standard ones (no dates) and those of seasonal periods (with dates). */
export const openDataOpeningHours = z.object({
  weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 Monday … 7 Sunday'),
  opens: z.string().describe('HH:mm:ss, Oslo time'),
  closes: z.string().describe('HH:mm:ss, Oslo time; 24:00:00 is midnight'),
  fromDate: isoDate.nullable().describe('First date of the seasonal period these hours belong to; null for the standard hours'),
  toDate: isoDate.nullable().describe('Last date of the seasonal period; null for the standard hours'),
});
export type OpenDataOpeningHours = z.infer<typeof openDataOpeningHours>;

export const openDataRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string().describe('"Name (number)" as the portal shows it'),
  assetType: z.string().nullable().describe('The kind of room (gymsal, klasserom …)'),
  capacity: z.number().int().nullable().describe('People at most'),
  squareMeters: z.number().nullable(),
  latLng: latLng.nullable().describe("The room's own position; null: the location's"),
  accessibility: z.array(z.string()).describe('Universal design (uu) tags, by name'),
  facilities: z.array(z.string()).describe('Facility tags, by name'),
  purposes: z.array(z.string()).describe('Purpose tags, by name'),
  openingHours: z.array(openDataOpeningHours),
  portalUrl: z.string().describe("The room's page in the portal, where it is booked"),
});
export type OpenDataRoom = z.infer<typeof openDataRoom>;

export const openDataLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  type: publicLocationType.describe('The public location type (the same as GET /api/location/public?locationSource=)'),
  streetAddress: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string().nullable(),
  geographicAreaId: z.string(),
  geographicAreaName: z.string().describe('The city district'),
  latLng: latLng.nullable(),
  homepage: z.string().nullable(),
  contactEmail: z.string().nullable().describe("The location's own contact address, as its page in the portal shows it"),
  phoneNumber: z.string().nullable().describe("The location's own phone, as its page in the portal shows it"),
  portalUrl: z.string(),
  rooms: z.array(openDataRoom).describe('The published rooms, in Norwegian order of their display name'),
});
export type OpenDataLocation = z.infer<typeof openDataLocation>;

export const openDataCatalogue = z.object({
  license: openDataLicense,
  locations: z.array(openDataLocation).describe('Published locations shown in the portal, in Norwegian name order'),
});
export type OpenDataCatalogue = z.infer<typeof openDataCatalogue>;

/** The free times answer at most four weeks at a time: what "the coming weeks" need, and bounded work per request. */
export const MAX_FREE_TIME_DAYS = 28;
/** Without `to`: two weeks from `from`. */
export const DEFAULT_FREE_TIME_DAYS = 14;

/** GET /api/open-data/free-times: from (default today), to (default from + 13 days), at most 28 days; one location or all. */
export const openDataFreeTimesQuery = z
  .object({
    from: isoDate.optional().describe('First date (YYYY-MM-DD, Oslo); default today'),
    to: isoDate
      .optional()
      .describe(`Last date (YYYY-MM-DD), at most ${MAX_FREE_TIME_DAYS} days from \`from\` inclusive; default from + 13 days`),
    locationId: positiveId.optional().describe("Only this location's rooms; default every location of the catalogue"),
  })
  .superRefine((q, ctx) => {
    if (q.from === undefined || q.to === undefined || !isValidDate(q.from) || !isValidDate(q.to)) return;
    const days = daysBetween(q.from, q.to) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Til-dato kan ikke være før fra-dato' });
    else if (days > MAX_FREE_TIME_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Perioden kan være høyst ${MAX_FREE_TIME_DAYS} dager` });
  });
export type OpenDataFreeTimesQuery = z.infer<typeof openDataFreeTimesQuery>;

/**
 * The asked range with its defaults filled in (from: today; to: from + 13 days), or the Norwegian
 * message for `to` when the filled-in range is backwards or longer than 28 days (a `to` alone is
 * measured from today, which the query's own check cannot know).
 */
export function freeTimesRange(query: OpenDataFreeTimesQuery, today: string): { from: string; to: string } | { problem: string } {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, DEFAULT_FREE_TIME_DAYS - 1);
  const days = daysBetween(from, to) + 1;
  if (days < 1) return { problem: 'Til-dato kan ikke være før fra-dato' };
  if (days > MAX_FREE_TIME_DAYS) return { problem: `Perioden kan være høyst ${MAX_FREE_TIME_DAYS} dager` };
  return { from, to };
}

export const freeInterval = z.object({
  start: z.string().describe('HH:mm:ss, Oslo time'),
  end: z.string().describe('HH:mm:ss; 24:00:00 is midnight'),
});

export const openDataRoomFreeTimes = z.object({
  roomId: z.number().int(),
  locationId: z.number().int(),
  dates: z
    .array(z.object({ date: isoDate, free: z.array(freeInterval) }))
    .describe('Every date of the range, with the times a citizen may book (empty when none)'),
});

export const openDataFreeTimes = z.object({
  license: openDataLicense,
  from: isoDate,
  to: isoDate,
  rooms: z.array(openDataRoomFreeTimes).describe("The catalogue's rooms (of the asked location), in the catalogue's order"),
});
export type OpenDataFreeTimes = z.infer<typeof openDataFreeTimes>;

// Named components of the OpenAPI document (decision 059).
z.globalRegistry.add(openDataLicense, { id: 'OpenDataLicense' });
z.globalRegistry.add(openDataOpeningHours, { id: 'OpenDataOpeningHours' });
z.globalRegistry.add(openDataRoom, { id: 'OpenDataRoom' });
z.globalRegistry.add(openDataLocation, { id: 'OpenDataLocation' });
z.globalRegistry.add(openDataCatalogue, { id: 'OpenDataCatalogue' });
z.globalRegistry.add(freeInterval, { id: 'FreeInterval' });
z.globalRegistry.add(openDataRoomFreeTimes, { id: 'OpenDataRoomFreeTimes' });
z.globalRegistry.add(openDataFreeTimes, { id: 'OpenDataFreeTimes' });
