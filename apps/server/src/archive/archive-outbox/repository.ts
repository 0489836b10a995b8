import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BookingFormAnswers, ChangeLogReservationTimes } from '@lokaler/domain/booking';
import { queryRows, type DbOrTx } from '../../db/client';
import { archiveOutbox, type archiveDocumentKinds } from '../../db/schema/archive-outbox';
import { bookings, changeLog } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { locations } from '../../db/schema/locations';

export type ArchiveKind = (typeof archiveDocumentKinds)[number];
export type ArchiveOutboxRow = typeof archiveOutbox.$inferSelect;

/**
 * Queues a journal post of the booking's case, in the caller's transaction, in one statement: the case
 * number is read from the booking, and the row creates the case when the booking has no row yet (its
 * rows are sent in order, so the first one reaches the archive first). `onlyIn` names the booking
 * statuses in which the post is due (a decision: APPROVED or REJECTED); otherwise nothing is queued.
 */
export async function insertArchiveRow(
  tx: DbOrTx,
  row: { bookingId: number; kind: ArchiveKind; onlyIn?: readonly string[] },
): Promise<void> {
  await tx.execute(sql`
    insert into archive_outbox (booking_id, kind, case_number, creates_case)
    select b.id, ${row.kind}::archive_document_kind, b.case_number,
      not exists (select 1 from archive_outbox o where o.booking_id = b.id)
    from bookings b
    where b.id = ${row.bookingId}
      ${
        row.onlyIn
          ? sql`and b.status::text in (${sql.join(
              row.onlyIn.map((s) => sql`${s}`),
              sql`, `,
            )})`
          : sql``
      }`);
}

/**
 * Claims up to `limit` due rows, oldest first, in one committed statement: counts the attempt and puts
 * the row off by `leaseSeconds`, so no other process takes it while this one sends (SKIP LOCKED leaves
 * rows another process is claiming to it). A row waits while an earlier row of its booking is unsent:
 * the case must exist in the archive before a journal post names it.
 */
export async function claimDueArchiveRows(db: DbOrTx, options: { limit: number; leaseSeconds: number }): Promise<ArchiveOutboxRow[]> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`
    update archive_outbox set attempts = attempts + 1, next_attempt_at = now() + ${options.leaseSeconds} * interval '1 second'
    where id in (
      select o.id from archive_outbox o
      where o.sent_at is null and o.next_attempt_at <= now()
        and not exists (select 1 from archive_outbox e where e.booking_id = o.booking_id and e.id < o.id and e.sent_at is null)
      order by o.id
      limit ${options.limit}
      for update skip locked)
    returning id`,
  );
  if (ids.length === 0) return [];
  return db
    .select()
    .from(archiveOutbox)
    .where(
      inArray(
        archiveOutbox.id,
        ids.map((r) => Number(r.id)),
      ),
    )
    .orderBy(asc(archiveOutbox.id));
}

/** After the archive accepted the message; a row marked once stays as it was. */
export async function markArchiveRowSent(db: DbOrTx, id: number, receiptId: string): Promise<void> {
  await db
    .update(archiveOutbox)
    .set({ sentAt: sql`now()`, receiptId })
    .where(and(eq(archiveOutbox.id, id), isNull(archiveOutbox.sentAt)));
}

/** A refused or failed attempt: the archive's reason, and the next attempt in `delayMinutes` (the attempt was counted by the claim). */
export async function postponeArchiveRow(db: DbOrTx, options: { id: number; lastError: string; delayMinutes: number }): Promise<void> {
  await db
    .update(archiveOutbox)
    .set({ lastError: options.lastError, nextAttemptAt: sql`now() + ${options.delayMinutes} * interval '1 minute'` })
    .where(and(eq(archiveOutbox.id, options.id), isNull(archiveOutbox.sentAt)));
}

/** Hands back claimed rows this process did not get to: due now, attempt uncounted. */
export async function releaseArchiveClaims(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(archiveOutbox)
    .set({ attempts: sql`${archiveOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(and(inArray(archiveOutbox.id, [...ids]), isNull(archiveOutbox.sentAt)));
}

/** The booking's archive messages, oldest first (the admin's log). */
export async function listArchiveRowsOfBooking(db: DbOrTx, bookingId: number): Promise<ArchiveOutboxRow[]> {
  return db.select().from(archiveOutbox).where(eq(archiveOutbox.bookingId, bookingId)).orderBy(asc(archiveOutbox.id));
}

/** What the archive's journal posts say about a booking: the applicant, the location and the times as applied for. */
export interface ArchiveCaseRecord {
  bookingId: number;
  caseNumber: string;
  status: string;
  createdAt: Date;
  locationName: string;
  applicantName: string | null;
  applicantEmail: string | null;
  organizationName: string | null;
  organizationNumber: string | null;
  formAnswers: BookingFormAnswers;
  /** The times as the application listed them: its first change-log entry ('Opprettet'). */
  appliedTimes: ChangeLogReservationTimes;
  /** The last decision's entry (BookingApproval or BookingRejection): when, by whom, with what comment. */
  decision: { type: string; loggedAt: Date; userName: string | null; comment: string | null } | null;
}

/** The case record of a booking, in two statements; undefined when the booking is gone. */
export async function findArchiveCaseRecord(db: DbOrTx, bookingId: number): Promise<ArchiveCaseRecord | undefined> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      caseNumber: bookings.caseNumber,
      status: bookings.status,
      createdAt: bookings.createdAt,
      locationName: locations.name,
      userName: users.name,
      userEmail: users.email,
      onBehalfOfName: bookings.onBehalfOfName,
      onBehalfOfEmail: bookings.onBehalfOfEmail,
      internalEventTitle: bookings.internalEventTitle,
      organizationName: bookings.organizationName,
      organizationNumber: bookings.organizationNumber,
      formAnswers: bookings.formAnswers,
      appliedTimes: sql<ChangeLogReservationTimes | null>`(select c.reservation_times from change_log c where c.booking_id = ${bookings.id} order by c.id limit 1)`,
    })
    .from(bookings)
    .innerJoin(locations, eq(locations.id, bookings.locationId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const [decision] = await db
    .select({ type: changeLog.type, loggedAt: changeLog.loggedAt, userName: changeLog.userName, comment: changeLog.comment })
    .from(changeLog)
    .where(and(eq(changeLog.bookingId, bookingId), inArray(changeLog.type, ['BookingApproval', 'BookingRejection'])))
    .orderBy(desc(changeLog.id))
    .limit(1);
  return {
    bookingId: row.bookingId,
    caseNumber: row.caseNumber,
    status: row.status,
    createdAt: row.createdAt,
    locationName: row.locationName,
    applicantName: row.onBehalfOfName ?? row.userName ?? row.internalEventTitle,
    applicantEmail: row.formAnswers.contactEmail || row.onBehalfOfEmail || row.userEmail,
    organizationName: row.organizationName,
    organizationNumber: row.organizationNumber,
    formAnswers: row.formAnswers,
    appliedTimes: row.appliedTimes ?? [],
    decision: decision ?? null,
  };
}
