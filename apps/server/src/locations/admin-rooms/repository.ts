import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { assetTags, assetTypes, bookableAssets, bookingFlows, tags } from '../../db/schema/assets';
import { reservations } from '../../db/schema/bookings';
import { locations } from '../../db/schema/locations';
import { assetColumns } from '../bookable-assets/repository';

/** The rooms an administrator edits: every room that is not deleted, of a location that is not deleted. */
const editable = and(ne(bookableAssets.status, 'DELETED'), ne(locations.status, 'DELETED'));

/** The columns of bookable-assets' public read (so its toBookableAsset maps both), plus the room's status; one query. */
async function selectRooms(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ ...assetColumns, status: bookableAssets.status })
    .from(bookableAssets)
    .innerJoin(locations, eq(locations.id, bookableAssets.locationId))
    .leftJoin(bookingFlows, eq(bookingFlows.id, bookableAssets.bookingFlowId))
    .where(and(editable, where));
}
export type AdminRoomRow = Awaited<ReturnType<typeof selectRooms>>[number];

export function findEditableRoomsOfLocation(db: DbOrTx, locationId: number): Promise<AdminRoomRow[]> {
  return selectRooms(db, eq(bookableAssets.locationId, locationId));
}

export async function findEditableRoom(db: DbOrTx, roomId: number): Promise<AdminRoomRow | undefined> {
  const [row] = await selectRooms(db, eq(bookableAssets.id, roomId));
  return row;
}

/** The location of a room, whatever the room's or location's status (for the access check before the 404). */
export async function findLocationIdOfRoom(db: DbOrTx, roomId: number): Promise<number | undefined> {
  const [row] = await db.select({ locationId: bookableAssets.locationId }).from(bookableAssets).where(eq(bookableAssets.id, roomId));
  return row?.locationId;
}

/** A location that is not deleted, with its position (a new room's default). */
export async function findLiveLocation(
  db: DbOrTx,
  locationId: number,
): Promise<{ id: number; lat: number | null; lng: number | null } | undefined> {
  const [row] = await db
    .select({ id: locations.id, lat: locations.lat, lng: locations.lng })
    .from(locations)
    .where(and(eq(locations.id, locationId), ne(locations.status, 'DELETED')));
  return row;
}

/** Which of these rooms have an active reservation (UNPROCESSED or APPROVED) ending after `now`. One query. */
export async function roomsWithFutureReservations(db: DbOrTx, roomIds: readonly number[], now: Date): Promise<Set<number>> {
  if (roomIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ roomId: reservations.bookableAssetId })
    .from(reservations)
    .where(
      and(
        inArray(reservations.bookableAssetId, [...roomIds]),
        inArray(reservations.status, ['UNPROCESSED', 'APPROVED']),
        gt(sql`upper(${reservations.period})`, sql`${now.toISOString()}::timestamptz`),
      ),
    );
  return new Set(rows.map((r) => r.roomId));
}

/** The ids among these that are tags. */
export async function findExistingTagIds(db: DbOrTx, tagIds: readonly number[]): Promise<Set<number>> {
  if (tagIds.length === 0) return new Set();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(tags.id, [...tagIds]));
  return new Set(rows.map((r) => r.id));
}

export async function assetTypeExists(db: DbOrTx, assetTypeId: number): Promise<boolean> {
  const rows = await db.select({ id: assetTypes.id }).from(assetTypes).where(eq(assetTypes.id, assetTypeId));
  return rows.length > 0;
}

export type RoomColumns = Omit<typeof bookableAssets.$inferInsert, 'id' | 'locationId' | 'createdAt'>;

export async function insertRoom(tx: Tx, locationId: number, columns: RoomColumns): Promise<number> {
  const [row] = await tx
    .insert(bookableAssets)
    .values({ ...columns, locationId })
    .returning({ id: bookableAssets.id });
  return row!.id;
}

export async function updateRoom(tx: Tx, roomId: number, columns: Partial<RoomColumns>): Promise<void> {
  await tx.update(bookableAssets).set(columns).where(eq(bookableAssets.id, roomId));
}

/** The room's tags become exactly these (two statements). */
export async function replaceRoomTags(tx: Tx, roomId: number, tagIds: readonly number[]): Promise<void> {
  await tx.delete(assetTags).where(eq(assetTags.bookableAssetId, roomId));
  if (tagIds.length) await tx.insert(assetTags).values(tagIds.map((tagId) => ({ bookableAssetId: roomId, tagId })));
}
