import type { Db, DbOrTx } from '../../db/client';
import type { Mailer, MailMessage } from './mailer';
import { insertOutboxRows, lockDueMail, markMailSent, postponeMail } from './outbox-repository';
import { writeTransaction } from '../../db/write-transaction';

export interface OutboxMail extends MailMessage {
  topic: { kind: string; bookingId?: number; inquiryId?: number };
}

/** Queues e-mails in the caller's transaction; they are sent only if it commits. */
export async function enqueueMail(tx: DbOrTx, mails: OutboxMail | readonly OutboxMail[]): Promise<void> {
  const list = Array.isArray(mails) ? mails : [mails as OutboxMail];
  await insertOutboxRows(tx, list.map((m) => ({ recipient: m.to, subject: m.subject, body: m.text, topic: m.topic })));
}

/**
 * Sends up to `limit` due messages. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * processes can run this at once without sending a message twice. A failed send is retried with
 * exponential back-off (1 min, 2 min, 4 min … capped at 6 h).
 */
export async function deliverDueMail(db: Db, mailer: Mailer, limit = 20): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  // Not retried: the mailer is called inside, so a second run would send the batch again.
  await writeTransaction(db, async (tx) => {
    const due = await lockDueMail(tx, limit);
    const delivered: number[] = [];
    for (const row of due) {
      try {
        await mailer.send({ to: row.recipient, subject: row.subject, text: row.body });
        delivered.push(row.id);
        sent++;
      } catch (error) {
        failed++;
        await postponeMail(tx, {
          id: row.id,
          attempts: row.attempts + 1,
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
          delayMinutes: Math.min(2 ** row.attempts, 360),
        });
      }
    }
    await markMailSent(tx, delivered);
  }, { retry: false });
  return { sent, failed };
}

/**
 * Sends batches until nothing due is left (or the runner stops): a burst of messages does not wait
 * one job interval per batch of `limit`.
 */
export async function deliverAllDueMail(db: Db, mailer: Mailer, signal?: AbortSignal, limit = 20): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const batch = await deliverDueMail(db, mailer, limit);
    total.sent += batch.sent;
    total.failed += batch.failed;
    // A message that failed is put off, so every full batch moved the queue on.
    if (batch.sent + batch.failed < limit || signal?.aborted) return total;
  }
}
