import { and, eq } from 'drizzle-orm';
import {
  PROEVINGSATTEST_CONTENT_TYPE, PROEVINGSATTEST_MAX_BYTES, hasPdfMagic, invalidDataUrlMessage, onlyPdfMessage, parseDataUrl,
  tooLargeMessage, type ProevingsattestUpload, type WeddingFormResponse,
} from '@lokaler/domain/wedding-certificate';
import type { Db, DbOrTx } from '../../db/client';
import { bookings, changeLog, requirements } from '../../db/schema/bookings';
import { weddingForms } from '../../db/schema/wedding-forms';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../impersonation/effective-identity';
import { findVisibleBooking, type BookingRow } from '../user-bookings/booking-access';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Only wedding bookings have a wedding form; for others it is as if the form did not exist. */
function assertWedding(booking: BookingRow): void {
  if (booking.sourceForm !== 'wedding') throw new AppError('NOT_FOUND', 'Not a wedding booking', 'Bookingen har ikke vigselsskjema.');
}

function badRequest(message: string): AppError {
  return new AppError('BAD_REQUEST', message, message);
}

interface CheckedFile { filename: string; contentType: string; bytes: Buffer }

/** Decodes and checks the upload: a data URL or {bytes, contentType, filename}; PDF (by type and magic bytes), ≤ 10 MB. */
export function checkUpload(upload: ProevingsattestUpload): CheckedFile {
  const file = upload.proevingsattestFile;
  let contentType: string;
  let base64: string;
  let filename: string;
  if (typeof file === 'string') {
    const parsed = parseDataUrl(file);
    if (!parsed) throw badRequest(invalidDataUrlMessage);
    ({ contentType, base64 } = parsed);
    filename = 'provingsattest.pdf';
  } else {
    if (!BASE64.test(file.bytes)) throw badRequest(invalidDataUrlMessage);
    ({ contentType, bytes: base64, filename } = file);
  }
  if (contentType !== PROEVINGSATTEST_CONTENT_TYPE) throw badRequest(onlyPdfMessage);
  // The decoded size from the length, before decoding, so that a huge body is not decoded at all.
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > PROEVINGSATTEST_MAX_BYTES) throw badRequest(tooLargeMessage);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PROEVINGSATTEST_MAX_BYTES) throw badRequest(tooLargeMessage);
  if (!hasPdfMagic(bytes)) throw badRequest(onlyPdfMessage);
  return { filename, contentType, bytes };
}

async function readModel(db: DbOrTx, bookingId: number): Promise<WeddingFormResponse> {
  const [row] = await db.select({
    filename: weddingForms.proevingsattestFilename, contentType: weddingForms.proevingsattestContentType,
    size: weddingForms.proevingsattestSize, addedAt: weddingForms.proevingsattestAddedAt,
  }).from(weddingForms).where(eq(weddingForms.bookingId, bookingId));
  return {
    bookingId,
    proevingsattestFile: row ? { filename: row.filename, contentType: row.contentType, size: row.size } : null,
    proevingsattestFileAddedTimeUtc: row ? row.addedAt.toISOString() : null,
  };
}

/** GET /user/form/wedding/{id}. */
export async function getWeddingForm(db: Db, identity: EffectiveIdentity, bookingId: number): Promise<WeddingFormResponse> {
  const booking = await findVisibleBooking(db, identity, bookingId);
  assertWedding(booking);
  return readModel(db, booking.id);
}

/**
 * PUT /user/form/wedding/{id}/proevingsattest. One transaction: the booking is locked, the file stored
 * (replacing an earlier one), the WEDDING_CERTIFICATE requirement fulfilled (created if the booking has
 * none) and a change-log entry written.
 */
export async function uploadProevingsattest(options: { db: Db; identity: EffectiveIdentity; bookingId: number; upload: ProevingsattestUpload; now: Date }): Promise<WeddingFormResponse> {
  const { db, identity, bookingId, now } = options;
  return db.transaction(async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    assertWedding(booking);
    const file = checkUpload(options.upload);
    const user = identity.user;
    const values = {
      proevingsattestFilename: file.filename, proevingsattestContentType: file.contentType, proevingsattestSize: file.bytes.length,
      proevingsattestBytes: file.bytes, proevingsattestAddedAt: now, uploadedByUserId: user.userId,
    };
    await tx.insert(weddingForms).values({ bookingId: booking.id, ...values })
      .onConflictDoUpdate({ target: weddingForms.bookingId, set: values });
    const fulfilled = { isFulfilled: true, fulfilledByUserId: user.userId, fulfilledByName: user.name, fulfillmentTime: now };
    const updated = await tx.update(requirements).set(fulfilled)
      .where(and(eq(requirements.bookingId, booking.id), eq(requirements.type, 'WEDDING_CERTIFICATE'))).returning({ id: requirements.id });
    if (updated.length === 0) await tx.insert(requirements).values({ bookingId: booking.id, type: 'WEDDING_CERTIFICATE', ...fulfilled });
    await tx.insert(changeLog).values({ bookingId: booking.id, type: 'WEDDING_CERTIFICATE', loggedAt: now, userId: user.userId, userName: user.name });
    await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, booking.id));
    return readModel(tx, booking.id);
  });
}
