import type { VedtakResponse } from '@lokaler/domain/user-booking-documents';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { currentDocument } from '../user-bookings/repository';

/**
 * The current vedtak of a booking: the HTML the administrator approved with the decision (stored in
 * booking_documents by the approval and rejection; a reverted approval revokes it). 404 without one.
 */
export async function getVedtak(db: DbOrTx, bookingId: number): Promise<VedtakResponse> {
  const document = await currentDocument(db, bookingId, 'VEDTAK');
  if (!document) throw new AppError('NOT_FOUND', 'The booking has no vedtak', 'Det finnes ikke noe vedtak for denne bookingen.');
  return { vedtakHtml: document.html };
}
