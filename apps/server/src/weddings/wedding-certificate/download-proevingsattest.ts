import { noCertificateOnFileMessage } from '@lokaler/domain/wedding-certificate';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../../people';
import { findVisibleBooking } from '../../bookings';
import { assertWedding } from './get-wedding-form';
import { findProevingsattestFile } from './repository';

/**
 * GET /user/form/wedding/{id}/proevingsattest: the couple's own certificate, with the access check of
 * GET /user/form/wedding/{id} (404 'Fant ikke bookingen' for a booking the caller does not see). An
 * administrator's token is refused: the office downloads through /admin/booking/{id}/proevingsattest.
 */
export async function downloadProevingsattest({ db, identity, bookingId }: { db: Db; identity: EffectiveIdentity; bookingId: number }) {
  if (identity.user.portal !== 'PUBLIC')
    throw AppError.forbidden("The couple's download takes a portal token; administrators use /admin/booking/{id}/proevingsattest");
  const booking = await findVisibleBooking(db, identity, bookingId);
  assertWedding(booking);
  const file = await findProevingsattestFile(db, booking.id);
  if (!file) throw new AppError('NOT_FOUND', `Booking ${bookingId} has no prøvingsattest`, noCertificateOnFileMessage);
  return file;
}
