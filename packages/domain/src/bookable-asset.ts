import { z } from 'zod';
import { bookingFlow } from './booking-flow';
import { idParam } from './id-param';
import { latLng } from './location';
import { tag } from './tag';

/**
 * Spec 01 §3 Bookable asset (room), as GET /api/bookableasset/{id}, GET /api/bookableasset?ids=…
 * and GET /api/location/{id}/bookableassets answer it. purposes, facilities and uu are the names of
 * the room's tags of that type; filters are all its tags. The three allow flags are the effective
 * public rules (location and room combined by scheduling/public-booking-rules effectivePublicRules). datesCount and
 * unavailableDates belong to search results and are left out here.
 */
export const bookableAsset = z.object({
  id: z.number().int(),
  name: z.string(),
  externalAssetNumber: z.string().nullable(),
  displayName: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  bookingFlowId: z.number().int().nullable(),
  bookingFlow: bookingFlow.nullable(),
  capacity: z.number().int().nullable(),
  squareMeters: z.number().nullable(),
  purposes: z.array(z.string()),
  facilities: z.array(z.string()),
  uu: z.array(z.string()),
  filters: z.array(tag),
  assetTypeId: z.number().int().nullable(),
  latLng: latLng.nullable(),
  datesCount: z.number().int().optional(),
  unavailableDates: z.array(z.string()).optional(),
  hasOslonokkelen: z.boolean(),
  assetInfoMessage: z.string().nullable(),
  allowRepeatedBookingsForPublicUser: z.boolean(),
  allowSingleBookingsForPublicUser: z.boolean(),
  maxOneTimeslotPerBookingForPublicUser: z.boolean(),
});
export type BookableAsset = z.infer<typeof bookableAsset>;
export const bookableAssets = z.array(bookableAsset);

/** GET /api/bookableasset?ids=1&ids=2 (repeated; one id alone is fine). Unknown ids are left out of the answer. */
export const bookableAssetIdsQuery = z.object({
  ids: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(idParam).min(1).max(200)),
});

/** "Name (number)" when the room has a number, as lists and calendars show it. */
export function assetDisplayName(name: string, externalAssetNumber: string | null): string {
  return externalAssetNumber ? `${name} (${externalAssetNumber})` : name;
}
