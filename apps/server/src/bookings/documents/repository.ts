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
  const [location] = await db.select({
    id: locations.id, name: locations.name, streetAddress: locations.streetAddress, postCode: locations.postCode, city: locations.city,
    contactEmail: locations.contactEmail, requireContract: locations.requireContract, enableVedtak: locations.enableVedtak,
  }).from(locations).where(eq(locations.id, locationId));
  if (!location) throw new Error(`Location ${locationId} of a booking is missing`);
  return location;
}

export async function findUserName(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? null;
}

/** The booking's current document of a kind, exactly as the administrator approved it (not revoked); undefined without one. */
export async function findApprovedDocument(db: DbOrTx, bookingId: number, kind: DocumentKind): Promise<{ html: string; hash: string } | undefined> {
  const [row] = await db.select({ html: bookingDocuments.html, hash: bookingDocuments.hash }).from(bookingDocuments)
    .where(and(eq(bookingDocuments.bookingId, bookingId), eq(bookingDocuments.kind, kind), isNull(bookingDocuments.revokedAt)));
  return row;
}

/**
 * Approved bookings with a CONTRACT requirement but no current contract document, with the instant
 * of their (last) approval: what the demo data must still give a contract. One query.
 */
export async function findApprovedBookingsWithoutContract(tx: Tx): Promise<{ booking: BookingRow; approvedAt: Date }[]> {
  const rows = await queryRows<{ id: number; approved_at: string | Date }>(tx, sql`
    select b.id, coalesce((select max(c.logged_at) from change_log c where c.booking_id = b.id and c.type = 'BookingApproval'), b.updated_at) as approved_at
    from bookings b
    where b.status = 'APPROVED'
      and exists (select 1 from requirements q where q.booking_id = b.id and q.type = 'CONTRACT')
      and not exists (select 1 from booking_documents d where d.booking_id = b.id and d.kind = 'CONTRACT' and d.revoked_at is null)
    order by b.id`);
  if (rows.length === 0) return [];
  const approvedAt = new Map(rows.map((r) => [Number(r.id), new Date(r.approved_at)]));
  const found = await tx.select().from(bookings).where(inArray(bookings.id, [...approvedAt.keys()])).orderBy(bookings.id);
  return found.map((booking) => ({ booking, approvedAt: approvedAt.get(booking.id)! }));
}

export async function insertDocument(tx: Tx, doc: { bookingId: number; kind: DocumentKind; html: string; hash: string; createdAt: Date }): Promise<void> {
  await tx.insert(bookingDocuments).values(doc);
}
