import { and, asc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/outbox';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = Pick<typeof mailOutbox.$inferInsert, 'recipient' | 'subject' | 'body' | 'topic' | 'replyTo' | 'listUnsubscribe'>;

export async function insertOutboxRows(tx: DbOrTx, rows: readonly NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(mailOutbox).values([...rows]);
}

/** The contact address of the booking's location, read in the insert itself (null when it has none). */
export function locationContactOf(bookingId: number): SQL<string | null> {
  return sql<string | null>`(select l.contact_email from bookings b join locations l on l.id = b.location_id where b.id = ${bookingId})`;
}

const pending = () => and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), lte(mailOutbox.nextAttemptAt, sql`now()`));

/**
 * Claims up to `limit` due messages, oldest first, in one committed statement: counts the attempt
 * and puts the row off by `leaseSeconds`, so no other process takes it while this one sends, and a
 * process that dies mid-send leaves it to be picked up when the lease runs out. SKIP LOCKED: rows
 * another process is claiming right now are left to it.
 */
export async function claimDueMail(
  db: DbOrTx,
  options: { limit: number; leaseSeconds: number; maxAttempts: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(pending(), lt(mailOutbox.attempts, options.maxAttempts)))
    .orderBy(asc(mailOutbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${options.leaseSeconds} * interval '1 second'` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Records as failed the due messages that used up their attempts: the ones whose last claim ended
 * in a crash (no result was written), so a send that always kills the process stops being resent.
 */
export async function failExhaustedMail(db: DbOrTx, maxAttempts: number): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      failedAt: sql`now()`,
      lastError: sql`coalesce(${mailOutbox.lastError} || ' – ', '') || ${`gave up after ${maxAttempts} attempts`}`,
    })
    .where(and(pending(), gte(mailOutbox.attempts, maxAttempts)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** After the mail service accepted the message; a row marked once stays as it was. */
export async function markMailSent(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** A transient failure: tries again in `delayMinutes` (the attempt was counted by the claim). */
export async function postponeMail(db: DbOrTx, options: { id: number; lastError: string; delayMinutes: number }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: options.lastError, nextAttemptAt: sql`now() + ${options.delayMinutes} * interval '1 minute'` })
    .where(eq(mailOutbox.id, options.id));
}

/** A permanent failure, or the last attempt failed: never tried again. */
export async function markMailFailed(db: DbOrTx, options: { id: number; lastError: string }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ failedAt: sql`now()`, lastError: options.lastError })
    .where(eq(mailOutbox.id, options.id));
}

/** Hands back claimed rows this process did not get to (its batch ran long): due now, attempt uncounted. */
export async function releaseClaims(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(and(inArray(mailOutbox.id, [...ids]), isNull(mailOutbox.sentAt)));
}

/** Decision 054: messages sent or given up before `cutoff` (their recipient and text); how many went. */
export async function deleteFinishedMailBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(lt(sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.failedAt})`, cutoff))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
