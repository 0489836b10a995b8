import type { FastifyReply } from 'fastify';
import type { BookingDocumentPdf } from './booking-document-pdf';

/**
 * A document PDF as the answer of a download (the applicant's and the administrator's): an attachment
 * under its Norwegian name (ASCII by construction, so no RFC 5987 form is needed), about one person's
 * booking, so never kept by a shared cache, and never sniffed into something else.
 */
export function sendDocumentPdf(reply: FastifyReply, pdf: BookingDocumentPdf) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength));
}
