import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OslonokkelenPermission } from '@lokaler/domain/oslonokkelen';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { oslonokkelenPermissions, oslonokkelenRevocations } from '../../db/schema/after-application';
import { bookings, requirements } from '../../db/schema/bookings';
import { toPermission } from '../../bookings';

export { bookingHasKeyRoom, listShownPermissions } from '../../bookings';

export type PermissionRow = typeof oslonokkelenPermissions.$inferSelect;

/** Every number ever shared on the booking, DELETED ones too (the administrator sees them), in the order they were added. */
export async function listAllPermissions(db: DbOrTx, bookingId: number): Promise<OslonokkelenPermission[]> {
  const rows = await db
    .select()
    .from(oslonokkelenPermissions)
    .where(eq(oslonokkelenPermissions.bookingId, bookingId))
    .orderBy(asc(oslonokkelenPermissions.id));
  return rows.map(toPermission);
}

/** The booking's numbers that are not DELETED, locked for the caller's transaction. */
export async function lockShownPermissions(tx: Tx, bookingId: number): Promise<PermissionRow[]> {
  return tx
    .select()
    .from(oslonokkelenPermissions)
    .where(and(eq(oslonokkelenPermissions.bookingId, bookingId), ne(oslonokkelenPermissions.status, 'DELETED')))
    .orderBy(asc(oslonokkelenPermissions.id))
    .for('update');
}

/**
 * Adds a number, or brings back one that was removed: a fresh start (not requested, no grant). The
 * grant generation carries on, so a new grant never reuses a withdrawn grant's id.
 */
export async function upsertPermission(tx: Tx, bookingId: number, phoneNumber: string): Promise<void> {
  await tx
    .insert(oslonokkelenPermissions)
    .values({ bookingId, phoneNumber })
    .onConflictDoUpdate({
      target: [oslonokkelenPermissions.bookingId, oslonokkelenPermissions.phoneNumber],
      set: {
        status: 'NOT_REQUESTED',
        grantId: null,
        grantedTimesHash: null,
        attempts: 0,
        nextAttemptAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    });
}

export async function updatePermission(
  tx: Tx,
  id: number,
  fields: Partial<Omit<PermissionRow, 'id' | 'bookingId' | 'phoneNumber' | 'createdAt'>>,
): Promise<void> {
  await tx
    .update(oslonokkelenPermissions)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(oslonokkelenPermissions.id, id));
}

/** Queues the withdrawal of a grant at the key service; the key job calls the service after commit. */
export async function queueRevocation(tx: Tx, grantId: string): Promise<void> {
  await tx.insert(oslonokkelenRevocations).values({ grantId }).onConflictDoNothing();
}

export interface KeyTime {
  bookingId: number;
  bookableAssetId: number;
  from: string;
  until: string;
}

/** The active (UNPROCESSED/APPROVED) times of these bookings in rooms that open with the key, as instants. */
export async function loadKeyTimes(db: DbOrTx, bookingIds: readonly number[]): Promise<KeyTime[]> {
  if (bookingIds.length === 0) return [];
  const rows = await queryRows<{ booking_id: number; bookable_asset_id: number; starts: string | Date; ends: string | Date }>(
    db,
    sql`
    select r.booking_id, r.bookable_asset_id, lower(r.period) as starts, upper(r.period) as ends
    from reservations r join bookable_assets a on a.id = r.bookable_asset_id
    where r.booking_id in (${sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and a.has_oslonokkelen and r.status in ('UNPROCESSED', 'APPROVED')
    order by r.booking_id, lower(r.period), r.bookable_asset_id`,
  );
  return rows.map((r) => ({
    bookingId: Number(r.booking_id),
    bookableAssetId: Number(r.bookable_asset_id),
    from: new Date(r.starts).toISOString(),
    until: new Date(r.ends).toISOString(),
  }));
}

export interface KeyBookingState {
  bookingId: number;
  status: string;
  /** null without a contract requirement; signed when every CONTRACT requirement is fulfilled. */
  contractSigned: boolean | null;
}

/** Status and contract state of these bookings. Two queries. */
export async function loadKeyBookingStates(db: DbOrTx, bookingIds: readonly number[]): Promise<Map<number, KeyBookingState>> {
  if (bookingIds.length === 0) return new Map();
  const ids = [...bookingIds];
  const rows = await db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, ids));
  const contracts = await db
    .select({ bookingId: requirements.bookingId, isFulfilled: requirements.isFulfilled })
    .from(requirements)
    .where(and(inArray(requirements.bookingId, ids), eq(requirements.type, 'CONTRACT')));
  return new Map(
    rows.map((b) => {
      const own = contracts.filter((c) => c.bookingId === b.id);
      return [b.id, { bookingId: b.id, status: b.status, contractSigned: own.length === 0 ? null : own.every((c) => c.isFulfilled) }];
    }),
  );
}

/** The booking's shown (not DELETED) permission for this number, locked for the caller's transaction. */
export async function lockShownPermission(tx: Tx, bookingId: number, phoneNumber: string): Promise<PermissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(oslonokkelenPermissions)
    .where(
      and(
        eq(oslonokkelenPermissions.bookingId, bookingId),
        eq(oslonokkelenPermissions.phoneNumber, phoneNumber),
        ne(oslonokkelenPermissions.status, 'DELETED'),
      ),
    )
    .for('update');
  return row;
}
