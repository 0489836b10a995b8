import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { OslonokkelenPermission } from '@lokaler/domain/oslonokkelen';
import { queryRows, type DbOrTx } from '../../db/client';
import { oslonokkelenPermissions } from '../../db/schema/after-application';

// What a booking shows of its digital keys. The booking's own view reads them here; the keys area
// (keys/oslonokkelen) writes them and uses these reads through this area's entry.

type PermissionRow = typeof oslonokkelenPermissions.$inferSelect;

export function toPermission(row: Pick<PermissionRow, 'id' | 'bookingId' | 'phoneNumber' | 'status'>): OslonokkelenPermission {
  return { id: row.id, bookingId: row.bookingId, phoneNumber: row.phoneNumber, oslonokkelenRequestStatus: row.status };
}

/** The numbers the applicant sees (every one but DELETED), in the order they were added. */
export async function listShownPermissions(db: DbOrTx, bookingId: number): Promise<OslonokkelenPermission[]> {
  const rows = await db
    .select()
    .from(oslonokkelenPermissions)
    .where(and(eq(oslonokkelenPermissions.bookingId, bookingId), ne(oslonokkelenPermissions.status, 'DELETED')))
    .orderBy(asc(oslonokkelenPermissions.id));
  return rows.map(toPermission);
}

/** Whether a room of the booking opens with the key (any of its times, whatever their status). */
export async function bookingHasKeyRoom(db: DbOrTx, bookingId: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`
    select exists (select 1 from reservations r join bookable_assets a on a.id = r.bookable_asset_id
                   where r.booking_id = ${bookingId} and a.has_oslonokkelen) as found`,
  );
  return rows[0]?.found === true;
}
