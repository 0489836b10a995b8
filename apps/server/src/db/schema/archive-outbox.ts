import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';

/** Which journal post of the booking's case a message is (decision 056). */
export const archiveDocumentKinds = ['application', 'vedtak', 'contract'] as const;
export const archiveDocumentKindEnum = pgEnum('archive_document_kind', archiveDocumentKinds);

/**
 * Messages waiting to be handed to the city's archive (decision 056): one row per journal post of a
 * booking's case, written in the transaction of the change that causes it (the application, the
 * decision, the signed contract), so a post is never lost and never sent for a change rolled back.
 * The row names the booking and the kind only: the XML and the PDFs are made from stored data when
 * the row is sent. Any server process delivers them (FOR UPDATE SKIP LOCKED, a lease per claim), a
 * booking's rows in their order; a refused message is retried with back-off and never given up.
 */
export const archiveOutbox = pgTable(
  'archive_outbox',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: archiveDocumentKindEnum('kind').notNull(),
    /** The case number the portal shows: the case's external key in the archive. */
    caseNumber: text('case_number').notNull(),
    /** The booking's first message creates the case (saksmappe); the later ones add a journal post to it. */
    createsCase: boolean('creates_case').notNull(),
    /** The message's id, the same on every attempt: the local archive's folder and Fiks IO's klientMeldingId. */
    messageId: uuid('message_id').notNull().unique().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The archive's receipt for the message. */
    receiptId: text('receipt_id'),
    /** Why the last attempt failed, as the archive said it; kept after a later success for the log. */
    lastError: text('last_error'),
  },
  (t) => [index('archive_outbox_pending').on(t.sentAt, t.nextAttemptAt), index('archive_outbox_booking').on(t.bookingId, t.id)],
);
