import { vedtakMessages, type VedtakResponse } from '@lokaler/domain/user-booking-documents';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { bookingDocumentPdf, type BookingDocumentPdf } from '../document-pdf/booking-document-pdf';
import { findApprovedDocument } from '../documents/repository';

const noVedtak = () => new AppError('NOT_FOUND', 'The booking has no vedtak', vedtakMessages.noVedtak);

/**
 * The current vedtak of a booking: the HTML the administrator approved with the decision, byte for
 * byte (stored in booking_documents by the approval and rejection; a reverted approval revokes it).
 * Never rendered here: 404 with a Norwegian text when there is none.
 */
export async function getVedtak(db: DbOrTx, bookingId: number): Promise<VedtakResponse> {
  const document = await findApprovedDocument(db, bookingId, 'VEDTAK');
  if (!document) throw noVedtak();
  return { vedtakHtml: document.html };
}

/** The same vedtak as PDF/A (decision 055), made from the stored HTML; the same 404 when there is none. */
export async function getVedtakPdf(db: DbOrTx, bookingId: number): Promise<BookingDocumentPdf> {
  const pdf = await bookingDocumentPdf(db, { bookingId, kind: 'vedtak' });
  if (!pdf) throw noVedtak();
  return pdf;
}
