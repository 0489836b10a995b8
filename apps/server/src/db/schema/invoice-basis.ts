import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { invoiceBasisLineStatuses, storedInvoiceElements } from '@lokaler/domain/invoice-basis';
import { bookings } from './bookings';
import { invoices } from './invoices';

export const invoiceBasisElementEnum = pgEnum('invoice_basis_element', storedInvoiceElements);
export const invoiceBasisLineStatusEnum = pgEnum('invoice_basis_line_status', invoiceBasisLineStatuses);
export const invoiceBasisLineKindEnum = pgEnum('invoice_basis_line_kind', ['DEBIT', 'CREDIT']);

/**
 * A booking's invoice basis (decision 058): one row per price element, month and unit price that is
 * owed (a debit) or given back (a credit), written by the bookings writer's after-change step in the
 * transaction of the change. An OPEN row is replaced while the times change; an INVOICED row is never
 * changed again, so a later change of what is owed becomes a new row beside it.
 */
export const invoiceBasisLines = pgTable(
  'invoice_basis_lines',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    element: invoiceBasisElementEnum('element').notNull(),
    /** 'YYYY-MM' */
    period: text('period').notNull(),
    /** Minutes for hour elements, pieces otherwise; negative in a credit. */
    quantity: integer('quantity').notNull(),
    unitPriceOre: integer('unit_price_ore').notNull(),
    amountOre: integer('amount_ore').notNull(),
    kind: invoiceBasisLineKindEnum('kind').notNull(),
    status: invoiceBasisLineStatusEnum('status').notNull().default('OPEN'),
    /** The reservations the line covers, each with its date when the line was written. */
    covers: jsonb('covers').$type<{ reservationId: number; date: string }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    /** The invoice or credit note the line went on (decision 071); null while OPEN (and on lines marked by the tests of decision 058). */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    /** Added by an administrator with a reason (JUSTERING, EKSTRA_RENHOLD): the reconciliation never reads or deletes it. */
    manual: boolean('manual').notNull().default(false),
    reason: text('reason'),
    authorUserId: integer('author_user_id'),
    authorName: text('author_name'),
  },
  (t) => [
    index('invoice_basis_lines_booking').on(t.bookingId, t.id),
    check('invoice_basis_lines_period', sql`${t.period} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('invoice_basis_lines_invoiced', sql`(${t.status} = 'INVOICED') = (${t.invoicedAt} is not null)`),
    check('invoice_basis_lines_manual', sql`${t.manual} = (${t.reason} is not null)`),
    index('invoice_basis_lines_invoice').on(t.invoiceId),
  ],
);

/**
 * A hold on a booking's lines of one element and month (decision 071): keyed by what the lines are
 * about, not by a line, so it holds the reconciliation's replacement of an OPEN line too.
 */
export const invoiceHolds = pgTable(
  'invoice_holds',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    element: invoiceBasisElementEnum('element').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('invoice_holds_key').on(t.bookingId, t.period, t.element)],
);
