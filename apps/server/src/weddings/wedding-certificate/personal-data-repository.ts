import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { weddingForms } from '../../db/schema/wedding-forms';
import { ANONYMOUS_ANSWERS } from './retention-repository';

/** Decision 057: the wedding forms of these bookings as the person's copy shows them (the certificate named, not its bytes). */
export async function loadWeddingFormsOf(db: DbOrTx, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: weddingForms.bookingId,
      answers: weddingForms.answers,
      applicantSsn: weddingForms.applicantSsn,
      certificateFilename: weddingForms.proevingsattestFilename,
      certificateAddedAt: weddingForms.proevingsattestAddedAt,
      submittedAt: weddingForms.submittedAt,
    })
    .from(weddingForms)
    .where(inArray(weddingForms.bookingId, [...bookingIds]));
}

/**
 * Decision 057: on the person's request, what the retention rules (decision 054) remove from a
 * finished wedding's form — the identity number, the certificate, the couple's names, addresses,
 * e-mails, phones and free texts — at once, for these bookings (the caller decided they are over).
 * The booking ids of the forms it changed.
 */
export async function forgetWeddingFormsOf(tx: DbOrTx, bookingIds: readonly number[]): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  const rows = await queryRows<{ booking_id: number }>(
    tx,
    sql`
      update wedding_forms f set applicant_ssn = null,
        proevingsattest_bytes = null, proevingsattest_filename = null, proevingsattest_content_type = null,
        proevingsattest_size = null, proevingsattest_added_at = null,
        answers = case when f.answers is null then null else f.answers || ${JSON.stringify(ANONYMOUS_ANSWERS)}::jsonb end
      where f.booking_id = any(${`{${bookingIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])
        and (f.applicant_ssn is not null or f.proevingsattest_bytes is not null
          or (f.answers is not null and f.answers ->> 'applicantName' <> ''))
      returning f.booking_id`,
  );
  return rows.map((r) => r.booking_id).sort((a, b) => a - b);
}
