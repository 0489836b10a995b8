import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { PublicLocationType } from '@lokaler/domain/location';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import type { WeddingApplicationAnswers } from '@lokaler/domain/wedding-application-answers';
import type { DbOrTx, Tx } from '../../db/client';
import { bookings, reservations } from '../../db/schema/bookings';
import { locations } from '../../db/schema/locations';
import { weddingForms } from '../../db/schema/wedding-forms';
import { updateBookingDetails } from '../../bookings';

/** The location's filter category and name (the wizard is only for WEDDINGS). */
export async function findLocationOfBooking(db: DbOrTx, locationId: number): Promise<{ name: string; filterCategory: PublicLocationType } | undefined> {
  const [row] = await db.select({ name: locations.name, filterCategory: locations.filterCategory }).from(locations).where(eq(locations.id, locationId));
  return row;
}

/** The booking's active times (UNPROCESSED or APPROVED), in date and time order. */
export async function findActiveTimes(db: DbOrTx, bookingId: number): Promise<Array<{ date: string; startTime: string; durationMinutes: number }>> {
  return db.select({ date: reservations.date, startTime: reservations.startTime, durationMinutes: reservations.durationMinutes })
    .from(reservations)
    .where(and(eq(reservations.bookingId, bookingId), inArray(reservations.status, [...activeReservationStatuses])))
    .orderBy(asc(reservations.date), asc(reservations.startTime));
}

/** When the booking's form was sent, or null (also when it has no form row yet). */
export async function findSubmittedAt(db: DbOrTx, bookingId: number): Promise<Date | null> {
  const [row] = await db.select({ submittedAt: weddingForms.submittedAt }).from(weddingForms).where(eq(weddingForms.bookingId, bookingId));
  return row?.submittedAt ?? null;
}

/** Stores the sent answers (the certificate, if any, is kept or stored apart). */
export async function saveWeddingAnswers(tx: Tx, bookingId: number, form: { answers: WeddingApplicationAnswers; applicantSsn: string | null; submittedAt: Date }): Promise<void> {
  const values = { answers: form.answers, applicantSsn: form.applicantSsn, submittedAt: form.submittedAt };
  await tx.insert(weddingForms).values({ bookingId, ...values }).onConflictDoUpdate({ target: weddingForms.bookingId, set: values });
}

/** The hold ends: the booking now waits for the wedding office like any application. */
export async function endHold(tx: Tx, bookingId: number, now: Date): Promise<void> {
  await updateBookingDetails(tx, bookingId, { holdExpiresAt: null }, now);
}

/**
 * Locks up to `limit` unprocessed bookings whose hold ran out by `now`, skipping rows another
 * process holds (FOR UPDATE SKIP LOCKED): two processes never act on one booking. A sent form ends
 * the hold, so a booking still holding is one whose form was never sent.
 */
export async function claimExpiredHolds(tx: Tx, now: Date, limit: number) {
  return tx.select().from(bookings)
    .where(and(isNotNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, now), eq(bookings.status, 'UNPROCESSED')))
    .orderBy(asc(bookings.holdExpiresAt), asc(bookings.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
