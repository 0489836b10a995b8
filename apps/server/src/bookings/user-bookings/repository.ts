import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { bookings, changeLog, decisionMessages, requirements } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { locations } from '../../db/schema/locations';
import { weddingWizardVisits } from '../../db/schema/wedding-forms';
import type { EffectiveIdentity } from '../../people';

/** Every query of the applicant's booking pages. A list runs a fixed number of queries, whatever its length. */

export type BookingRow = typeof bookings.$inferSelect;

/**
 * The bookings an identity sees: a private person's own (sent by them, for no organisation); an
 * organisation's, whoever of its representatives sent them.
 */
function visibleTo(identity: EffectiveIdentity): SQL {
  return identity.kind === 'ORGANIZATION'
    ? eq(bookings.organizationNumber, identity.organization.number)
    : and(eq(bookings.userId, identity.user.userId), isNull(bookings.organizationNumber))!;
}

/** The booking if the identity sees it; `lock` takes a row lock (SELECT … FOR UPDATE). */
export async function selectVisibleBooking(
  db: DbOrTx,
  identity: EffectiveIdentity,
  bookingId: number,
  options: { lock?: boolean } = {},
): Promise<BookingRow | undefined> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), visibleTo(identity)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function listVisibleBookings(db: DbOrTx, identity: EffectiveIdentity): Promise<(BookingRow & { locationName: string })[]> {
  const rows = await db
    .select({ booking: bookings, locationName: locations.name })
    .from(bookings)
    .innerJoin(locations, eq(locations.id, bookings.locationId))
    .where(visibleTo(identity))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map((r) => ({ ...r.booking, locationName: r.locationName }));
}

export type { ReservationWithRoom } from '../../db/reservation-repository';
export { loadReservationsWithRooms as loadReservations } from '../../db/reservation-repository';

export type RequirementRow = typeof requirements.$inferSelect;

export async function loadRequirements(db: DbOrTx, bookingIds: readonly number[]): Promise<RequirementRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(requirements)
    .where(inArray(requirements.bookingId, [...bookingIds]))
    .orderBy(asc(requirements.id));
}

export async function loadDecisionMessages(db: DbOrTx, bookingId: number) {
  return db
    .select({ message: decisionMessages.message, createdAt: decisionMessages.createdAt })
    .from(decisionMessages)
    .where(eq(decisionMessages.bookingId, bookingId))
    .orderBy(asc(decisionMessages.createdAt), asc(decisionMessages.id));
}

export type LocationRow = typeof locations.$inferSelect;

export async function loadLocation(db: DbOrTx, locationId: number): Promise<LocationRow> {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!row) throw new Error(`Location ${locationId} of a booking is missing`);
  return row;
}

export async function loadUser(db: DbOrTx, userId: number | null): Promise<{ name: string; email: string | null } | null> {
  if (userId === null) return null;
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function loadChangeLog(db: DbOrTx, bookingId: number) {
  return db.select().from(changeLog).where(eq(changeLog.bookingId, bookingId)).orderBy(asc(changeLog.loggedAt), asc(changeLog.id));
}

/** The administrator's current (not revoked) documents of the booking: which kinds exist. */
export async function currentDocumentKinds(db: DbOrTx, bookingId: number): Promise<Set<'CONTRACT' | 'VEDTAK'>> {
  const rows = await db
    .select({ kind: bookingDocuments.kind })
    .from(bookingDocuments)
    .where(and(eq(bookingDocuments.bookingId, bookingId), isNull(bookingDocuments.revokedAt)));
  return new Set(rows.map((r) => r.kind));
}

/** When the first active (UNPROCESSED/APPROVED) time of the booking starts, as an instant; null without one. */
export async function firstActiveStart(db: DbOrTx, bookingId: number): Promise<Date | null> {
  const [row] = await queryRows<{ start: string | Date | null }>(
    db,
    sql`
    select min(lower(period)) as start from reservations
    where booking_id = ${bookingId} and status in ('UNPROCESSED', 'APPROVED')`,
  );
  return row?.start ? new Date(row.start) : null;
}

/** Decision 038: when a held wedding's time goes because the wizard's page went away, or null. */
export async function findWeddingReleaseAt(db: DbOrTx, bookingId: number): Promise<Date | null> {
  const [row] = await db
    .select({ releaseAt: weddingWizardVisits.releaseAt })
    .from(weddingWizardVisits)
    .where(eq(weddingWizardVisits.bookingId, bookingId));
  return row?.releaseAt ?? null;
}
