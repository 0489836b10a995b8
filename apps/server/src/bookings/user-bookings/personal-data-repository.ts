import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signedContracts } from '../../db/schema/after-application';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { bookings, changeLog, decisionMessages } from '../../db/schema/bookings';
import { locations } from '../../db/schema/locations';

/**
 * Decision 057: what the bookings area holds about one person, for their copy ('Mine data') and their
 * deletion request. Every booking the person sent or took over (user_id), for themselves or for an
 * organisation; not the organisation's other bookings, which other representatives sent. A fixed number
 * of queries, whatever the number of bookings.
 */

export type PersonalBookingRow = typeof bookings.$inferSelect & {
  locationName: string;
  /** When the booking's last time ends (any status); null without times. */
  lastEnd: Date | null;
  /** When its last time that still holds or is wished in a semester round (UNPROCESSED, APPROVED, IN_ROUND) ends; null without one. */
  activeEnd: Date | null;
};

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

export async function listBookingsOfPerson(db: DbOrTx, userId: number): Promise<PersonalBookingRow[]> {
  const rows = await db
    .select({
      booking: bookings,
      locationName: locations.name,
      lastEnd: sql<string | Date | null>`(select max(upper(r.period)) from reservations r where r.booking_id = ${bookings.id})`,
      activeEnd: sql<string | Date | null>`(select max(upper(r.period)) from reservations r
        where r.booking_id = ${bookings.id} and r.status in ('UNPROCESSED', 'APPROVED', 'IN_ROUND'))`,
    })
    .from(bookings)
    .innerJoin(locations, eq(locations.id, bookings.locationId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map((r) => ({ ...r.booking, locationName: r.locationName, lastEnd: toDate(r.lastEnd), activeEnd: toDate(r.activeEnd) }));
}

export async function loadChangeLogOf(db: DbOrTx, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(changeLog)
    .where(inArray(changeLog.bookingId, [...bookingIds]))
    .orderBy(asc(changeLog.loggedAt), asc(changeLog.id));
}

export async function loadDecisionMessagesOf(db: DbOrTx, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({ bookingId: decisionMessages.bookingId, message: decisionMessages.message, createdAt: decisionMessages.createdAt })
    .from(decisionMessages)
    .where(inArray(decisionMessages.bookingId, [...bookingIds]))
    .orderBy(asc(decisionMessages.createdAt), asc(decisionMessages.id));
}

/** The documents issued for these bookings (current and withdrawn), without their text: kind, hash, dates. */
export async function loadDocumentRecordsOf(db: DbOrTx, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: bookingDocuments.bookingId,
      kind: bookingDocuments.kind,
      hash: bookingDocuments.hash,
      createdAt: bookingDocuments.createdAt,
      revokedAt: bookingDocuments.revokedAt,
    })
    .from(bookingDocuments)
    .where(inArray(bookingDocuments.bookingId, [...bookingIds]))
    .orderBy(asc(bookingDocuments.createdAt), asc(bookingDocuments.id));
}

/** The signing records of these bookings' contracts: who signed, when, and the hash of what they signed. */
export async function loadSignaturesOf(db: DbOrTx, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: signedContracts.bookingId,
      sha256: signedContracts.sha256,
      signedByName: signedContracts.signedByName,
      signedAt: signedContracts.signedAt,
    })
    .from(signedContracts)
    .where(inArray(signedContracts.bookingId, [...bookingIds]));
}
