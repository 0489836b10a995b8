import { z } from 'zod';
import { publicLocationTypes } from './location';

/**
 * GET /api/location/public?locationSource={source} (spec 01 §7, decision 061): the published
 * locations of one source. A source is one of the public location types the portal's landing page
 * groups by (SCHOOLS, KINDERGARTEN, LIBRARIES, DISTRICT_VENUES, WEDDINGS). The source is required:
 * every published location is GET /api/location, so a missing source is a 400, not a second way to
 * ask for the same list.
 */
export const publicLocationsQuery = z.object({
  locationSource: z
    .enum(publicLocationTypes, {
      error: (issue) =>
        issue.input === undefined
          ? 'Kilde (locationSource) er påkrevd'
          : `Ukjent kilde (locationSource), bruk en av ${publicLocationTypes.join(', ')}`,
    })
    .describe(
      'The public location type whose published locations are answered: SCHOOLS, KINDERGARTEN, LIBRARIES, DISTRICT_VENUES or WEDDINGS',
    ),
});
export type PublicLocationsQuery = z.infer<typeof publicLocationsQuery>;
