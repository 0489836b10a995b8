import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * E-mails waiting to be handed to the mail service. A state change writes its e-mail here in the same
 * transaction, so a message is never lost and never sent for a change that was rolled back; any
 * server process delivers them (FOR UPDATE SKIP LOCKED).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** What the message is about, for tests and support: { kind, bookingId, … } (no personal data). */
    topic: jsonb('topic').$type<{ kind: string; bookingId?: number; inquiryId?: number; alertIds?: number[] }>().notNull(),
    /** The Reply-To: the location's contact address for a booking's messages (decision 053). */
    replyTo: text('reply_to'),
    /** The List-Unsubscribe address (RFC 8058 one-click) of a message that can be stopped: the free-time alerts. */
    listUnsubscribe: text('list_unsubscribe'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the mail service refused the message for good (5xx) or it ran out of attempts: never retried. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending').on(t.sentAt, t.nextAttemptAt)],
);
