import { SpanKind } from '@opentelemetry/api';
import type { Db, DbOrTx } from '../../db/client';
import { recordFailure, tracer } from '../../observability/tracer';
import { MailDeliveryError, type Mailer, type MailMessage } from './mailer';
import {
  claimDueMail,
  failExhaustedMail,
  insertOutboxRows,
  locationContactOf,
  markMailFailed,
  markMailSent,
  postponeMail,
  releaseClaims,
  type OutboxRow,
} from './outbox-repository';

export interface OutboxMail extends MailMessage {
  topic: { kind: string; bookingId?: number; inquiryId?: number; alertIds?: number[] };
}

/**
 * Queues e-mails in the caller's transaction; they are sent only if it commits. A message about a
 * booking answers to its location: Reply-To is the location's contact address unless the message
 * names one (decision 053).
 */
export async function enqueueMail(tx: DbOrTx, mails: OutboxMail | readonly OutboxMail[]): Promise<void> {
  const list = Array.isArray(mails) ? mails : [mails as OutboxMail];
  await insertOutboxRows(
    tx,
    list.map((m) => ({
      recipient: m.to,
      subject: m.subject,
      body: m.text,
      topic: m.topic,
      replyTo: m.replyTo ?? (m.topic.bookingId === undefined ? null : locationContactOf(m.topic.bookingId)),
      listUnsubscribe: m.listUnsubscribe ?? null,
    })),
  );
}

/**
 * How long a claimed row is left alone (default; MAIL_CLAIM_LEASE_SECONDS): far above the SMTP adapter's
 * timeouts for one message. It is also how long the rows of a process that died wait for another one.
 */
export const CLAIM_LEASE_SECONDS = 600;
/** Attempts before a message that keeps failing (or keeps crashing its sender) is given up. */
export const MAX_ATTEMPTS = 10;
const DEFAULT_FROM = 'Lokaler <ikke-svar@lokaler.oslo.kommune.no>';

export interface DeliveryOptions {
  /** The sender, e.g. config.mail.from. */
  from?: string;
  limit?: number;
  /** The claim's lease (config.mail.claimLeaseSeconds); CLAIM_LEASE_SECONDS when not given. */
  leaseSeconds?: number;
  signal?: AbortSignal | undefined;
  /** Told of each failed attempt and each message given up (observability/mail-delivery-events.ts logs and counts them). */
  events?: DeliveryEvents | undefined;
}

/** A failed attempt, described without the address or the content: the outbox id stands for the message. */
export interface MailFailure {
  outboxId: number;
  /** 1 for the first attempt. */
  attempt: number;
  /** The relay's reason (SMTP code and text) or the connection error. */
  reason: string;
  permanent: boolean;
  /** Minutes until the next attempt; null when the message was given up. */
  retryInMinutes: number | null;
}

export interface DeliveryEvents {
  failed(failure: MailFailure): void;
  /** Messages given up because their last attempts ended without a result (their sender died each time). */
  exhausted(count: number): void;
}

/**
 * The row's Message-ID: the same on every attempt, so a message sent again after a crash carries
 * the id of the first one and a relay or mail program can recognise the duplicate.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'createdAt'>, from: string): string {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'lokaler.invalid';
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`;
}

/**
 * Sends up to `limit` due messages. Delivery is at least once, never endlessly:
 * - a row is claimed (attempt counted, leased for CLAIM_LEASE_SECONDS) in its own committed
 *   statement with SKIP LOCKED, so any number of processes run this at once without sending a
 *   message twice, and no transaction or row lock is held while talking to the mail service;
 * - it is marked sent only after the service accepted it;
 * - a transient failure (4xx, connection) is retried with back-off (1, 2, 4 … 256 min);
 *   a permanent one (5xx) is recorded failed at once, and so is the MAX_ATTEMPTS-th failure;
 * - a process that dies between "accepted" and "marked" leaves the row claimed; after the lease
 *   it is sent again (the one duplicate at-least-once allows, with the same Message-ID), and since
 *   every claim counts an attempt, a crash that repeats is given up after MAX_ATTEMPTS.
 * Exactly once would need the relay to take part in our transaction, which SMTP cannot; a receiving
 * service that deduplicates by Message-ID (the local one, LocalMailer) turns the resend into exactly
 * once in the mailbox (decision 017).
 */
export async function deliverDueMail(db: Db, mailer: Mailer, options: DeliveryOptions = {}): Promise<{ sent: number; failed: number }> {
  const from = options.from ?? DEFAULT_FROM;
  let sent = 0;
  let failed = 0;
  const exhausted = await failExhaustedMail(db, MAX_ATTEMPTS);
  if (exhausted > 0) options.events?.exhausted(exhausted);
  const leaseSeconds = options.leaseSeconds ?? CLAIM_LEASE_SECONDS;
  const claimed = await claimDueMail(db, { limit: options.limit ?? 20, leaseSeconds, maxAttempts: MAX_ATTEMPTS });
  const claimedAt = Date.now();
  for (const [index, row] of claimed.entries()) {
    // Hand back what is left rather than let a slow relay run past the lease (another process
    // would then send those rows too) or keep a stopping process busy.
    if (options.signal?.aborted || Date.now() - claimedAt > (leaseSeconds * 1000) / 2) {
      await releaseClaims(
        db,
        claimed.slice(index).map((r) => r.id),
      );
      break;
    }
    try {
      await sendInSpan(mailer, row, from);
    } catch (error) {
      failed++;
      const lastError = (error instanceof Error ? error.message : 'send failed').slice(0, 500);
      const permanent = error instanceof MailDeliveryError && error.permanent;
      const retryInMinutes = permanent || row.attempts >= MAX_ATTEMPTS ? null : 2 ** (row.attempts - 1);
      if (retryInMinutes === null) await markMailFailed(db, { id: row.id, lastError });
      else await postponeMail(db, { id: row.id, lastError, delayMinutes: retryInMinutes });
      options.events?.failed({ outboxId: row.id, attempt: row.attempts, reason: lastError, permanent, retryInMinutes });
      continue;
    }
    await markMailSent(db, row.id);
    sent++;
  }
  return { sent, failed };
}

/** One hand-over to the mail service, as a client span (the SMTP client has no instrumentation of its own). */
function sendInSpan(mailer: Mailer, row: OutboxRow, from: string): Promise<void> {
  const attributes = { 'lokaler.outbox.id': row.id, 'lokaler.outbox.attempt': row.attempts };
  return tracer.startActiveSpan('mail send', { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        from,
        messageId: outboxMessageId(row, from),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.listUnsubscribe ? { listUnsubscribe: row.listUnsubscribe } : {}),
      });
    } catch (error) {
      recordFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Sends batches until nothing due is left (or the runner stops): a burst of messages does not wait
 * one job interval per batch of `limit`.
 */
export async function deliverAllDueMail(db: Db, mailer: Mailer, options: DeliveryOptions = {}): Promise<{ sent: number; failed: number }> {
  const limit = options.limit ?? 20;
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const batch = await deliverDueMail(db, mailer, { ...options, limit });
    total.sent += batch.sent;
    total.failed += batch.failed;
    // Every claimed row was sent, put off or failed, so every full batch moved the queue on.
    if (batch.sent + batch.failed < limit || options.signal?.aborted) return total;
  }
}
