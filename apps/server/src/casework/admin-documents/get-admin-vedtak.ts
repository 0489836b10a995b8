import type { VedtakResponse } from '@lokaler/domain/user-booking-documents';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin } from '../../bookings';
import { getVedtak, getVedtakPdf, type BookingDocumentPdf } from '../../bookings';

/**
 * GET /api/vedtak/{id}: the vedtak the applicant got, byte for byte the stored (approved) document
 * (decision 004) — the administrator reads what was sent, never a fresh rendering (that is the preview).
 */
export async function getAdminVedtak({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<VedtakResponse> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  return getVedtak(db, booking.id);
}

/** GET /api/vedtak/{id}/pdf: the same stored vedtak as PDF/A (decision 055), the same access and 404. */
export async function getAdminVedtakPdf({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<BookingDocumentPdf> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  return getVedtakPdf(db, booking.id);
}
