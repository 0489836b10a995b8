import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema/outbox';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = Pick<typeof mailOutbox.$inferInsert, 'recipient' | 'subject' | 'body' | 'topic'>;

export async function insertOutboxRows(tx: DbOrTx, rows: readonly NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(mailOutbox).values([...rows]);
}

/**
 * Locks up to `limit` unsent messages that are due, oldest first, for the caller's transaction.
 * SKIP LOCKED: a message another process is sending right now is left to it, never sent twice.
 */
export async function lockDueMail(tx: Tx, limit: number): Promise<OutboxRow[]> {
  return tx.select().from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id)).limit(limit).for('update', { skipLocked: true });
}

export async function markMailSent(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(mailOutbox).set({ sentAt: sql`now()` }).where(inArray(mailOutbox.id, [...ids]));
}

/** Counts a failed send and puts the message off for `delayMinutes`. */
export async function postponeMail(tx: Tx, options: { id: number; attempts: number; lastError: string; delayMinutes: number }): Promise<void> {
  await tx.update(mailOutbox).set({
    attempts: options.attempts,
    lastError: options.lastError,
    nextAttemptAt: sql`now() + ${options.delayMinutes} * interval '1 minute'`,
  }).where(eq(mailOutbox.id, options.id));
}
