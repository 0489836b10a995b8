import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { bookingApprovals } from '../../db/schema/admin-decisions';
import { signedContracts } from '../../db/schema/after-application';
import { requirements } from '../../db/schema/bookings';

export type SignedContractRow = typeof signedContracts.$inferSelect;
export type RequirementRow = typeof requirements.$inferSelect;

export async function findSignedContract(db: DbOrTx, bookingId: number): Promise<SignedContractRow | undefined> {
  const [row] = await db.select().from(signedContracts).where(eq(signedContracts.bookingId, bookingId));
  return row;
}

export async function contractRequirements(db: DbOrTx, bookingId: number, options: { lock?: boolean } = {}): Promise<RequirementRow[]> {
  const query = db
    .select()
    .from(requirements)
    .where(and(eq(requirements.bookingId, bookingId), eq(requirements.type, 'CONTRACT')));
  return options.lock ? query.for('update') : query;
}

/** The terms of the current approval (cost, retroactive contract, supervision), if the booking has one. */
export async function findApprovalTerms(db: DbOrTx, bookingId: number) {
  const [row] = await db.select().from(bookingApprovals).where(eq(bookingApprovals.bookingId, bookingId));
  return row;
}

/** The locations the booking's rooms belong to (a contract covers exactly one). */
export async function roomLocationIds(db: DbOrTx, bookingId: number): Promise<number[]> {
  const rows = await queryRows<{ location_id: number }>(
    db,
    sql`
    select distinct a.location_id from reservations r join bookable_assets a on a.id = r.bookable_asset_id where r.booking_id = ${bookingId}`,
  );
  return rows.map((r) => Number(r.location_id));
}

/**
 * Marks the contract requirement signed, only if it is not signed yet (the row is locked by the
 * caller; the condition makes a second signature a no-op even without the lock). Answers whether it did.
 */
export async function fulfilContractRequirement(
  tx: Tx,
  requirementId: number,
  signer: { userId: number; name: string },
  at: Date,
): Promise<boolean> {
  const updated = await tx
    .update(requirements)
    .set({ isFulfilled: true, fulfilledByUserId: signer.userId, fulfilledByName: signer.name, fulfillmentTime: at })
    .where(and(eq(requirements.id, requirementId), eq(requirements.isFulfilled, false)))
    .returning({ id: requirements.id });
  return updated.length === 1;
}

export async function insertSignedContract(tx: Tx, row: typeof signedContracts.$inferInsert): Promise<void> {
  await tx.insert(signedContracts).values(row);
}
