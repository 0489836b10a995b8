import type { DbOrTx } from '../../db/client';
import { bookingDocumentPdf, type BookingDocumentPdf } from '../../bookings';

/**
 * A closing round's decision on one application, as PDF/A (decision 055). writeRoundDocuments stores
 * each application's decision as that booking's vedtak (decision 043), so this is the booking's vedtak
 * PDF, under the name another area looks for. Null when the application got no vedtak (the location
 * issues none). No access check: the caller has made it.
 */
export function roundDecisionPdf(db: DbOrTx, { bookingId }: { bookingId: number }): Promise<BookingDocumentPdf | null> {
  return bookingDocumentPdf(db, { bookingId, kind: 'vedtak' });
}
