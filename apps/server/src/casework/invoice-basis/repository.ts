import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { BookingDurationType, CostCategory } from '@lokaler/domain/booking';
import type { InvoiceBasisElement, NewLine, RecordedLine } from '@lokaler/domain/invoice-basis';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import type { DbOrTx, Tx } from '../../db/client';
import { bookingApprovals, selvkostPrices } from '../../db/schema/admin-decisions';
import { bookings } from '../../db/schema/bookings';
import { invoiceBasisLines } from '../../db/schema/invoice-basis';

export type InvoiceBasisRow = typeof invoiceBasisLines.$inferSelect;

export interface PricingFacts {
  durationType: BookingDurationType;
  /** The approval's category, else the booking's (an administrator's own booking has no approval row). */
  costCategory: CostCategory | null;
  marketPriceOre: number | null;
  costBasedPrices: CostBasedPrices | null;
  hasTilsynsvakt: boolean;
  tilsynsvaktWeekdays: DayOfWeek[];
  /** Whether the booking has any invoice basis line: one without a price and without lines needs no more reads. */
  hasLines: boolean;
}

/** The booking's approved terms, read as the reimbursement report reads them (approval first, then the booking). */
export async function findPricingFacts(db: DbOrTx, bookingId: number): Promise<PricingFacts | undefined> {
  const [row] = await db
    .select({
      durationType: bookings.durationType,
      bookingCategory: bookings.costCategory,
      bookingMarketPrice: bookings.marketPriceOre,
      approvalCategory: bookingApprovals.costCategory,
      approvalMarketPrice: bookingApprovals.marketPriceOre,
      costBasedPrices: bookingApprovals.costBasedPrices,
      locationPrices: selvkostPrices,
      hasTilsynsvakt: bookingApprovals.hasTilsynsvakt,
      tilsynsvaktWeekdays: bookingApprovals.tilsynsvaktWeekdays,
      hasLines: sql<boolean>`exists (select 1 from ${invoiceBasisLines} where ${invoiceBasisLines.bookingId} = ${bookings.id})`,
    })
    .from(bookings)
    .leftJoin(bookingApprovals, eq(bookingApprovals.bookingId, bookings.id))
    .leftJoin(selvkostPrices, eq(selvkostPrices.locationId, bookings.locationId))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const l = row.locationPrices;
  return {
    durationType: row.durationType,
    costCategory: row.approvalCategory ?? row.bookingCategory,
    marketPriceOre: row.approvalMarketPrice ?? row.bookingMarketPrice,
    // A cost-based approval without its own price list (a round's decision, the demo data) is priced by
    // the location's list, as its contract states it and the reimbursement report prices it (decisions 063, 071).
    costBasedPrices:
      row.costBasedPrices ??
      (l
        ? {
            lokalkategori1: l.lokalkategori1Ore,
            lokalkategori2: l.lokalkategori2Ore,
            lokalkategori3: l.lokalkategori3Ore,
            etableringSemesterlan: l.etableringSemesterlanOre,
            etableringEngangsutleie: l.etableringEngangsutleieOre,
            timeTilsynsvakt: l.timeTilsynsvaktOre,
            timeEkstraRenhold: l.timeEkstraRenholdOre,
          }
        : null),
    hasTilsynsvakt: row.hasTilsynsvakt ?? false,
    tilsynsvaktWeekdays: row.tilsynsvaktWeekdays ?? [],
    hasLines: row.hasLines,
  };
}

/** The approved, priced bookings (COST or MARKET): the demo data's, whose basis the seed writes after them. */
export async function findPricedBookingIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .leftJoin(bookingApprovals, eq(bookingApprovals.bookingId, bookings.id))
    .where(
      sql`${bookings.status} = 'APPROVED' and coalesce(${bookingApprovals.costCategory}, ${bookings.costCategory}) in ('COST', 'MARKET')`,
    )
    .orderBy(asc(bookings.id));
  return rows.map((r) => r.id);
}

export async function listInvoiceBasisLines(db: DbOrTx, bookingId: number): Promise<InvoiceBasisRow[]> {
  return db.select().from(invoiceBasisLines).where(eq(invoiceBasisLines.bookingId, bookingId)).orderBy(asc(invoiceBasisLines.id));
}

/** The lines the reconciliation compares: the contract's, never an administrator's manual line (decision 071). */
export async function listDerivedLines(db: DbOrTx, bookingId: number): Promise<RecordedLine[]> {
  const rows = await db
    .select()
    .from(invoiceBasisLines)
    .where(and(eq(invoiceBasisLines.bookingId, bookingId), eq(invoiceBasisLines.manual, false)))
    .orderBy(asc(invoiceBasisLines.id));
  return rows.map(asRecordedLine);
}

function asRecordedLine(row: InvoiceBasisRow): RecordedLine {
  if (row.manual) throw new Error(`invoice basis line ${row.id} is manual: the reconciliation never reads it`);
  return {
    id: row.id,
    element: row.element as InvoiceBasisElement,
    period: row.period,
    unitPriceOre: row.unitPriceOre,
    quantity: row.quantity,
    amountOre: row.amountOre,
    status: row.status,
    covers: row.covers,
  };
}

/** Deletes OPEN derived lines only: an invoiced line, and an administrator's manual line, stay whatever the caller asks. */
export async function deleteOpenLines(tx: Tx, bookingId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(invoiceBasisLines)
    .where(
      and(
        eq(invoiceBasisLines.bookingId, bookingId),
        eq(invoiceBasisLines.status, 'OPEN'),
        eq(invoiceBasisLines.manual, false),
        inArray(invoiceBasisLines.id, [...ids]),
      ),
    );
}

export async function insertLines(tx: Tx, bookingId: number, lines: readonly NewLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(invoiceBasisLines).values(lines.map((l) => ({ ...l, bookingId })));
}

/**
 * Marks the booking's OPEN lines as invoiced without an invoice: the tests of decision 058 use it to
 * reach the credit path (the invoice run marks its lines with their invoice, decision 071). Returns how many lines it marked.
 */
export async function markLinesInvoiced(db: DbOrTx, bookingId: number, at: Date): Promise<number> {
  const marked = await db
    .update(invoiceBasisLines)
    .set({ status: 'INVOICED', invoicedAt: at })
    .where(and(eq(invoiceBasisLines.bookingId, bookingId), eq(invoiceBasisLines.status, 'OPEN')))
    .returning({ id: invoiceBasisLines.id });
  return marked.length;
}
