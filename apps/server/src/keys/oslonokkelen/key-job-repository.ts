import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { oslonokkelenPermissions, oslonokkelenRevocations } from '../../db/schema/after-application';
import type { PermissionRow } from './repository';

export type RevocationRow = typeof oslonokkelenRevocations.$inferSelect;

/** Locks up to `limit` due withdrawals, oldest first; SKIP LOCKED leaves those another process holds to it. */
export async function lockDueRevocations(tx: Tx, limit: number): Promise<RevocationRow[]> {
  return tx
    .select()
    .from(oslonokkelenRevocations)
    .where(and(isNull(oslonokkelenRevocations.doneAt), lte(oslonokkelenRevocations.nextAttemptAt, sql`now()`)))
    .orderBy(asc(oslonokkelenRevocations.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function updateRevocation(
  tx: DbOrTx,
  grantId: string,
  fields: Partial<Pick<RevocationRow, 'attempts' | 'nextAttemptAt' | 'doneAt'>>,
): Promise<void> {
  await tx.update(oslonokkelenRevocations).set(fields).where(eq(oslonokkelenRevocations.grantId, grantId));
}

/** Puts these withdrawals off until `until` (the lease of the run that took them). */
export async function leaseRevocations(tx: Tx, grantIds: readonly string[], until: Date): Promise<void> {
  if (grantIds.length === 0) return;
  await tx
    .update(oslonokkelenRevocations)
    .set({ nextAttemptAt: until })
    .where(inArray(oslonokkelenRevocations.grantId, [...grantIds]));
}

/** Locks up to `limit` numbers that wait for a push and are due; SKIP LOCKED as above. */
export async function lockDuePushes(tx: Tx, limit: number): Promise<PermissionRow[]> {
  return tx
    .select()
    .from(oslonokkelenPermissions)
    .where(and(eq(oslonokkelenPermissions.status, 'NOT_REQUESTED'), lte(oslonokkelenPermissions.nextAttemptAt, sql`now()`)))
    .orderBy(asc(oslonokkelenPermissions.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** One number, locked for the caller's transaction (waits for a run that holds it). */
export async function lockPermission(tx: Tx, id: number): Promise<PermissionRow | undefined> {
  const [row] = await tx.select().from(oslonokkelenPermissions).where(eq(oslonokkelenPermissions.id, id)).for('update');
  return row;
}

/** Up to `limit` pushed numbers whose grant's state is due to be asked for. */
export async function listDuePushedGrants(db: DbOrTx, limit: number): Promise<PermissionRow[]> {
  return db
    .select()
    .from(oslonokkelenPermissions)
    .where(and(eq(oslonokkelenPermissions.status, 'PUSHED_BUT_STATUS_UNKNOWN'), lte(oslonokkelenPermissions.nextAttemptAt, sql`now()`)))
    .orderBy(asc(oslonokkelenPermissions.nextAttemptAt))
    .limit(limit);
}

/**
 * Takes over the service's answer for a number only if it still waits for this very grant (a change
 * in between wins). Returns whether it did.
 */
export async function settlePushedPermission(
  tx: Tx,
  permission: { id: number; grantId: string },
  fields: Partial<Pick<PermissionRow, 'status' | 'grantId' | 'grantedTimesHash' | 'grantGeneration' | 'nextAttemptAt'>>,
): Promise<boolean> {
  const updated = await tx
    .update(oslonokkelenPermissions)
    .set({ ...fields, updatedAt: new Date() })
    .where(
      and(
        eq(oslonokkelenPermissions.id, permission.id),
        eq(oslonokkelenPermissions.status, 'PUSHED_BUT_STATUS_UNKNOWN'),
        eq(oslonokkelenPermissions.grantId, permission.grantId),
      ),
    )
    .returning({ id: oslonokkelenPermissions.id });
  return updated.length > 0;
}
