import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { invoiceOutbox, invoices } from '../../db/schema/invoices';

/** The invoice outbox (decision 071), in the pattern of the archive's (decision 056). */

export type InvoiceOutboxRow = typeof invoiceOutbox.$inferSelect;

/**
 * Claims up to `limit` due rows, oldest first, in one committed statement: the attempt is counted and the
 * row put off by `leaseSeconds`, so no other process takes it while this one sends (SKIP LOCKED).
 */
export async function claimDueInvoiceRows(db: DbOrTx, options: { limit: number; leaseSeconds: number }): Promise<InvoiceOutboxRow[]> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`
    update invoice_outbox set attempts = attempts + 1, next_attempt_at = now() + ${options.leaseSeconds} * interval '1 second'
    where id in (
      select o.id from invoice_outbox o
      where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= now()
      order by o.id
      limit ${options.limit}
      for update skip locked)
    returning id`,
  );
  if (ids.length === 0) return [];
  return db
    .select()
    .from(invoiceOutbox)
    .where(
      inArray(
        invoiceOutbox.id,
        ids.map((r) => Number(r.id)),
      ),
    )
    .orderBy(asc(invoiceOutbox.id));
}

const unsettled = (id: number) => and(eq(invoiceOutbox.id, id), isNull(invoiceOutbox.sentAt), isNull(invoiceOutbox.failedAt));

export async function markInvoiceRowSent(db: DbOrTx, id: number, receiptId: string): Promise<void> {
  await db
    .update(invoiceOutbox)
    .set({ sentAt: sql`now()`, receiptId })
    .where(unsettled(id));
}

/** Refused for good (InvoiceDeliveryRefused): FAILED with the receiver's words, never tried again. */
export async function markInvoiceRowFailed(db: DbOrTx, id: number, lastError: string): Promise<void> {
  await db
    .update(invoiceOutbox)
    .set({ failedAt: sql`now()`, lastError })
    .where(unsettled(id));
}

export async function postponeInvoiceRow(db: DbOrTx, options: { id: number; lastError: string; delayMinutes: number }): Promise<void> {
  await db
    .update(invoiceOutbox)
    .set({ lastError: options.lastError, nextAttemptAt: sql`now() + ${options.delayMinutes} * interval '1 minute'` })
    .where(unsettled(options.id));
}

export async function releaseInvoiceClaims(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(invoiceOutbox)
    .set({ attempts: sql`${invoiceOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(and(inArray(invoiceOutbox.id, [...ids]), isNull(invoiceOutbox.sentAt), isNull(invoiceOutbox.failedAt)));
}

/** The booking's deliveries, oldest first, each with the booking's invoice numbers it carries (the admin's log). */
export async function listInvoiceRowsOfBooking(
  db: DbOrTx,
  bookingId: number,
): Promise<(InvoiceOutboxRow & { invoiceNumbers: number[] })[]> {
  const rows = await db
    .select({ row: invoiceOutbox, number: invoices.number })
    .from(invoiceOutbox)
    .innerJoin(
      invoices,
      or(
        and(eq(invoiceOutbox.kind, 'EHF'), eq(invoices.id, invoiceOutbox.invoiceId)),
        and(eq(invoiceOutbox.kind, 'ERP'), eq(invoices.runId, invoiceOutbox.runId), eq(invoices.channel, 'ERP')),
      ),
    )
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(asc(invoiceOutbox.id), asc(invoices.number));
  const byId = new Map<number, InvoiceOutboxRow & { invoiceNumbers: number[] }>();
  for (const r of rows) {
    const known = byId.get(r.row.id) ?? { ...r.row, invoiceNumbers: [] };
    known.invoiceNumbers.push(r.number);
    byId.set(r.row.id, known);
  }
  return [...byId.values()];
}
