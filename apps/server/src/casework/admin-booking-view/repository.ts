import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookingApprovals, bookingDocuments } from '../../db/schema/admin-decisions';
import { changeLog, decisionMessages, requirements } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { locations } from '../../db/schema/locations';
import { mailOutbox } from '../../db/schema/outbox';
import { weddingForms } from '../../db/schema/wedding-forms';

export type ApprovalRow = typeof bookingApprovals.$inferSelect;

export async function findLocationRules(
  db: DbOrTx,
  locationId: number,
): Promise<{ name: string; requireContract: boolean; enableVedtak: boolean } | undefined> {
  const [row] = await db
    .select({ name: locations.name, requireContract: locations.requireContract, enableVedtak: locations.enableVedtak })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}

export async function findApplicant(db: DbOrTx, userId: number): Promise<{ name: string; email: string | null } | undefined> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

export async function listRequirements(db: DbOrTx, bookingId: number) {
  return db.select().from(requirements).where(eq(requirements.bookingId, bookingId)).orderBy(asc(requirements.id));
}

export async function listDecisionMessages(db: DbOrTx, bookingId: number) {
  return db
    .select()
    .from(decisionMessages)
    .where(eq(decisionMessages.bookingId, bookingId))
    .orderBy(asc(decisionMessages.createdAt), asc(decisionMessages.id));
}

export async function findApproval(db: DbOrTx, bookingId: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(bookingApprovals).where(eq(bookingApprovals.bookingId, bookingId));
  return row;
}

/** The kinds of the booking's documents that are not revoked. */
export async function listCurrentDocumentKinds(db: DbOrTx, bookingId: number): Promise<('CONTRACT' | 'VEDTAK')[]> {
  const rows = await db
    .select({ kind: bookingDocuments.kind })
    .from(bookingDocuments)
    .where(and(eq(bookingDocuments.bookingId, bookingId), isNull(bookingDocuments.revokedAt)));
  return rows.map((r) => r.kind);
}

export async function listChangeLog(db: DbOrTx, bookingId: number) {
  return db.select().from(changeLog).where(eq(changeLog.bookingId, bookingId)).orderBy(asc(changeLog.loggedAt), asc(changeLog.id));
}

/**
 * Every e-mail queued about the booking. Uses the outbox's expression index on the topic's bookingId
 * (migration 0007), so the expression must stay the same.
 */
export async function listMailsAboutBooking(db: DbOrTx, bookingId: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(sql`((${mailOutbox.topic} ->> 'bookingId')::integer) = ${bookingId}`)
    .orderBy(asc(mailOutbox.id));
}

/** The wedding form of a booking as the office sees it: no national identity number, only whether one was given; no bytes. */
export async function findWeddingFormForAdmin(db: DbOrTx, bookingId: number) {
  const [row] = await db
    .select({
      answers: weddingForms.answers,
      submittedAt: weddingForms.submittedAt,
      ssnGiven: sql<boolean>`${weddingForms.applicantSsn} is not null and ${weddingForms.applicantSsn} <> ''`,
      filename: weddingForms.proevingsattestFilename,
      contentType: weddingForms.proevingsattestContentType,
      size: weddingForms.proevingsattestSize,
      addedAt: weddingForms.proevingsattestAddedAt,
    })
    .from(weddingForms)
    .where(eq(weddingForms.bookingId, bookingId));
  return row;
}
