import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';

const lastTimeEnds = sql`(select max(upper(r.period)) from reservations r where r.booking_id = f.booking_id)`;

/** Decision 054: the uploaded prøvingsattest of every wedding whose ceremony ended before `cutoff`; the forms it emptied. */
export async function dropCertificatesBefore(tx: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await queryRows<{ booking_id: number }>(
    tx,
    sql`
      update wedding_forms f set proevingsattest_bytes = null, proevingsattest_filename = null,
        proevingsattest_content_type = null, proevingsattest_size = null, proevingsattest_added_at = null
      where f.proevingsattest_bytes is not null and ${lastTimeEnds} < ${cutoff.toISOString()}::timestamptz
      returning f.booking_id`,
  );
  return rows.length;
}

/** Decision 054: the national identity number in the form of every wedding whose ceremony ended before `cutoff`. */
export async function forgetIdentityNumbersBefore(tx: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await queryRows<{ booking_id: number }>(
    tx,
    sql`
      update wedding_forms f set applicant_ssn = null
      where f.applicant_ssn is not null and ${lastTimeEnds} < ${cutoff.toISOString()}::timestamptz
      returning f.booking_id`,
  );
  return rows.length;
}

/** The wedding answers with every name, address, e-mail, phone number and free text emptied; the choices (language, interpreter) stay. */
export const ANONYMOUS_ANSWERS = {
  applicantName: '',
  applicantEmail: '',
  applicantPhoneNo: '',
  addressStreetName: '',
  addressPostCode: '',
  addressPostalName: '',
  spouseName: '',
  spouseEmail: '',
  spousePhoneNo: '',
  weddingCulturalSegment: '',
  accommodationDetails: '',
  extraInformation: '',
};

/** Decision 054: the couple's names, addresses, e-mails, phones and free texts in the form of every wedding that ended before `cutoff`. */
export async function anonymiseAnswersBefore(tx: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await queryRows<{ booking_id: number }>(
    tx,
    sql`
      update wedding_forms f set answers = f.answers || ${JSON.stringify(ANONYMOUS_ANSWERS)}::jsonb
      where f.answers is not null and f.answers ->> 'applicantName' <> '' and ${lastTimeEnds} < ${cutoff.toISOString()}::timestamptz
      returning f.booking_id`,
  );
  return rows.length;
}
