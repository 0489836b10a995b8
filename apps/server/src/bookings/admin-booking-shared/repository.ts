import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { bookings, decisionMessages } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { locations } from '../../db/schema/locations';

export type BookingRow = typeof bookings.$inferSelect;
/** The booking, locked for the rest of the transaction (SELECT … FOR UPDATE). */
export async function selectBookingForUpdate(tx: Tx, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  return row;
}

export async function selectBooking(db: DbOrTx, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row;
}

export async function insertDecisionMessage(tx: Tx, bookingId: number, message: string): Promise<void> {
  await tx.insert(decisionMessages).values({ bookingId, message });
}

/** The location's name and contact address, as the applicant's e-mails sign with them. */
export async function findLocationContact(
  db: DbOrTx,
  locationId: number,
): Promise<{ name: string; contactEmail: string | null } | undefined> {
  const [row] = await db
    .select({ name: locations.name, contactEmail: locations.contactEmail })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}

export async function findUserEmail(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
