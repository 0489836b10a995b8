import type { WeddingFormResponse } from '@lokaler/domain/wedding-application-answers';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../../people';
import { findVisibleBooking, type BookingRow } from '../../bookings';
import { findWeddingForm } from './repository';

/** Only wedding bookings have a wedding form; for others it is as if the form did not exist. */
export function assertWedding(booking: BookingRow): void {
  if (booking.sourceForm !== 'wedding') throw new AppError('NOT_FOUND', 'Not a wedding booking', 'Bookingen har ikke vigselsskjema.');
}

export async function readWeddingForm(db: DbOrTx, bookingId: number): Promise<WeddingFormResponse> {
  const form = await findWeddingForm(db, bookingId);
  const file = form?.file;
  return {
    bookingId,
    submittedAtUtc: form?.submittedAt?.toISOString() ?? null,
    answers: form?.answers ?? null,
    proevingsattestFile: file ? { filename: file.filename, contentType: file.contentType, size: file.size } : null,
    proevingsattestFileAddedTimeUtc: file ? file.addedAt.toISOString() : null,
  };
}

/** GET /user/form/wedding/{id}. */
export async function getWeddingForm(db: Db, identity: EffectiveIdentity, bookingId: number): Promise<WeddingFormResponse> {
  const booking = await findVisibleBooking(db, identity, bookingId);
  assertWedding(booking);
  return readWeddingForm(db, booking.id);
}
