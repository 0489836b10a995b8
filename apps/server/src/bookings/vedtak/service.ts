import { vedtakMessages, type VedtakResponse } from '@lokaler/domain/user-booking-documents';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findApprovedDocument } from '../documents/repository';

/**
 * The current vedtak of a booking: the HTML the administrator approved with the decision, byte for
 * byte (stored in booking_documents by the approval and rejection; a reverted approval revokes it).
 * Never rendered here: 404 with a Norwegian text when there is none.
 */
export async function getVedtak(db: DbOrTx, bookingId: number): Promise<VedtakResponse> {
  const document = await findApprovedDocument(db, bookingId, 'VEDTAK');
  if (!document) throw new AppError('NOT_FOUND', 'The booking has no vedtak', vedtakMessages.noVedtak);
  return { vedtakHtml: document.html };
}
