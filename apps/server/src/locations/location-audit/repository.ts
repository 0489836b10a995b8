import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { locationAuditLog } from '../../db/schema/location-setup';
import { locations } from '../../db/schema/locations';

export interface AuditRow {
  locationId: number;
  actorUserId: number | null;
  actorName: string;
  action: string;
  before: unknown;
  after: unknown;
}

export async function insertAuditEntry(tx: Tx, row: AuditRow): Promise<void> {
  await tx.insert(locationAuditLog).values(row);
}

/** One page, newest first: `limit + 1` rows read so the caller knows whether there is more. */
export async function listAuditEntries(db: DbOrTx, locationId: number, options: { offset: number; limit: number }) {
  return db
    .select({
      id: locationAuditLog.id,
      at: locationAuditLog.at,
      actorName: locationAuditLog.actorName,
      action: locationAuditLog.action,
      before: locationAuditLog.before,
      after: locationAuditLog.after,
    })
    .from(locationAuditLog)
    .where(eq(locationAuditLog.locationId, locationId))
    .orderBy(desc(locationAuditLog.id))
    .limit(options.limit + 1)
    .offset(options.offset);
}

/** Whether the location exists and is not deleted. */
export async function locationExists(db: DbOrTx, locationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), ne(locations.status, 'DELETED')));
  return rows.length > 0;
}
