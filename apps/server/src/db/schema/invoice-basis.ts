import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { invoiceBasisElements, invoiceBasisLineStatuses } from '@lokaler/domain/invoice-basis';
import { bookings } from './bookings';

export const invoiceBasisElementEnum = pgEnum('invoice_basis_element', invoiceBasisElements);
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
  },
  (t) => [
    index('invoice_basis_lines_booking').on(t.bookingId, t.id),
    check('invoice_basis_lines_period', sql`${t.period} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('invoice_basis_lines_invoiced', sql`(${t.status} = 'INVOICED') = (${t.invoicedAt} is not null)`),
  ],
);
