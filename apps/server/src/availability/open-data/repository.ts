import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assetTypes, bookableAssets } from '../../db/schema/assets';
import { openingHourPeriods } from '../../db/schema/location-setup';
import { locations } from '../../db/schema/locations';
import { openingHours } from '../../db/schema/schedule';
import type { HoursRow } from '../room-calendars/repository';

/** A room of the catalogue: published, of a published location shown in the portal (what the portal lists). */
export interface CatalogueRoomRow {
  id: number;
  locationId: number;
  assetTypeName: string | null;
}

/**
 * The published rooms of the published locations shown in the portal, with their room type's name,
 * optionally of one location. One query; the rooms themselves are then read by the rooms routes' own
 * reader (listAssets), so the catalogue answers what GET /api/location/{id}/bookableassets answers.
 */
export async function findCatalogueRooms(db: DbOrTx, locationId?: number): Promise<CatalogueRoomRow[]> {
  return db
    .select({ id: bookableAssets.id, locationId: bookableAssets.locationId, assetTypeName: assetTypes.name })
    .from(bookableAssets)
    .innerJoin(locations, eq(locations.id, bookableAssets.locationId))
    .leftJoin(assetTypes, eq(assetTypes.id, bookableAssets.assetTypeId))
    .where(
      and(
        eq(bookableAssets.status, 'PUBLISHED'),
        eq(locations.status, 'PUBLISHED'),
        eq(locations.displayInPortal, true),
        locationId === undefined ? undefined : eq(locations.id, locationId),
      ),
    )
    .orderBy(asc(bookableAssets.id));
}

/**
 * The opening-hour rows of these locations (their own and their rooms'): the standard hours and those
 * of seasonal periods that have not ended before `today`. One query; availability's roomOpeningHours
 * picks each room's hours from them as the calendars do.
 */
export async function findOpeningHours(db: DbOrTx, locationIds: readonly number[], today: string): Promise<HoursRow[]> {
  if (locationIds.length === 0) return [];
  return db
    .select({
      locationId: openingHours.locationId,
      bookableAssetId: openingHours.bookableAssetId,
      weekday: openingHours.weekday,
      opens: openingHours.opens,
      closes: openingHours.closes,
      fromDate: openingHourPeriods.fromDate,
      toDate: openingHourPeriods.toDate,
    })
    .from(openingHours)
    .leftJoin(openingHourPeriods, eq(openingHourPeriods.id, openingHours.periodId))
    .where(
      and(inArray(openingHours.locationId, [...locationIds]), or(isNull(openingHours.periodId), gte(openingHourPeriods.toDate, today))),
    )
    .orderBy(sql`${openingHourPeriods.fromDate} nulls first`, asc(openingHours.weekday), asc(openingHours.opens));
}
