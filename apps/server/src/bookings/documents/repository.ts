import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { bookingDocuments, type bookingDocumentKinds } from '../../db/schema/admin-decisions';
import { bookings } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { locations } from '../../db/schema/locations';

export type BookingRow = typeof bookings.$inferSelect;
export type DocumentKind = (typeof bookingDocumentKinds)[number];

export interface DocumentLocation {
  id: number;
  name: string;
  streetAddress: string | null;
  postCode: string | null;
  city: string | null;
  contactEmail: string | null;
  requireContract: boolean;
  enableVedtak: boolean;
}

export async function findDocumentLocation(db: DbOrTx, locationId: number): Promise<DocumentLocation> {
  const location = (await findDocumentLocations(db, [locationId])).get(locationId);
  if (!location) throw new Error(`Location ${locationId} of a booking is missing`);
  return location;
}

/** The locations as the documents name them, by id. One query. */
export async function findDocumentLocations(db: DbOrTx, locationIds: readonly number[]): Promise<Map<number, DocumentLocation>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: locations.id,
      name: locations.name,
      streetAddress: locations.streetAddress,
      postCode: locations.postCode,
      city: locations.city,
      contactEmail: locations.contactEmail,
      requireContract: locations.requireContract,
      enableVedtak: locations.enableVedtak,
    })
    .from(locations)
    .where(inArray(locations.id, [...new Set(locationIds)]));
  return new Map(rows.map((l) => [l.id, l]));
}

export async function findUserName(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  return (await findUserNames(db, [userId])).get(userId) ?? null;
}

/** The users' names, by id. One query. */
export async function findUserNames(db: DbOrTx, userIds: readonly (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, u.name]));
}

/** The bookings' rows, in id order. One query. */
export async function findBookingRows(db: DbOrTx, bookingIds: readonly number[]): Promise<BookingRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]))
    .orderBy(bookings.id);
}

export interface IssuedDocument {
  bookingId: number;
  kind: DocumentKind;
  html: string;
  /** sha256Hex(html): what the applicant's reads and the signature check the stored bytes by (decision 004). */
  hash: string;
  /** Who approved it: the administrator, or null for the job that finishes a round's closing ('System'). */
  userId: number | null;
}

/**
 * Stores documents as the applicants' current ones of their kinds: each booking's earlier current
 * document of the same kind is revoked first (one current per booking and kind). The single
 * approval and rejection store one; closing a round stores a batch's. Two statements.
 */
export async function storeDocuments(tx: Tx, docs: readonly IssuedDocument[]): Promise<void> {
  if (docs.length === 0) return;
  const pairs = sql.join(
    docs.map((d) => sql`(${d.bookingId}::int, ${d.kind}::booking_document_kind)`),
    sql`, `,
  );
  await tx.execute(sql`update booking_documents set revoked_at = now() where revoked_at is null and (booking_id, kind) in (${pairs})`);
  await tx
    .insert(bookingDocuments)
    .values(docs.map((d) => ({ bookingId: d.bookingId, kind: d.kind, html: d.html, hash: d.hash, createdByUserId: d.userId })));
}

/**
 * The booking's current document of a kind, exactly as the administrator approved it (not revoked),
 * with when it was issued; undefined without one.
 */
export async function findApprovedDocument(
  db: DbOrTx,
  bookingId: number,
  kind: DocumentKind,
): Promise<{ html: string; hash: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ html: bookingDocuments.html, hash: bookingDocuments.hash, createdAt: bookingDocuments.createdAt })
    .from(bookingDocuments)
    .where(and(eq(bookingDocuments.bookingId, bookingId), eq(bookingDocuments.kind, kind), isNull(bookingDocuments.revokedAt)));
  return row;
}

/**
 * Approved bookings with a CONTRACT requirement but no current contract document, with the instant
 * of their (last) approval: what the demo data must still give a contract. One query.
 */
export async function findApprovedBookingsWithoutContract(tx: Tx): Promise<{ booking: BookingRow; approvedAt: Date }[]> {
  const rows = await queryRows<{ id: number; approved_at: string | Date }>(
    tx,
    sql`
    select b.id, coalesce((select max(c.logged_at) from change_log c where c.booking_id = b.id and c.type = 'BookingApproval'), b.updated_at) as approved_at
    from bookings b
    where b.status = 'APPROVED'
      and exists (select 1 from requirements q where q.booking_id = b.id and q.type = 'CONTRACT')
      and not exists (select 1 from booking_documents d where d.booking_id = b.id and d.kind = 'CONTRACT' and d.revoked_at is null)
    order by b.id`,
  );
  if (rows.length === 0) return [];
  const approvedAt = new Map(rows.map((r) => [Number(r.id), new Date(r.approved_at)]));
  const found = await tx
    .select()
    .from(bookings)
    .where(inArray(bookings.id, [...approvedAt.keys()]))
    .orderBy(bookings.id);
  return found.map((booking) => ({ booking, approvedAt: approvedAt.get(booking.id)! }));
}

export async function insertDocument(
  tx: Tx,
  doc: { bookingId: number; kind: DocumentKind; html: string; hash: string; createdAt: Date },
): Promise<void> {
  await tx.insert(bookingDocuments).values(doc);
}
