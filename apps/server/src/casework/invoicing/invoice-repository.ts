import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceChannel, InvoiceDocumentLine, InvoiceKind, InvoiceParty } from '@lokaler/domain/invoices';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { invoiceBasisLines } from '../../db/schema/invoice-basis';
import { invoiceOutbox, invoiceRuns, invoices } from '../../db/schema/invoices';
import { locations } from '../../db/schema/locations';

/** The invoices' reads and writes (decision 071): the run's batch, the documents, the summary, the citizen's list. */

export async function insertRun(
  tx: Tx,
  run: { locationId: number; period: string; userId: number; userName: string },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx.insert(invoiceRuns).values(run).returning({ id: invoiceRuns.id, createdAt: invoiceRuns.createdAt });
  return row!;
}

/** `count` invoice numbers from the city's sequence, in order. */
export async function nextInvoiceNumbers(tx: Tx, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ n: number }>(tx, sql`select nextval('invoice_number_seq')::int as n from generate_series(1, ${count})`);
  return rows.map((r) => Number(r.n)).sort((a, b) => a - b);
}

export interface NewInvoice {
  number: number;
  kind: InvoiceKind;
  channel: InvoiceChannel;
  bookingId: number;
  locationId: number;
  period: string;
  issueDate: string;
  dueDate: string;
  kid: string;
  buyer: InvoiceParty;
  buyerReference: string;
  lines: InvoiceDocumentLine[];
  totalOre: number;
  creditsInvoiceId: number | null;
  runId: string;
  /** The basis lines it bills. */
  lineIds: number[];
}

/**
 * The run's invoices in a fixed number of statements (decision 071): the invoices, their lines marked
 * INVOICED with the invoice (only lines still OPEN: the count is checked), and the outbox's rows (one per
 * EHF document, one ERP file for the run's persons). Throws when a line was no longer OPEN, so the
 * transaction rolls back and nothing is billed twice.
 */
export async function insertInvoices(tx: Tx, batch: readonly NewInvoice[], runId: string): Promise<{ id: number; number: number }[]> {
  if (batch.length === 0) return [];
  const made = await tx
    .insert(invoices)
    .values(batch.map(({ lineIds: _lines, ...invoice }) => invoice))
    .returning({ id: invoices.id, number: invoices.number });
  const idOf = new Map(made.map((m) => [m.number, m.id]));
  const pairs = batch.flatMap((b) => b.lineIds.map((lineId) => ({ line_id: lineId, invoice_id: idOf.get(b.number)! })));
  const marked = await queryRows<{ id: number }>(
    tx,
    sql`
    update invoice_basis_lines l set status = 'INVOICED', invoiced_at = now(), invoice_id = v.invoice_id
    from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(line_id int, invoice_id int)
    where l.id = v.line_id and l.status = 'OPEN'
    returning l.id`,
  );
  if (marked.length !== pairs.length) throw new Error(`invoice run: ${pairs.length - marked.length} lines were no longer open`);
  const ehf = batch.filter((b) => b.channel === 'EHF');
  const outbox = [
    ...ehf.map((b) => ({ kind: 'EHF' as const, invoiceId: idOf.get(b.number)!, runId })),
    ...(batch.some((b) => b.channel === 'ERP') ? [{ kind: 'ERP' as const, invoiceId: null, runId }] : []),
  ];
  if (outbox.length > 0) await tx.insert(invoiceOutbox).values(outbox);
  return made;
}

/** Each booking's latest invoice (not credit note), for a credit note to name. */
export async function latestInvoices(db: DbOrTx, bookingIds: readonly number[]): Promise<Map<number, { id: number; number: number }>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: invoices.bookingId, id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(inArray(invoices.bookingId, [...bookingIds]), eq(invoices.kind, 'INVOICE')))
    .orderBy(asc(invoices.id));
  return new Map(rows.map((r) => [r.bookingId, { id: r.id, number: r.number }]));
}

const credited = alias(invoices, 'credited');

/** Where an invoice's document stands: its EHF row, or its run's ERP file. */
const deliveryOf = sql<'QUEUED' | 'SENT' | 'FAILED'>`(
  select case when o.sent_at is not null then 'SENT' when o.failed_at is not null then 'FAILED' else 'QUEUED' end
  from invoice_outbox o
  where (o.kind = 'EHF' and o.invoice_id = ${invoices.id}) or (o.kind = 'ERP' and ${invoices.channel} = 'ERP' and o.run_id = ${invoices.runId})
  order by o.id limit 1)`;

/** What is given back of an invoice by the credit notes that name it. */
const creditedOre = sql<number>`(select coalesce(sum(c.total_ore), 0)::int from invoices c where c.credits_invoice_id = ${invoices.id})`;

const invoiceColumns = {
  invoice: invoices,
  caseNumber: bookings.caseNumber,
  locationName: locations.name,
  creditsInvoiceNumber: credited.number,
  delivery: deliveryOf,
  creditedOre,
};

export type StoredInvoice = typeof invoices.$inferSelect & {
  caseNumber: string;
  locationName: string;
  creditsInvoiceNumber: number | null;
  delivery: 'QUEUED' | 'SENT' | 'FAILED';
  creditedOre: number;
};

async function selectInvoices(db: DbOrTx, where: SQL | undefined): Promise<StoredInvoice[]> {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(locations, eq(locations.id, invoices.locationId))
    .leftJoin(credited, eq(credited.id, invoices.creditsInvoiceId))
    .where(where)
    .orderBy(desc(invoices.issueDate), desc(invoices.number));
  return rows.map((r) => ({
    ...r.invoice,
    caseNumber: r.caseNumber,
    locationName: r.locationName,
    creditsInvoiceNumber: r.creditsInvoiceNumber,
    delivery: r.delivery ?? 'QUEUED',
    creditedOre: Number(r.creditedOre),
  }));
}

export const findInvoices = {
  byIds: (db: DbOrTx, ids: readonly number[]) =>
    ids.length === 0 ? Promise.resolve([]) : selectInvoices(db, inArray(invoices.id, [...ids])),
  ofLocationPeriod: (db: DbOrTx, locationId: number, period: string) =>
    selectInvoices(db, and(eq(invoices.locationId, locationId), eq(invoices.period, period))),
  ofRun: (db: DbOrTx, runId: string) => selectInvoices(db, eq(invoices.runId, runId)),
  ofBooking: (db: DbOrTx, bookingId: number) => selectInvoices(db, eq(invoices.bookingId, bookingId)),
  /** The citizen's: a person's own bookings (for no organisation), or the organisation's they act for. */
  ofIdentity: (db: DbOrTx, identity: { userId: number } | { organizationNumber: string }, bookingId?: number) =>
    selectInvoices(
      db,
      and(
        'organizationNumber' in identity
          ? eq(bookings.organizationNumber, identity.organizationNumber)
          : and(eq(bookings.userId, identity.userId), isNull(bookings.organizationNumber)),
        bookingId === undefined ? undefined : eq(invoices.bookingId, bookingId),
      ),
    ),
};

/** Per month of [from, to]: the invoices' and credit notes' sums (by the invoice's month), and the OPEN lines (by the line's month). */
export async function loadSummary(
  db: DbOrTx,
  locationId: number,
  from: string,
  to: string,
): Promise<{ invoiced: { period: string; kind: InvoiceKind; totalOre: number }[]; open: { period: string; amountOre: number }[] }> {
  const invoiced = await db
    .select({ period: invoices.period, kind: invoices.kind, totalOre: sql<number>`sum(${invoices.totalOre})::int` })
    .from(invoices)
    .where(and(eq(invoices.locationId, locationId), gte(invoices.period, from), lte(invoices.period, to)))
    .groupBy(invoices.period, invoices.kind);
  const open = await db
    .select({ period: invoiceBasisLines.period, amountOre: sql<number>`sum(${invoiceBasisLines.amountOre})::int` })
    .from(invoiceBasisLines)
    .innerJoin(bookings, eq(bookings.id, invoiceBasisLines.bookingId))
    .where(
      and(
        eq(bookings.locationId, locationId),
        eq(invoiceBasisLines.status, 'OPEN'),
        gte(invoiceBasisLines.period, from),
        lte(invoiceBasisLines.period, to),
      ),
    )
    .groupBy(invoiceBasisLines.period);
  return {
    invoiced: invoiced.map((r) => ({ ...r, totalOre: Number(r.totalOre) })),
    open: open.map((r) => ({ ...r, amountOre: Number(r.amountOre) })),
  };
}

export async function findRun(db: DbOrTx, runId: string): Promise<{ id: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ id: invoiceRuns.id, createdAt: invoiceRuns.createdAt })
    .from(invoiceRuns)
    .where(eq(invoiceRuns.id, runId));
  return row;
}
