import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Location } from '@lokaler/domain/location';
import type { DbOrTx } from '../../db/client';
import { bookableAssets } from '../../db/schema/assets';
import { geographicAreas } from '../../db/schema/geography';
import { locations } from '../../db/schema/locations';

/** One query for any number of locations: the area's name is joined, the key flag is a subquery. */
function selectLocations(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      informationUrl: locations.informationUrl,
      externalUrl: locations.externalUrl,
      companyCode: locations.companyCode,
      status: locations.status,
      publicLocationType: locations.publicLocationType,
      filterCategory: locations.filterCategory,
      geographicAreaId: locations.geographicAreaId,
      geographicAreaName: geographicAreas.name,
      displayInPortal: locations.displayInPortal,
      homepage: locations.homepage,
      streetAddress: locations.streetAddress,
      postCode: locations.postCode,
      city: locations.city,
      phoneNumber: locations.phoneNumber,
      contactEmail: locations.contactEmail,
      informationMessage: locations.informationMessage,
      requireContract: locations.requireContract,
      requireCostCategory: locations.requireCostCategory,
      enableVedtak: locations.enableVedtak,
      allowRepeatedBookingsForPublicUser: locations.allowRepeatedBookingsForPublicUser,
      allowSingleBookingsForPublicUser: locations.allowSingleBookingsForPublicUser,
      maxOneTimeslotPerBookingForPublicUser: locations.maxOneTimeslotPerBookingForPublicUser,
      hasBookableAssetWithOslonokkelen: sql<boolean>`exists (
      select 1 from ${bookableAssets}
      where ${bookableAssets.locationId} = ${locations.id} and ${bookableAssets.hasOslonokkelen} and ${bookableAssets.status} = 'PUBLISHED')`,
      behandlingstid: locations.behandlingstid,
      minBookingDurationMinutes: locations.minBookingDurationMinutes,
      lat: locations.lat,
      lng: locations.lng,
    })
    .from(locations)
    .innerJoin(geographicAreas, eq(geographicAreas.id, locations.geographicAreaId))
    .where(where);
}

type LocationRow = Awaited<ReturnType<typeof selectLocations>>[number];

function toLocation({ lat, lng, ...row }: LocationRow): Location {
  return { ...row, latLng: lat !== null && lng !== null ? { lat, lng } : null };
}

/** Locations the portal lists: published and shown in the portal. */
export async function listPortalLocations(db: DbOrTx): Promise<Location[]> {
  const rows = await selectLocations(db, and(eq(locations.status, 'PUBLISHED'), eq(locations.displayInPortal, true)));
  return rows.map(toLocation);
}

/** Any location, whatever its status (the portal redirects UNPUBLISHED and DELETED to /404). */
export async function findLocation(db: DbOrTx, id: number): Promise<Location | undefined> {
  const [row] = await selectLocations(db, eq(locations.id, id));
  return row ? toLocation(row) : undefined;
}
