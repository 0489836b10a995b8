import type { WeddingFormResponse } from '@lokaler/domain/wedding-application-answers';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../impersonation/effective-identity';
import { findVisibleBooking, type BookingRow } from '../user-bookings/booking-access';
import { findProevingsattest } from './repository';

/** Only wedding bookings have a wedding form; for others it is as if the form did not exist. */
export function assertWedding(booking: BookingRow): void {
  if (booking.sourceForm !== 'wedding') throw new AppError('NOT_FOUND', 'Not a wedding booking', 'Bookingen har ikke vigselsskjema.');
}

export async function readWeddingForm(db: DbOrTx, bookingId: number): Promise<WeddingFormResponse> {
  const row = await findProevingsattest(db, bookingId);
  return {
    bookingId,
    submittedAtUtc: null,
    answers: null,
    proevingsattestFile: row ? { filename: row.filename, contentType: row.contentType, size: row.size } : null,
    proevingsattestFileAddedTimeUtc: row ? row.addedAt.toISOString() : null,
  };
}

/** GET /user/form/wedding/{id}. */
export async function getWeddingForm(db: Db, identity: EffectiveIdentity, bookingId: number): Promise<WeddingFormResponse> {
  const booking = await findVisibleBooking(db, identity, bookingId);
  assertWedding(booking);
  return readWeddingForm(db, booking.id);
}
