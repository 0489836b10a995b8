import type { WeddingFormResponse } from '@lokaler/domain/wedding-application-answers';
import type { ProevingsattestUpload } from '@lokaler/domain/wedding-certificate';
import type { Db } from '../../db/client';
import type { EffectiveIdentity } from '../../people';
import { findVisibleBooking } from '../../bookings';
import { checkUpload } from './check-upload';
import type { StreamedCertificate } from './stream-certificate-body';
import { assertWedding, readWeddingForm } from './get-wedding-form';
import { fulfilWeddingCertificate, upsertProevingsattest } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PUT /user/form/wedding/{id}/proevingsattest. The access check, then the file's checks (parsing takes
 * up to seconds: outside the transaction, so no lock waits on it), then one transaction: the booking is
 * locked and checked again, the file stored (replacing an earlier one), the WEDDING_CERTIFICATE
 * requirement fulfilled (created if the booking has none) and a change-log entry written.
 */
export async function uploadProevingsattest(options: {
  db: Db;
  identity: EffectiveIdentity;
  bookingId: number;
  upload: ProevingsattestUpload;
  now: Date;
  /** The data URL's payload as the route's body parser decoded it from the stream, if it did. */
  streamed?: StreamedCertificate;
}): Promise<WeddingFormResponse> {
  const { db, identity, bookingId, now } = options;
  assertWedding(await findVisibleBooking(db, identity, bookingId));
  const file = await checkUpload(options.upload, options.streamed);
  return writeTransaction(db, async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    assertWedding(booking);
    const user = identity.user;
    await upsertProevingsattest(tx, booking.id, {
      filename: file.filename,
      contentType: file.contentType,
      bytes: file.bytes,
      addedAt: now,
      uploadedByUserId: user.userId,
    });
    await fulfilWeddingCertificate(tx, booking.id, user, now);
    return readWeddingForm(tx, booking.id);
  });
}
