import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/outbox';
import type { Mailer, MailMessage } from './mailer';

export interface OutboxMail extends MailMessage {
  topic: { kind: string; bookingId?: number; inquiryId?: number };
}

/** Queues e-mails in the caller's transaction; they are sent only if it commits. */
export async function enqueueMail(tx: DbOrTx, mails: OutboxMail | readonly OutboxMail[]): Promise<void> {
  const list = Array.isArray(mails) ? mails : [mails as OutboxMail];
  if (list.length === 0) return;
  await tx.insert(mailOutbox).values(list.map((m) => ({ recipient: m.to, subject: m.subject, body: m.text, topic: m.topic })));
}

/**
 * Sends up to `limit` due messages. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * processes can run this at once without sending a message twice. A failed send is retried with
 * exponential back-off (1 min, 2 min, 4 min … capped at 6 h).
 */
export async function deliverDueMail(db: Db, mailer: Mailer, limit = 20): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  await db.transaction(async (tx) => {
    const due = await tx.select().from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.id)).limit(limit).for('update', { skipLocked: true });
    const delivered: number[] = [];
    for (const row of due) {
      try {
        await mailer.send({ to: row.recipient, subject: row.subject, text: row.body });
        delivered.push(row.id);
        sent++;
      } catch (error) {
        failed++;
        const delayMinutes = Math.min(2 ** row.attempts, 360);
        await tx.update(mailOutbox).set({
          attempts: row.attempts + 1,
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
          nextAttemptAt: sql`now() + ${delayMinutes} * interval '1 minute'`,
        }).where(eq(mailOutbox.id, row.id));
      }
    }
    if (delivered.length) await tx.update(mailOutbox).set({ sentAt: sql`now()` }).where(inArray(mailOutbox.id, delivered));
  });
  return { sent, failed };
}
