import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { InvoiceBasisElement } from '@lokaler/domain/invoice-basis';
import type { InvoiceSettings } from '@lokaler/domain/invoices';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { bookingApprovals } from '../../db/schema/admin-decisions';
import { bookings } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { invoiceBasisLines, invoiceHolds } from '../../db/schema/invoice-basis';
import { invoices, locationInvoiceSettings } from '../../db/schema/invoices';
import { locations } from '../../db/schema/locations';

/** The basis's reads and writes for invoicing (decision 071): settings, the month's lines and holds, manual lines. */

export const DEFAULT_INVOICE_SETTINGS: InvoiceSettings = { enabled: false, paymentTermsDays: 14 };

export async function findInvoiceLocation(
  db: DbOrTx,
  locationId: number,
): Promise<{ id: number; name: string; requireCostCategory: boolean; settings: InvoiceSettings } | undefined> {
  const [row] = await db
    .select({
      id: locations.id,
      name: locations.name,
      requireCostCategory: locations.requireCostCategory,
      enabled: locationInvoiceSettings.enabled,
      paymentTermsDays: locationInvoiceSettings.paymentTermsDays,
    })
    .from(locations)
    .leftJoin(locationInvoiceSettings, eq(locationInvoiceSettings.locationId, locations.id))
    .where(eq(locations.id, locationId));
  if (!row) return undefined;
  const settings =
    row.enabled === null || row.paymentTermsDays === null
      ? DEFAULT_INVOICE_SETTINGS
      : { enabled: row.enabled, paymentTermsDays: row.paymentTermsDays };
  return { id: row.id, name: row.name, requireCostCategory: row.requireCostCategory, settings };
}

export async function upsertInvoiceSettings(db: DbOrTx, locationId: number, settings: InvoiceSettings): Promise<void> {
  await db
    .insert(locationInvoiceSettings)
    .values({ locationId, ...settings })
    .onConflictDoUpdate({ target: locationInvoiceSettings.locationId, set: { ...settings, updatedAt: sql`now()` } });
}

/**
 * The run's lock per location (decision 071): the location's settings row, made if missing and locked
 * for the rest of the transaction, so two runs of one location go one after the other.
 */
export async function lockInvoiceRun(tx: Tx, locationId: number): Promise<void> {
  await tx.insert(locationInvoiceSettings).values({ locationId }).onConflictDoNothing();
  await tx
    .select({ id: locationInvoiceSettings.locationId })
    .from(locationInvoiceSettings)
    .where(eq(locationInvoiceSettings.locationId, locationId))
    .for('update');
}

/** The bookings' row locks in id order (the lock order of the bookings writer): no reconciliation changes their lines meanwhile. */
export async function lockBookingsForRun(tx: Tx, bookingIds: readonly number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]))
    .orderBy(asc(bookings.id))
    .for('update');
}

export interface InvoicingBookingFacts {
  bookingId: number;
  caseNumber: string;
  status: string;
  purpose: string;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  organizationNumber: string | null;
  organizationName: string | null;
  onBehalfOfName: string | null;
  onBehalfOfEmail: string | null;
  contactEmail: string | null;
  costCategory: string | null;
}

const bookingFacts = {
  bookingId: bookings.id,
  caseNumber: bookings.caseNumber,
  status: bookings.status,
  purpose: bookings.purpose,
  userId: bookings.userId,
  userName: users.name,
  userEmail: users.email,
  organizationNumber: bookings.organizationNumber,
  organizationName: bookings.organizationName,
  onBehalfOfName: bookings.onBehalfOfName,
  onBehalfOfEmail: bookings.onBehalfOfEmail,
  contactEmail: sql<string | null>`nullif(${bookings.formAnswers}->>'contactEmail', '')`,
  costCategory: sql<string | null>`coalesce(${bookingApprovals.costCategory}::text, ${bookings.costCategory}::text)`,
};

export async function loadBookingFacts(db: DbOrTx, bookingIds: readonly number[]): Promise<InvoicingBookingFacts[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select(bookingFacts)
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(bookingApprovals, eq(bookingApprovals.bookingId, bookings.id))
    .where(inArray(bookings.id, [...bookingIds]))
    .orderBy(asc(bookings.id));
}

/**
 * The location's approved loans with approved time in the month and no cost category: where the location
 * requires one, the run cannot invoice them (the approval's rule, decision 044), and the page says why.
 */
export async function findUncategorisedLoans(db: DbOrTx, locationId: number, period: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select b.id from bookings b
    left join booking_approvals a on a.booking_id = b.id
    where b.location_id = ${locationId} and b.status = 'APPROVED'
      and b.purpose in ('PUBLICUSER_LOAN', 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN')
      and coalesce(a.cost_category, b.cost_category) is null
      and exists (select 1 from reservations r where r.booking_id = b.id and r.status = 'APPROVED' and to_char(r.date, 'YYYY-MM') = ${period})
    order by b.id`,
  );
  return rows.map((r) => Number(r.id));
}

export type BasisLineRow = typeof invoiceBasisLines.$inferSelect & { invoiceNumber: number | null };

/** The location's lines of the month, and its OPEN lines of earlier months (the run takes them along, decision 071). */
export async function loadPeriodLines(
  db: DbOrTx,
  locationId: number,
  period: string,
  bookingIds?: readonly number[],
): Promise<BasisLineRow[]> {
  const rows = await db
    .select({ line: invoiceBasisLines, invoiceNumber: invoices.number })
    .from(invoiceBasisLines)
    .innerJoin(bookings, eq(bookings.id, invoiceBasisLines.bookingId))
    .leftJoin(invoices, eq(invoices.id, invoiceBasisLines.invoiceId))
    .where(
      and(
        eq(bookings.locationId, locationId),
        bookingIds ? inArray(invoiceBasisLines.bookingId, [...bookingIds]) : undefined,
        or(eq(invoiceBasisLines.period, period), and(lte(invoiceBasisLines.period, period), eq(invoiceBasisLines.status, 'OPEN'))),
      ),
    )
    .orderBy(asc(invoiceBasisLines.bookingId), asc(invoiceBasisLines.period), asc(invoiceBasisLines.id));
  return rows.map((r) => ({ ...r.line, invoiceNumber: r.invoiceNumber }));
}

export type HoldRow = typeof invoiceHolds.$inferSelect;

export async function loadHolds(db: DbOrTx, bookingIds: readonly number[]): Promise<HoldRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(invoiceHolds)
    .where(inArray(invoiceHolds.bookingId, [...bookingIds]));
}

export async function findHold(db: DbOrTx, key: { bookingId: number; period: string; element: string }): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceHolds)
    .where(
      and(
        eq(invoiceHolds.bookingId, key.bookingId),
        eq(invoiceHolds.period, key.period),
        eq(invoiceHolds.element, key.element as InvoiceBasisElement),
      ),
    );
  return row;
}

/** Holds the booking's lines of one element and month; a second hold of the same key changes the reason. */
export async function upsertHold(
  tx: Tx,
  hold: { bookingId: number; period: string; element: string; reason: string; userId: number; userName: string },
): Promise<void> {
  const values = { ...hold, element: hold.element as InvoiceBasisElement };
  await tx
    .insert(invoiceHolds)
    .values(values)
    .onConflictDoUpdate({
      target: [invoiceHolds.bookingId, invoiceHolds.period, invoiceHolds.element],
      set: { reason: hold.reason, userId: hold.userId, userName: hold.userName, createdAt: sql`now()` },
    });
}

export async function deleteHold(tx: Tx, key: { bookingId: number; period: string; element: string }): Promise<boolean> {
  const deleted = await tx
    .delete(invoiceHolds)
    .where(
      and(
        eq(invoiceHolds.bookingId, key.bookingId),
        eq(invoiceHolds.period, key.period),
        eq(invoiceHolds.element, key.element as InvoiceBasisElement),
      ),
    )
    .returning({ id: invoiceHolds.id });
  return deleted.length > 0;
}

/** An administrator's line (decision 071): one piece at the amount, OPEN, with its reason and author. */
export async function insertManualLine(
  tx: Tx,
  line: {
    bookingId: number;
    period: string;
    element: 'JUSTERING' | 'EKSTRA_RENHOLD';
    amountOre: number;
    reason: string;
    userId: number;
    userName: string;
  },
): Promise<number> {
  const sign = Math.sign(line.amountOre);
  const [row] = await tx
    .insert(invoiceBasisLines)
    .values({
      bookingId: line.bookingId,
      element: line.element,
      period: line.period,
      quantity: sign,
      unitPriceOre: Math.abs(line.amountOre),
      amountOre: line.amountOre,
      kind: sign < 0 ? 'CREDIT' : 'DEBIT',
      covers: [],
      manual: true,
      reason: line.reason,
      authorUserId: line.userId,
      authorName: line.userName,
    })
    .returning({ id: invoiceBasisLines.id });
  return row!.id;
}
