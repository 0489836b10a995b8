import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookableAssets, freeSlotAlertMails, freeSlotAlerts, locations } from '../../db/schema';

/** Decision 057: every free-time alert the person made, ended ones too, with the location's and room's names. */
export async function listAlertsOfPerson(db: DbOrTx, userId: number) {
  return db
    .select({
      locationName: locations.name,
      roomName: bookableAssets.name,
      fromDate: freeSlotAlerts.fromDate,
      toDate: freeSlotAlerts.toDate,
      weekdays: freeSlotAlerts.weekdays,
      timeFrom: freeSlotAlerts.timeFrom,
      timeTo: freeSlotAlerts.timeTo,
      createdAt: freeSlotAlerts.createdAt,
      endedAt: freeSlotAlerts.endedAt,
    })
    .from(freeSlotAlerts)
    .innerJoin(locations, eq(locations.id, freeSlotAlerts.locationId))
    .leftJoin(bookableAssets, eq(bookableAssets.id, freeSlotAlerts.bookableAssetId))
    .where(eq(freeSlotAlerts.userId, userId))
    .orderBy(asc(freeSlotAlerts.createdAt), asc(freeSlotAlerts.id));
}

/**
 * Decision 057: the person's alerts (their pending notices go with them) and the record of the alert
 * e-mails sent to them (the hourly limit's count). How many alerts went.
 */
export async function deleteAlertsOfPerson(tx: DbOrTx, userId: number): Promise<number> {
  const deleted = await tx.delete(freeSlotAlerts).where(eq(freeSlotAlerts.userId, userId)).returning({ id: freeSlotAlerts.id });
  await tx.delete(freeSlotAlertMails).where(eq(freeSlotAlertMails.userId, userId));
  return deleted.length;
}
