import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { claimTokens } from '../../db/schema/after-application';
import { bookings } from '../../db/schema/bookings';
import { updateBookingDetails } from '../bookings';

export type ClaimTokenRow = typeof claimTokens.$inferSelect;
export type NewClaimToken = Pick<typeof claimTokens.$inferInsert, 'tokenHash' | 'bookingId' | 'createdAt' | 'expiresAt'>;

export async function insertClaimToken(db: DbOrTx, row: NewClaimToken): Promise<void> {
  await db.insert(claimTokens).values(row);
}

/** The claim with this token hash, locked for the rest of the transaction. */
export async function lockClaimToken(tx: Tx, tokenHash: string): Promise<ClaimTokenRow | undefined> {
  const [row] = await tx.select().from(claimTokens).where(eq(claimTokens.tokenHash, tokenHash)).for('update');
  return row;
}

/** The booking's owner, locked for the rest of the transaction (undefined when it does not exist). */
export async function lockBookingOwner(tx: Tx, bookingId: number): Promise<{ id: number; userId: number | null } | undefined> {
  const [row] = await tx
    .select({ id: bookings.id, userId: bookings.userId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  return row;
}

export interface NewOwner {
  userId: number;
  organizationNumber: string | null;
  organizationName: string | null;
}

/** The booking becomes the owner's and the token is marked as used by them, at `now`. */
export async function assignBookingToClaimer(
  tx: Tx,
  claim: Pick<ClaimTokenRow, 'tokenHash' | 'bookingId'>,
  owner: NewOwner,
  now: Date,
): Promise<void> {
  await updateBookingDetails(tx, claim.bookingId, owner, now);
  await tx.update(claimTokens).set({ claimedAt: now, claimedByUserId: owner.userId }).where(eq(claimTokens.tokenHash, claim.tokenHash));
}
