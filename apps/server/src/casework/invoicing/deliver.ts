import type { InvoiceSeller } from '@lokaler/domain/invoices';
import type { Db } from '../../db/client';
import { InvoiceDeliveryRefused, type AccessPointClient, type ErpClient } from '../../integrations/invoicing/index';
import { buildEhf } from '../invoice-documents/build-ehf';
import { buildErpExport } from '../invoice-documents/build-erp-export';
import { invoiceDocumentOf } from './invoice-document';
import { findInvoices, findRun } from './invoice-repository';
import {
  claimDueInvoiceRows,
  markInvoiceRowFailed,
  markInvoiceRowSent,
  postponeInvoiceRow,
  releaseInvoiceClaims,
  type InvoiceOutboxRow,
} from './outbox-repository';

/** How long a claimed row is left alone: far above building a document and the receiver's answer. */
export const INVOICE_CLAIM_LEASE_SECONDS = 600;
/** The longest pause between attempts after a failure that is not a refusal. */
export const MAX_RETRY_MINUTES = 6 * 60;
/** Minutes until the next attempt after the `attempts`-th failed: 1, 2, 4 … up to six hours. */
export const retryDelayMinutes = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), MAX_RETRY_MINUTES);

export interface InvoiceDelivery {
  accessPoint: AccessPointClient;
  erp: ErpClient;
}

export interface InvoiceDeliveryRunOptions {
  limit?: number;
  leaseSeconds?: number;
  signal?: AbortSignal | undefined;
  onFailure?: (failure: { outboxId: number; attempt: number; reason: string; refused: boolean; retryInMinutes: number | null }) => void;
}

/** The document of one outbox row: the EHF of its invoice, or its run's ERP file; sent through the adapter. */
async function send(db: Db, delivery: InvoiceDelivery, seller: InvoiceSeller, row: InvoiceOutboxRow): Promise<string> {
  if (row.kind === 'EHF') {
    const [invoice] = await findInvoices.byIds(db, [row.invoiceId!]);
    if (!invoice?.buyer.orgnr) throw new Error(`invoice ${row.invoiceId} has no organisation to send EHF to`);
    const { receiptId } = await delivery.accessPoint.send({
      messageId: row.messageId,
      receiverOrgnr: invoice.buyer.orgnr,
      kind: invoice.kind,
      invoiceNumber: invoice.number,
      xml: buildEhf(invoiceDocumentOf(invoice), seller),
    });
    return receiptId;
  }
  const run = await findRun(db, row.runId);
  if (!run) throw new Error(`invoice run ${row.runId} is missing`);
  const docs = (await findInvoices.ofRun(db, row.runId))
    .filter((i) => i.channel === 'ERP')
    .sort((a, b) => a.number - b.number)
    .map(invoiceDocumentOf);
  const file = buildErpExport(docs, { runId: run.id, createdAt: run.createdAt });
  const { receiptId } = await delivery.erp.deliver({ messageId: row.messageId, fileName: file.fileName, content: file.content });
  return receiptId;
}

/**
 * Sends up to `limit` due invoice documents (decision 071), as the archive outbox sends its messages
 * (decision 056): a row is claimed in its own committed statement (SKIP LOCKED, a lease), so any number of
 * processes run this at once without sending a document twice; it is marked sent only after the receiver
 * took it. InvoiceDeliveryRefused is for good: FAILED with the receiver's words, never tried again. Any
 * other failure is retried with back-off, with the same message id, which the receiver takes as the same
 * document.
 */
export async function deliverDueInvoices(
  db: Db,
  delivery: InvoiceDelivery,
  seller: InvoiceSeller,
  options: InvoiceDeliveryRunOptions = {},
): Promise<{ sent: number; failed: number }> {
  const leaseSeconds = options.leaseSeconds ?? INVOICE_CLAIM_LEASE_SECONDS;
  const claimed = await claimDueInvoiceRows(db, { limit: options.limit ?? 10, leaseSeconds });
  const claimedAt = Date.now();
  let sent = 0;
  let failed = 0;
  for (const [index, row] of claimed.entries()) {
    if (options.signal?.aborted || Date.now() - claimedAt > (leaseSeconds * 1000) / 2) {
      await releaseInvoiceClaims(
        db,
        claimed.slice(index).map((r) => r.id),
      );
      break;
    }
    try {
      await markInvoiceRowSent(db, row.id, await send(db, delivery, seller, row));
      sent++;
    } catch (error) {
      failed++;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'ukjent feil';
      if (error instanceof InvoiceDeliveryRefused) {
        await markInvoiceRowFailed(db, row.id, reason);
        options.onFailure?.({ outboxId: row.id, attempt: row.attempts, reason, refused: true, retryInMinutes: null });
      } else {
        const retryInMinutes = retryDelayMinutes(row.attempts);
        await postponeInvoiceRow(db, { id: row.id, lastError: reason, delayMinutes: retryInMinutes });
        options.onFailure?.({ outboxId: row.id, attempt: row.attempts, reason, refused: false, retryInMinutes });
      }
    }
  }
  return { sent, failed };
}

/** Batches until a batch sends nothing (or the runner stops). */
export async function deliverAllDueInvoices(
  db: Db,
  delivery: InvoiceDelivery,
  seller: InvoiceSeller,
  options: InvoiceDeliveryRunOptions = {},
): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const batch = await deliverDueInvoices(db, delivery, seller, options);
    total.sent += batch.sent;
    total.failed += batch.failed;
    if (batch.sent === 0 || options.signal?.aborted) return total;
  }
}
