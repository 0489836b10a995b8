import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { locationAdmins, locations } from '../../db/schema/locations';

export interface LocationRuleRow {
  requireContract: boolean;
  enableVedtak: boolean;
  adminCanBookPastDates: boolean;
  /** Fair share (decision 041): null takes the city-wide value. */
  maxPendingHours: number | null;
  maxPendingApplications: number | null;
  maxRoomsPerApplication: number | null;
  maxDatesPerSeries: number | null;
}

/** The rules of a location that is not deleted. */
export async function findLocationRules(db: DbOrTx, locationId: number): Promise<LocationRuleRow | undefined> {
  const [row] = await db
    .select({
      requireContract: locations.requireContract,
      enableVedtak: locations.enableVedtak,
      adminCanBookPastDates: locations.adminCanBookPastDates,
      maxPendingHours: locations.maxPendingHours,
      maxPendingApplications: locations.maxPendingApplications,
      maxRoomsPerApplication: locations.maxRoomsPerApplication,
      maxDatesPerSeries: locations.maxDatesPerSeries,
    })
    .from(locations)
    .where(and(eq(locations.id, locationId), ne(locations.status, 'DELETED')));
  return row;
}

export async function updateLocationRules(db: DbOrTx, locationId: number, rules: Partial<LocationRuleRow>): Promise<void> {
  if (Object.keys(rules).length === 0) return;
  await db
    .update(locations)
    .set({ ...rules, updatedAt: new Date() })
    .where(eq(locations.id, locationId));
}

export async function listAdminEmails(db: DbOrTx, locationId: number): Promise<{ email: string }[]> {
  return db
    .select({ email: locationAdmins.email })
    .from(locationAdmins)
    .where(eq(locationAdmins.locationId, locationId))
    .orderBy(asc(locationAdmins.email));
}

/** Whether the address was added (false: it is an administrator already, and nothing changed). */
export async function insertAdminEmail(db: DbOrTx, locationId: number, email: string): Promise<boolean> {
  const rows = await db
    .insert(locationAdmins)
    .values({ locationId, email })
    .onConflictDoNothing()
    .returning({ email: locationAdmins.email });
  return rows.length > 0;
}

/** Locks the location row, so that two removals of administrators at once are serialised. */
export async function lockLocation(tx: Tx, locationId: number): Promise<void> {
  await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).for('update');
}

export async function deleteAdminEmails(tx: Tx, locationId: number, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.delete(locationAdmins).where(and(eq(locationAdmins.locationId, locationId), inArray(locationAdmins.email, [...emails])));
}
