import { and, eq, inArray } from 'drizzle-orm';
import type { BookingStatus } from '@lokaler/domain/booking';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import type { Tx } from '../../db/client';
import { bookings, reservations } from '../../db/schema/bookings';

export type ClosedStatus = Extract<BookingStatus, 'CANCELLED' | 'AUTOREJECTED'>;

/**
 * The booking's open times take the closed status: the active ones (UNPROCESSED, APPROVED), which
 * frees them, and the dates it wishes in a semester round (IN_ROUND, decision 029), which held nothing.
 */
export const openReservationStatuses = [...activeReservationStatuses, 'IN_ROUND'] as const;

export async function closeActiveReservations(tx: Tx, bookingId: number, status: ClosedStatus, now: Date): Promise<void> {
  await tx.update(reservations).set({ status, updatedAt: now })
    .where(and(eq(reservations.bookingId, bookingId), inArray(reservations.status, [...openReservationStatuses])));
}

/** A closed booking holds nothing: a wedding time's hold (decision 012) ends with it. */
export async function setBookingStatus(tx: Tx, bookingId: number, status: ClosedStatus, now: Date): Promise<void> {
  await tx.update(bookings).set({ status, updatedAt: now, holdExpiresAt: null }).where(eq(bookings.id, bookingId));
}
