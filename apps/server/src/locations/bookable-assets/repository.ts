import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { BookingFlow } from '@lokaler/domain/booking-flow';
import type { Tag } from '@lokaler/domain/tag';
import type { DbOrTx } from '../../db/client';
import { assetTags, bookableAssets, bookingFlows, tags } from '../../db/schema/assets';
import { locations } from '../../db/schema/locations';
import { roomRulesColumns } from '../room-rules/repository';

const flowColumns = {
  id: bookingFlows.id,
  name: bookingFlows.name,
  theme: bookingFlows.theme,
  adminFormLink: bookingFlows.adminFormLink,
  publicFormLink: bookingFlows.publicFormLink,
};

/** Rooms the public may see: published rooms of locations that are not deleted. */
const visible = and(eq(bookableAssets.status, 'PUBLISHED'), ne(locations.status, 'DELETED'));

/** The columns of a room with its location's name and rules and its booking flow (toBookableAsset maps them); admin-rooms adds the status. */
export const assetColumns = {
  id: bookableAssets.id,
  name: bookableAssets.name,
  externalAssetNumber: bookableAssets.externalAssetNumber,
  locationId: bookableAssets.locationId,
  locationName: locations.name,
  capacity: bookableAssets.capacity,
  squareMeters: bookableAssets.squareMeters,
  assetTypeId: bookableAssets.assetTypeId,
  lat: bookableAssets.lat,
  lng: bookableAssets.lng,
  hasOslonokkelen: bookableAssets.hasOslonokkelen,
  assetInfoMessage: bookableAssets.assetInfoMessage,
  // `room` and `location`: the one reader of a room's rules.
  ...roomRulesColumns,
  bookingFlowId: bookableAssets.bookingFlowId,
  bookingFlow: flowColumns,
};

/** Rooms with their location's name and rules and their booking flow, in one query. */
async function selectAssets(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(assetColumns)
    .from(bookableAssets)
    .innerJoin(locations, eq(locations.id, bookableAssets.locationId))
    .leftJoin(bookingFlows, eq(bookingFlows.id, bookableAssets.bookingFlowId))
    .where(and(visible, where));
}
export type AssetRow = Awaited<ReturnType<typeof selectAssets>>[number];

export function findVisibleAssetsOfLocation(db: DbOrTx, locationId: number): Promise<AssetRow[]> {
  return selectAssets(db, eq(bookableAssets.locationId, locationId));
}

export function findVisibleAssets(db: DbOrTx, ids: readonly number[]): Promise<AssetRow[]> {
  return selectAssets(db, inArray(bookableAssets.id, [...ids]));
}

/** The tags of many rooms in one query, by room id. */
export async function findTagsOfAssets(db: DbOrTx, assetIds: readonly number[]): Promise<Map<number, Tag[]>> {
  const byAsset = new Map<number, Tag[]>();
  if (assetIds.length === 0) return byAsset;
  const rows = await db
    .select({ assetId: assetTags.bookableAssetId, id: tags.id, name: tags.name, tagType: tags.tagType })
    .from(assetTags)
    .innerJoin(tags, eq(tags.id, assetTags.tagId))
    .where(inArray(assetTags.bookableAssetId, [...assetIds]));
  for (const { assetId, ...tag } of rows) byAsset.set(assetId, [...(byAsset.get(assetId) ?? []), tag]);
  return byAsset;
}

export async function locationExists(db: DbOrTx, locationId: number): Promise<boolean> {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  return row !== undefined;
}

export async function findBookingFlow(db: DbOrTx, id: number): Promise<BookingFlow | undefined> {
  const [row] = await db.select(flowColumns).from(bookingFlows).where(eq(bookingFlows.id, id));
  return row;
}
