import type { FastifyReply } from 'fastify';
import type { InvoiceSeller } from '@lokaler/domain/invoices';
import { renderInvoicePdf } from '../invoice-documents/render-invoice-pdf';
import { invoiceDocumentOf } from './invoice-document';
import type { StoredInvoice } from './invoice-repository';

/**
 * An invoice or credit note as the PDF the citizen and the administrator download (decision 071): made
 * from the stored document, so it says what was sent. An attachment, never kept by a shared cache.
 */
export async function sendInvoicePdf(reply: FastifyReply, invoice: StoredInvoice, seller: InvoiceSeller) {
  const bytes = await renderInvoicePdf(invoiceDocumentOf(invoice), seller);
  const fileName = `${invoice.kind === 'INVOICE' ? 'faktura' : 'kreditnota'}-${invoice.number}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
