import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import type { FreeSlotAlert, FreeSlotAlertFields } from '@lokaler/domain/free-slot-alert';
import type { DbOrTx } from '../../db/client';
import { bookableAssets, freeSlotAlerts, locations } from '../../db/schema';

export type AlertRow = typeof freeSlotAlerts.$inferSelect;

/** Active: not ended, and its last date not passed. */
const active = (today: string) => and(isNull(freeSlotAlerts.endedAt), gte(freeSlotAlerts.toDate, today));

export async function countActiveAlerts(db: DbOrTx, userId: number, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(freeSlotAlerts)
    .where(and(eq(freeSlotAlerts.userId, userId), active(today)));
  return row?.n ?? 0;
}

/** The location and room as the public sees them: null when either is not published (or the room is not the location's). */
export async function findPublicTarget(
  db: DbOrTx,
  locationId: number,
  bookableAssetId: number | null,
): Promise<{ locationName: string } | null> {
  const [location] = await db
    .select({ name: locations.name, status: locations.status })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!location || location.status !== 'PUBLISHED') return null;
  if (bookableAssetId !== null) {
    const [room] = await db
      .select({ status: bookableAssets.status, locationId: bookableAssets.locationId })
      .from(bookableAssets)
      .where(eq(bookableAssets.id, bookableAssetId));
    if (!room || room.status !== 'PUBLISHED' || room.locationId !== locationId) return null;
  }
  return { locationName: location.name };
}

export async function insertAlert(db: DbOrTx, userId: number, fields: FreeSlotAlertFields): Promise<number> {
  const [row] = await db
    .insert(freeSlotAlerts)
    .values({
      userId,
      locationId: fields.locationId,
      bookableAssetId: fields.bookableAssetId,
      fromDate: fields.fromDate,
      toDate: fields.toDate,
      weekdays: [...fields.weekdays].sort(),
      timeFrom: fields.timeFrom,
      timeTo: fields.timeTo,
    })
    .returning({ id: freeSlotAlerts.id });
  return row!.id;
}

export async function listActiveAlerts(db: DbOrTx, userId: number, today: string, id?: number): Promise<FreeSlotAlert[]> {
  const rows = await db
    .select({
      alert: freeSlotAlerts,
      locationName: locations.name,
      roomName: bookableAssets.name,
      roomNumber: bookableAssets.externalAssetNumber,
    })
    .from(freeSlotAlerts)
    .innerJoin(locations, eq(locations.id, freeSlotAlerts.locationId))
    .leftJoin(bookableAssets, eq(bookableAssets.id, freeSlotAlerts.bookableAssetId))
    .where(and(eq(freeSlotAlerts.userId, userId), active(today), id === undefined ? undefined : eq(freeSlotAlerts.id, id)))
    .orderBy(asc(freeSlotAlerts.fromDate), asc(freeSlotAlerts.id));
  return rows.map(({ alert, locationName, roomName, roomNumber }) => ({
    id: alert.id,
    locationId: alert.locationId,
    locationName,
    bookableAssetId: alert.bookableAssetId,
    roomName: roomName === null ? null : assetDisplayName(roomName, roomNumber),
    fromDate: alert.fromDate,
    toDate: alert.toDate,
    weekdays: alert.weekdays,
    timeFrom: alert.timeFrom,
    timeTo: alert.timeTo,
    createdAt: alert.createdAt.toISOString(),
  }));
}

/** Locks the alert row (any status); undefined when there is none with this id. */
export async function lockAlert(db: DbOrTx, id: number): Promise<AlertRow | undefined> {
  const [row] = await db.select().from(freeSlotAlerts).where(eq(freeSlotAlerts.id, id)).for('update');
  return row;
}

export async function endAlert(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(freeSlotAlerts)
    .set({ endedAt: now })
    .where(and(eq(freeSlotAlerts.id, id), isNull(freeSlotAlerts.endedAt)));
  await db.execute(sql`delete from free_slot_notices where alert_id = ${id} and status = 'PENDING'`);
}

/** Serialises one person's alert writes (the limit is counted under it). */
export async function lockUser(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}
