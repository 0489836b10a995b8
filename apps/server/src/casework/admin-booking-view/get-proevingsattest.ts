import { noCertificateOnFileMessage } from '@lokaler/domain/wedding-certificate';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBookingForAdmin } from '../../bookings';
import { findProevingsattestFile } from '../../weddings';

/**
 * GET /api/admin/booking/{id}/proevingsattest: the certificate's bytes for an administrator of the
 * booking's location (403 for another location's, 404 when the booking is no wedding or has none).
 */
export async function getProevingsattest({ db, user, bookingId }: { db: DbOrTx; user: AuthenticatedUser; bookingId: number }) {
  const booking = await findBookingForAdmin(db, bookingId, user);
  const file = booking.sourceForm === 'wedding' ? await findProevingsattestFile(db, bookingId) : undefined;
  if (!file) throw new AppError('NOT_FOUND', `Booking ${bookingId} has no prøvingsattest`, noCertificateOnFileMessage);
  return file;
}
