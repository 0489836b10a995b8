import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { bookings, changeLog, requirements } from '../../db/schema/bookings';
import { weddingForms } from '../../db/schema/wedding-forms';
import type { WeddingApplicationAnswers } from '@lokaler/domain/wedding-application-answers';

export interface StoredFile {
  filename: string;
  contentType: string;
  size: number;
  addedAt: Date;
}

export interface StoredWeddingForm {
  /** The prøvingsattest's description (no bytes), if one was uploaded. */
  file: StoredFile | undefined;
  answers: WeddingApplicationAnswers | null;
  submittedAt: Date | null;
}

/** The booking's wedding form (answers and/or certificate), if it has one. */
export async function findWeddingForm(db: DbOrTx, bookingId: number): Promise<StoredWeddingForm | undefined> {
  const [row] = await db.select({
    filename: weddingForms.proevingsattestFilename, contentType: weddingForms.proevingsattestContentType,
    size: weddingForms.proevingsattestSize, addedAt: weddingForms.proevingsattestAddedAt,
    answers: weddingForms.answers, submittedAt: weddingForms.submittedAt,
  }).from(weddingForms).where(eq(weddingForms.bookingId, bookingId));
  if (!row) return undefined;
  const { filename, contentType, size, addedAt } = row;
  // The table's check keeps the four together: all set or none.
  const file = filename !== null && contentType !== null && size !== null && addedAt !== null ? { filename, contentType, size, addedAt } : undefined;
  return { file, answers: row.answers, submittedAt: row.submittedAt };
}

export interface NewProevingsattest {
  filename: string;
  contentType: string;
  bytes: Buffer;
  addedAt: Date;
  uploadedByUserId: number;
}

/** Stores the file, replacing an earlier one of the booking. */
export async function upsertProevingsattest(tx: Tx, bookingId: number, file: NewProevingsattest): Promise<void> {
  const values = {
    proevingsattestFilename: file.filename, proevingsattestContentType: file.contentType, proevingsattestSize: file.bytes.length,
    proevingsattestBytes: file.bytes, proevingsattestAddedAt: file.addedAt, uploadedByUserId: file.uploadedByUserId,
  };
  await tx.insert(weddingForms).values({ bookingId, ...values })
    .onConflictDoUpdate({ target: weddingForms.bookingId, set: values });
}

/**
 * The booking's WEDDING_CERTIFICATE requirement is fulfilled by this user now (created if the
 * booking has none), with its change-log entry, and the booking is marked as changed.
 */
export async function fulfilWeddingCertificate(tx: Tx, bookingId: number, user: { userId: number; name: string }, now: Date): Promise<void> {
  const fulfilled = { isFulfilled: true, fulfilledByUserId: user.userId, fulfilledByName: user.name, fulfillmentTime: now };
  const updated = await tx.update(requirements).set(fulfilled)
    .where(and(eq(requirements.bookingId, bookingId), eq(requirements.type, 'WEDDING_CERTIFICATE'))).returning({ id: requirements.id });
  if (updated.length === 0) await tx.insert(requirements).values({ bookingId, type: 'WEDDING_CERTIFICATE', ...fulfilled });
  await tx.insert(changeLog).values({ bookingId, type: 'WEDDING_CERTIFICATE', loggedAt: now, userId: user.userId, userName: user.name });
  await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, bookingId));
}
