import { and, asc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { PublicLocationType } from '@lokaler/domain/location';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import type { WeddingApplicationAnswers } from '@lokaler/domain/wedding-application-answers';
import type { DbOrTx, Tx } from '../../db/client';
import { bookings, reservations } from '../../db/schema/bookings';
import { locations } from '../../db/schema/locations';
import { weddingForms, weddingWizardVisits } from '../../db/schema/wedding-forms';
import { updateBookingDetails } from '../../bookings';

/** The location's filter category and name (the wizard is only for WEDDINGS). */
export async function findLocationOfBooking(
  db: DbOrTx,
  locationId: number,
): Promise<{ name: string; filterCategory: PublicLocationType } | undefined> {
  const [row] = await db
    .select({ name: locations.name, filterCategory: locations.filterCategory })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}

/** The booking's active times (UNPROCESSED or APPROVED), in date and time order. */
export async function findActiveTimes(
  db: DbOrTx,
  bookingId: number,
): Promise<Array<{ date: string; startTime: string; durationMinutes: number }>> {
  return db
    .select({ date: reservations.date, startTime: reservations.startTime, durationMinutes: reservations.durationMinutes })
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
export async function saveWeddingAnswers(
  tx: Tx,
  bookingId: number,
  form: { answers: WeddingApplicationAnswers; applicantSsn: string | null; submittedAt: Date },
): Promise<void> {
  const values = { answers: form.answers, applicantSsn: form.applicantSsn, submittedAt: form.submittedAt };
  await tx
    .insert(weddingForms)
    .values({ bookingId, ...values })
    .onConflictDoUpdate({ target: weddingForms.bookingId, set: values });
}

/** The hold ends: the booking now waits for the wedding office like any application. */
export async function endHold(tx: Tx, bookingId: number, now: Date): Promise<void> {
  await updateBookingDetails(tx, bookingId, { holdExpiresAt: null }, now);
}

/** Decision 038: when the time goes because the wizard's page went away and did not come back, or null. */
export async function findReleaseAt(db: DbOrTx, bookingId: number): Promise<Date | null> {
  const [row] = await db
    .select({ releaseAt: weddingWizardVisits.releaseAt })
    .from(weddingWizardVisits)
    .where(eq(weddingWizardVisits.bookingId, bookingId));
  return row?.releaseAt ?? null;
}

/** A page of the wizard opened (a first load, a reload, a restored tab): it is the booking's page now, and nothing is to be let go. */
export async function openWizardVisit(tx: Tx, bookingId: number, visitId: string): Promise<void> {
  await tx
    .insert(weddingWizardVisits)
    .values({ bookingId, visitId, releaseAt: null })
    .onConflictDoUpdate({ target: weddingWizardVisits.bookingId, set: { visitId, releaseAt: null } });
}

/**
 * The page `visitId` went away: the time goes at `releaseAt` unless a page opens again first. A page
 * that is no longer the booking's (a reload's new page opened before the old one's call arrived)
 * changes nothing. Returns whether the release moment was set.
 */
export async function leaveWizardVisit(tx: Tx, bookingId: number, visitId: string, releaseAt: Date): Promise<boolean> {
  const rows = await tx
    .insert(weddingWizardVisits)
    .values({ bookingId, visitId, releaseAt })
    .onConflictDoUpdate({ target: weddingWizardVisits.bookingId, set: { releaseAt }, setWhere: eq(weddingWizardVisits.visitId, visitId) })
    .returning({ bookingId: weddingWizardVisits.bookingId });
  return rows.length > 0;
}

/**
 * Locks up to `limit` unprocessed bookings whose hold ran out by `now` — the 30 minutes, or the
 * release moment of a wizard page that went away (decision 038) — skipping rows another process holds
 * (FOR UPDATE SKIP LOCKED of the booking): two processes never act on one booking. A sent form ends
 * the hold, so a booking still holding is one whose form was never sent. `left` says the page went away.
 */
export async function claimExpiredHolds(tx: Tx, now: Date, limit: number) {
  const rows = await tx
    .select({ booking: bookings, releaseAt: weddingWizardVisits.releaseAt })
    .from(bookings)
    .leftJoin(weddingWizardVisits, eq(weddingWizardVisits.bookingId, bookings.id))
    .where(
      and(
        isNotNull(bookings.holdExpiresAt),
        eq(bookings.status, 'UNPROCESSED'),
        or(lte(bookings.holdExpiresAt, now), lte(weddingWizardVisits.releaseAt, now)),
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt), asc(bookings.id))
    .limit(limit)
    .for('update', { of: bookings, skipLocked: true });
  return rows.map(({ booking, releaseAt }) => ({
    booking,
    left: releaseAt !== null && releaseAt.getTime() <= now.getTime() && booking.holdExpiresAt!.getTime() > now.getTime(),
  }));
}
