import { and, eq, inArray } from 'drizzle-orm';
import type { BookingStatus } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { Tx } from '../../db/client';
import { bookings, changeLog, reservations } from '../../db/schema/bookings';

/** Fields of a booking that may change with its status (an approval's terms, a wedding hold ending). */
export type BookingFields = Partial<Pick<typeof bookings.$inferInsert, 'costCategory' | 'marketPriceOre' | 'holdExpiresAt'>>;

export type NewChangeLogEntry = typeof changeLog.$inferInsert;

/** The booking's status, its row locked for the rest of the transaction (callers locked it already; this is cheap then). */
export async function lockBookingStatus(tx: Tx, bookingId: number): Promise<BookingStatus | undefined> {
  const [row] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
  return row?.status;
}

/** The booking's reservations chosen by id and/or by status, locked, in id order. */
export async function lockReservationStatuses(tx: Tx, bookingId: number, pick: { ids?: readonly number[] | undefined; from?: readonly ReservationStatus[] | undefined }): Promise<{ id: number; status: ReservationStatus }[]> {
  if (pick.ids?.length === 0 || pick.from?.length === 0) return [];
  const where = and(
    eq(reservations.bookingId, bookingId),
    pick.ids ? inArray(reservations.id, [...pick.ids]) : undefined,
    pick.from ? inArray(reservations.status, [...pick.from]) : undefined,
  );
  return tx.select({ id: reservations.id, status: reservations.status }).from(reservations).where(where).orderBy(reservations.id).for('update');
}

export async function writeBookingStatus(tx: Tx, bookingId: number, status: BookingStatus, fields: BookingFields, now: Date): Promise<void> {
  await tx.update(bookings).set({ ...fields, status, updatedAt: now }).where(eq(bookings.id, bookingId));
}

export async function writeReservationStatus(tx: Tx, ids: readonly number[], status: ReservationStatus, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(reservations).set({ status, updatedAt: now }).where(inArray(reservations.id, [...ids]));
}

/** Marks the booking as changed now (the lists sort and show by it). */
export async function touchBookingRow(tx: Tx, bookingId: number, now: Date): Promise<void> {
  await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, bookingId));
}

export async function insertChangeLogEntry(tx: Tx, entry: NewChangeLogEntry): Promise<void> {
  await tx.insert(changeLog).values(entry);
}
