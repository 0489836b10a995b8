import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { invoiceChannels, invoiceKinds, type InvoiceDocumentLine, type InvoiceParty } from '@lokaler/domain/invoices';
import { bookings } from './bookings';
import { locations } from './locations';

export const invoiceKindEnum = pgEnum('invoice_kind', invoiceKinds);
export const invoiceChannelEnum = pgEnum('invoice_channel', invoiceChannels);

/** The city's invoice numbers (decision 071): one sequence, so a number (and its KID) is never given twice. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1, minValue: 1, maxValue: 999_999_999, increment: 1 });

/** A location's own invoicing switch (decision 071); no row is the default: off, 14 days. */
export const locationInvoiceSettings = pgTable(
  'location_invoice_settings',
  {
    locationId: integer('location_id')
      .primaryKey()
      .references(() => locations.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    paymentTermsDays: integer('payment_terms_days').notNull().default(14),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('location_invoice_settings_terms', sql`${t.paymentTermsDays} between 7 and 60`)],
);

/** One press of 'Send fakturaer' for a location and month (decision 071): its invoices, and the persons' one ERP file. */
export const invoiceRuns = pgTable(
  'invoice_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_runs_location').on(t.locationId, t.period)],
);

/**
 * An invoice or credit note as sent (decision 071): the document's every word is kept (buyer, lines,
 * total), so what the citizen downloads later is what was sent, whatever changes afterwards.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: integer('number')
      .notNull()
      .unique()
      .default(sql`nextval('invoice_number_seq')`),
    kind: invoiceKindEnum('kind').notNull(),
    channel: invoiceChannelEnum('channel').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM': the run's month. */
    period: text('period').notNull(),
    /** YYYY-MM-DD, Oslo's calendar. */
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    /** kidForInvoiceNumber(number). */
    kid: text('kid').notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    buyerReference: text('buyer_reference').notNull(),
    lines: jsonb('lines').$type<InvoiceDocumentLine[]>().notNull(),
    /** Positive on both kinds. */
    totalOre: integer('total_ore').notNull(),
    creditsInvoiceId: integer('credits_invoice_id').references((): AnyPgColumn => invoices.id),
    runId: uuid('run_id')
      .notNull()
      .references(() => invoiceRuns.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_booking').on(t.bookingId, t.id),
    index('invoices_location_period').on(t.locationId, t.period),
    index('invoices_run').on(t.runId),
    check('invoices_total', sql`${t.totalOre} > 0`),
    check('invoices_period', sql`${t.period} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

export const invoiceOutboxKindEnum = pgEnum('invoice_outbox_kind', invoiceChannels);

/**
 * Invoice documents waiting to be sent (decision 071), in the pattern of the archive outbox (decision
 * 056): one row per EHF document (its invoice) and one per run's ERP file (every person's invoice of the
 * run), written in the transaction that makes the invoices. The document is built from the stored
 * invoice when the row is sent; the message id is the same on every attempt, so a receiver takes a
 * resend as the same document. A refusal for good is FAILED (failed_at) with the receiver's words.
 */
export const invoiceOutbox = pgTable(
  'invoice_outbox',
  {
    id: serial('id').primaryKey(),
    kind: invoiceOutboxKindEnum('kind').notNull(),
    /** The EHF row's invoice; null on an ERP row. */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    runId: uuid('run_id')
      .notNull()
      .references(() => invoiceRuns.id),
    messageId: uuid('message_id').notNull().unique().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    receiptId: text('receipt_id'),
    lastError: text('last_error'),
  },
  (t) => [
    index('invoice_outbox_pending').on(t.sentAt, t.nextAttemptAt),
    index('invoice_outbox_invoice').on(t.invoiceId),
    index('invoice_outbox_run').on(t.runId),
    check('invoice_outbox_target', sql`(${t.kind} = 'EHF') = (${t.invoiceId} is not null)`),
  ],
);
