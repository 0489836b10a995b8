import { and, eq, sql } from 'drizzle-orm';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { requirements } from '../../db/schema/bookings';
import { appendChangeLog, updateBookingDetails } from '../../bookings';
import { weddingCertificateReminders, weddingForms } from '../../db/schema/wedding-forms';
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
  const [row] = await db
    .select({
      filename: weddingForms.proevingsattestFilename,
      contentType: weddingForms.proevingsattestContentType,
      size: weddingForms.proevingsattestSize,
      addedAt: weddingForms.proevingsattestAddedAt,
      answers: weddingForms.answers,
      submittedAt: weddingForms.submittedAt,
    })
    .from(weddingForms)
    .where(eq(weddingForms.bookingId, bookingId));
  if (!row) return undefined;
  const { filename, contentType, size, addedAt } = row;
  // The table's check keeps the four together: all set or none.
  const file =
    filename !== null && contentType !== null && size !== null && addedAt !== null ? { filename, contentType, size, addedAt } : undefined;
  return { file, answers: row.answers, submittedAt: row.submittedAt };
}

/** The stored prøvingsattest with its bytes, if the booking has one. */
export async function findProevingsattestFile(
  db: DbOrTx,
  bookingId: number,
): Promise<{ filename: string; contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({
      filename: weddingForms.proevingsattestFilename,
      contentType: weddingForms.proevingsattestContentType,
      bytes: weddingForms.proevingsattestBytes,
    })
    .from(weddingForms)
    .where(eq(weddingForms.bookingId, bookingId));
  if (!row || row.filename === null || row.contentType === null || row.bytes === null) return undefined;
  return { filename: row.filename, contentType: row.contentType, bytes: row.bytes };
}

export interface NewProevingsattest {
  filename: string;
  contentType: string;
  /** Whole, or in pieces (as the upload's body parser decoded them). */
  bytes: Buffer | readonly Buffer[];
  addedAt: Date;
  uploadedByUserId: number;
}

/**
 * Pieces of the file per statement. The driver copies a parameter twice while it builds the message,
 * so a 10 MB file in one statement would cost the process 20 MB more; in pieces of 2 MiB it costs a
 * few MiB, and the database appends them (the row is locked by the upload's transaction).
 */
const FILE_PIECE_BYTES = 2 * 1024 * 1024;

/**
 * The file in statement pieces of FILE_PIECE_BYTES: of a whole buffer its parts; of a file in pieces
 * one buffer filled again for each statement (the caller awaits each before the next is asked for, and
 * the driver has copied it by then), so that no buffer of the file's size is allocated.
 */
function* statementPieces(bytes: Buffer | readonly Buffer[]): Generator<Buffer> {
  if (Buffer.isBuffer(bytes)) {
    for (let at = 0; at === 0 || at < bytes.length; at += FILE_PIECE_BYTES) yield bytes.subarray(at, at + FILE_PIECE_BYTES);
    return;
  }
  const size = bytes.reduce((sum, piece) => sum + piece.length, 0);
  const buffer = Buffer.allocUnsafe(Math.min(FILE_PIECE_BYTES, size));
  let filled = 0;
  for (const piece of bytes) {
    for (let at = 0; at < piece.length;) {
      const copied = piece.copy(buffer, filled, at);
      filled += copied;
      at += copied;
      if (filled === buffer.length) {
        yield buffer;
        filled = 0;
      }
    }
  }
  if (filled > 0 || size === 0) yield buffer.subarray(0, filled);
}

/** Stores the file, replacing an earlier one of the booking. */
export async function upsertProevingsattest(tx: Tx, bookingId: number, file: NewProevingsattest): Promise<void> {
  const size = Buffer.isBuffer(file.bytes) ? file.bytes.length : file.bytes.reduce((sum, piece) => sum + piece.length, 0);
  const pieces = statementPieces(file.bytes);
  const first = pieces.next().value!;
  const values = {
    proevingsattestFilename: file.filename,
    proevingsattestContentType: file.contentType,
    proevingsattestSize: size,
    proevingsattestBytes: first,
    proevingsattestAddedAt: file.addedAt,
    uploadedByUserId: file.uploadedByUserId,
  };
  // The update takes the row's values from `excluded`: the piece is sent to the database once, not twice.
  await tx
    .insert(weddingForms)
    .values({ bookingId, ...values })
    .onConflictDoUpdate({
      target: weddingForms.bookingId,
      set: {
        proevingsattestFilename: sql`excluded.proevingsattest_filename`,
        proevingsattestContentType: sql`excluded.proevingsattest_content_type`,
        proevingsattestSize: sql`excluded.proevingsattest_size`,
        proevingsattestBytes: sql`excluded.proevingsattest_bytes`,
        proevingsattestAddedAt: sql`excluded.proevingsattest_added_at`,
        uploadedByUserId: sql`excluded.uploaded_by_user_id`,
      },
    });
  for (const piece of pieces) {
    await tx
      .update(weddingForms)
      .set({ proevingsattestBytes: sql`${weddingForms.proevingsattestBytes} || ${piece}::bytea` })
      .where(eq(weddingForms.bookingId, bookingId));
  }
}

/**
 * The booking's WEDDING_CERTIFICATE requirement is fulfilled by this user now (created if the
 * booking has none), with its change-log entry, and the booking is marked as changed.
 */
export async function fulfilWeddingCertificate(
  tx: Tx,
  bookingId: number,
  user: { userId: number; name: string },
  now: Date,
): Promise<void> {
  const fulfilled = { isFulfilled: true, fulfilledByUserId: user.userId, fulfilledByName: user.name, fulfillmentTime: now };
  const updated = await tx
    .update(requirements)
    .set(fulfilled)
    .where(and(eq(requirements.bookingId, bookingId), eq(requirements.type, 'WEDDING_CERTIFICATE')))
    .returning({ id: requirements.id });
  if (updated.length === 0) await tx.insert(requirements).values({ bookingId, type: 'WEDDING_CERTIFICATE', ...fulfilled });
  await appendChangeLog(tx, { bookingId, type: 'WEDDING_CERTIFICATE', loggedAt: now, userId: user.userId, userName: user.name });
  await updateBookingDetails(tx, bookingId, {}, now);
}

export interface DueReminder {
  bookingId: number;
  caseNumber: string;
  locationName: string;
  /** The e-mail given in the wedding form, else the one given when the time was taken, else the login's. */
  to: string | null;
  time: { date: string; startTime: string; durationMinutes: number };
}

/**
 * Locks (FOR UPDATE SKIP LOCKED) up to `limit` wedding bookings that need the certificate reminder at
 * `now`: APPROVED, or UNPROCESSED with the form sent (no hold left); the first active time starts
 * after `now` and within `withinDays`; no certificate on file (no uploaded file and the
 * WEDDING_CERTIFICATE requirement not fulfilled); no reminder sent yet.
 */
export async function claimDueCertificateReminders(tx: Tx, now: Date, withinDays: number, limit: number): Promise<DueReminder[]> {
  const at = now.toISOString();
  const active = sql.join(
    activeReservationStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await queryRows<{
    id: number;
    case_number: string;
    location_name: string;
    to: string | null;
    date: string;
    start_time: string;
    duration_minutes: number;
  }>(
    tx,
    sql`
    select b.id, b.case_number, l.name as location_name,
      coalesce(nullif(f.answers->>'applicantEmail', ''), nullif(b.form_answers->>'contactEmail', ''), u.email) as "to",
      first.date::text as date, first.start_time::text as start_time, first.duration_minutes
    from bookings b
    join locations l on l.id = b.location_id
    left join users u on u.id = b.user_id
    left join wedding_forms f on f.booking_id = b.id
    join lateral (
      select r.date, r.start_time, r.duration_minutes, lower(r.period) as starts_at from reservations r
      where r.booking_id = b.id and r.status::text in (${active})
      order by r.date, r.start_time limit 1
    ) first on true
    where b.source_form = 'wedding'
      and (b.status = 'APPROVED' or (b.status = 'UNPROCESSED' and b.hold_expires_at is null))
      and first.starts_at > ${at}::timestamptz
      and first.starts_at <= ${at}::timestamptz + make_interval(days => ${withinDays}::int)
      and (f.proevingsattest_bytes is null)
      and not exists (select 1 from requirements q where q.booking_id = b.id and q.type = 'WEDDING_CERTIFICATE' and q.is_fulfilled)
      and not exists (select 1 from wedding_certificate_reminders m where m.booking_id = b.id)
    order by first.starts_at, b.id
    limit ${limit}
    for update of b skip locked`,
  );
  return rows.map((r) => ({
    bookingId: Number(r.id),
    caseNumber: r.case_number,
    locationName: r.location_name,
    to: r.to,
    time: { date: r.date, startTime: r.start_time, durationMinutes: Number(r.duration_minutes) },
  }));
}

/**
 * Marks the booking's reminder as sent; false when a reminder was marked already (another process
 * committed one after this one read the booking): the primary key decides, so it goes once.
 */
export async function markCertificateReminderSent(tx: Tx, bookingId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(weddingCertificateReminders)
    .values({ bookingId, sentAt: now })
    .onConflictDoNothing({ target: weddingCertificateReminders.bookingId })
    .returning({ bookingId: weddingCertificateReminders.bookingId });
  return rows.length === 1;
}

/** The change-log entry the admin sees as 'Sendt' (WeddingCertificateReminderSent), by 'System'. */
export async function insertReminderEntry(tx: Tx, bookingId: number, now: Date, comment: string): Promise<void> {
  await appendChangeLog(tx, { bookingId, type: 'WeddingCertificateReminderSent', loggedAt: now, userName: 'System', comment });
}
