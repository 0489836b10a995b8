import { eq } from 'drizzle-orm';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx, Tx } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { AppError } from '../../errors';

export type BookingRow = typeof bookings.$inferSelect;

/**
 * The booking an administrator acts on, locked for the rest of the transaction (SELECT … FOR
 * UPDATE): two administrators deciding on the same booking at once are serialised here, and the
 * second sees the first's result. 404 when it does not exist, 403 when it belongs to a location the
 * caller does not administer. Lock order everywhere: the booking first, then its rooms.
 */
export async function lockBookingForAdmin(tx: Tx, bookingId: number, user: AuthenticatedUser): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!row) throw AppError.notFound(`Booking ${bookingId}`);
  assertAdministers(user, row.locationId);
  return row;
}

/** The same check for reading: 404 / 403 as above, no lock. */
export async function findBookingForAdmin(db: DbOrTx, bookingId: number, user: AuthenticatedUser): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw AppError.notFound(`Booking ${bookingId}`);
  assertAdministers(user, row.locationId);
  return row;
}

/** Marks the booking as changed now (the lists sort and show by it). */
export async function touchBooking(tx: Tx, bookingId: number, fields: Partial<typeof bookings.$inferInsert> = {}): Promise<void> {
  await tx.update(bookings).set({ ...fields, updatedAt: new Date() }).where(eq(bookings.id, bookingId));
}

/** 409 with a message the admin UI shows as is. */
export function conflict(msg: string, userMsg: string, extra: AppError['extra'] = {}): AppError {
  return new AppError('CONFLICT', msg, userMsg, extra);
}
