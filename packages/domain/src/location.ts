import { z } from 'zod';

/** Spec 01 §3 Location.status. A location that is not PUBLISHED sends the portal to /404. */
export const locationStatuses = ['PUBLISHED', 'UNPUBLISHED', 'DELETED'] as const;
export const locationStatus = z.enum(locationStatuses);
export type LocationStatus = z.infer<typeof locationStatus>;

/** Spec 01 §3 Location.publicLocationType (also the values of filterCategory). */
export const publicLocationTypes = ['SCHOOLS', 'KINDERGARTEN', 'LIBRARIES', 'DISTRICT_VENUES', 'WEDDINGS'] as const;
export const publicLocationType = z.enum(publicLocationTypes);
export type PublicLocationType = z.infer<typeof publicLocationType>;

/** A point on the map. */
export const latLng = z.object({ lat: z.number(), lng: z.number() });
export type LatLng = z.infer<typeof latLng>;

/**
 * Spec 01 §3 Location, as GET /api/location and GET /api/location/{id} answer it. `status` lets the
 * portal send UNPUBLISHED and DELETED locations to /404. `latLng` (not in the spec's list) places the
 * location on the map of the new portal.
 */
export const location = z.object({
  id: z.number().int(),
  name: z.string(),
  informationUrl: z.string().nullable(),
  externalUrl: z.string().nullable(),
  companyCode: z.string().nullable(),
  status: locationStatus,
  publicLocationType: publicLocationType,
  filterCategory: publicLocationType,
  geographicAreaId: z.string(),
  geographicAreaName: z.string(),
  displayInPortal: z.boolean(),
  homepage: z.string().nullable(),
  streetAddress: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** HTML; the SPA sanitises it before showing it. */
  informationMessage: z.string().nullable(),
  requireContract: z.boolean(),
  requireCostCategory: z.boolean(),
  enableVedtak: z.boolean(),
  allowRepeatedBookingsForPublicUser: z.boolean(),
  allowSingleBookingsForPublicUser: z.boolean(),
  maxOneTimeslotPerBookingForPublicUser: z.boolean(),
  hasBookableAssetWithOslonokkelen: z.boolean(),
  /** Days before the wanted date an application must be sent (0: no limit). */
  behandlingstid: z.number().int(),
  minBookingDurationMinutes: z.number().int().nullable(),
  latLng: latLng.nullable(),
});
export type Location = z.infer<typeof location>;
export const locations = z.array(location);

/** GET /api/about/{locationId}: the "Om lån og leie" texts (HTML), null where the location has none. */
export const locationAbout = z.object({
  whoCanApply: z.string().nullable(),
  locationCosts: z.string().nullable(),
  loanCriteria: z.string().nullable(),
});
export type LocationAbout = z.infer<typeof locationAbout>;

/**
 * GET /api/location?shape=list (decision 019): what the venue list and the contact form's
 * location list show of each location — a fifth of the full shape's bytes at city scale. The full
 * shape (no `shape`) stays as spec 01 §7 has it; GET /api/location/{id} is the detail.
 */
export const locationListItem = location.pick({
  id: true,
  name: true,
  externalUrl: true,
  publicLocationType: true,
  geographicAreaId: true,
  geographicAreaName: true,
});
export type LocationListItem = z.infer<typeof locationListItem>;
export const locationList = z.array(locationListItem);
export const locationsQueryParams = z.object({ shape: z.enum(['list']).optional() });
