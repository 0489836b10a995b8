import { and, eq, inArray } from 'drizzle-orm';
import type { BookingStatus } from '@lokaler/domain/booking';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import type { BookingStatusResponse } from '@lokaler/domain/user-booking';
import { cancellationRefusedMessage, isCancellable } from '@lokaler/domain/user-booking-rules';
import type { Db, Tx } from '../../db/client';
import { bookings, changeLog, reservations } from '../../db/schema/bookings';
import { AppError } from '../../errors';
import { enqueueMail } from '../../integrations/mail/outbox';
import { notifyApplicant } from '../admin-booking-shared/applicant-mail';
import { describeTimes } from '../admin-booking-shared/reservation-rows';
import type { EffectiveIdentity } from '../impersonation/effective-identity';
import { syncKeyAccess } from '../oslonokkelen/sync-key-access';
import { findVisibleBooking, type BookingRow } from '../user-bookings/booking-access';
import { firstActiveStart, loadLocation, loadReservations } from '../user-bookings/repository';
import { effectiveCancellationDeadline } from '../user-bookings/to-user-booking';

/**
 * PATCH /booking/{id} { status: 'cancelled' }: the applicant cancels, allowed exactly while the
 * booking is cancellable (unprocessed; approved until the deadline), else 409 with the text that
 * sends them to the location (the wedding office for weddings). In one transaction: the booking and
 * its active times become CANCELLED — which frees the times at once, as the no-double-booking
 * constraint covers only active rows — with the change-log entry, key access withdrawn, and the
 * e-mails to the applicant and the location queued.
 */
export async function cancelBooking({ db, identity, bookingId, now, publicUrl }: { db: Db; identity: EffectiveIdentity; bookingId: number; now: Date; publicUrl: string }): Promise<BookingStatusResponse> {
  return db.transaction(async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    const deadline = effectiveCancellationDeadline(booking, await firstActiveStart(tx, booking.id));
    const location = await loadLocation(tx, booking.locationId);
    if (!isCancellable({ status: booking.status, cancellationDeadline: deadline }, now)) {
      const userMsg = cancellationRefusedMessage({ status: booking.status, sourceForm: booking.sourceForm, locationName: location.name, contactEmail: location.contactEmail });
      throw new AppError('CONFLICT', `Booking ${booking.id} (${booking.status}) cannot be cancelled by the applicant now`, userMsg);
    }
    const cancelled = await closeBooking(tx, booking, 'CANCELLED', now);
    await tx.insert(changeLog).values({
      bookingId: booking.id, type: 'BookingCancellation', loggedAt: now, userId: identity.user.userId, userName: identity.user.name,
      reservationTimes: cancelled.length ? describeTimes(cancelled) : null,
    });
    await syncKeyAccess(tx, booking.id);
    await notifyApplicant(tx, booking, {
      kind: 'BookingCancellation',
      subject: 'Bookingen er kansellert',
      paragraphs: [`Bookingen din hos ${location.name} er kansellert. Tidene er gitt fri, og andre kan nå søke om dem.`],
    }, publicUrl);
    if (location.contactEmail && booking.status === 'APPROVED') {
      const times = describeTimes(cancelled).flatMap((r) => r.times.map((t) => `${r.assetDescription}: ${t}`));
      await enqueueMail(tx, {
        to: location.contactEmail,
        subject: `Godkjent booking kansellert av søker (${booking.caseNumber})`,
        text: [`Søkeren har kansellert den godkjente bookingen ${booking.caseNumber}. Disse tidene er nå ledige:`, '', ...times].join('\n'),
        topic: { kind: 'BookingCancellationToLocation', bookingId: booking.id },
      });
    }
    return { bookingId: booking.id, status: 'CANCELLED', internalEventTitle: booking.internalEventTitle };
  });
}

/**
 * PUT /user/booking/{id}/autoreject: the applicant left the wedding form without sending it, so the
 * held time is let go (AUTOREJECTED). Only for a wedding application that is still unprocessed;
 * repeating it changes nothing.
 */
export async function autorejectBooking({ db, identity, bookingId, now }: { db: Db; identity: EffectiveIdentity; bookingId: number; now: Date }): Promise<BookingStatusResponse> {
  return db.transaction(async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    if (booking.sourceForm !== 'wedding') {
      throw new AppError('CONFLICT', `Booking ${booking.id} is not a wedding application`, 'Bare søknader om vielse kan avbrytes på denne måten.');
    }
    if (booking.status === 'AUTOREJECTED') return { bookingId: booking.id, status: booking.status, internalEventTitle: booking.internalEventTitle };
    if (booking.status !== 'UNPROCESSED') {
      throw new AppError('CONFLICT', `Booking ${booking.id} is ${booking.status}`, 'Søknaden er allerede behandlet og kan ikke avbrytes her.');
    }
    await autorejectInTransaction(tx, booking, now, 'Søknadsskjemaet for vielse ble ikke fullført.');
    return { bookingId: booking.id, status: 'AUTOREJECTED', internalEventTitle: booking.internalEventTitle };
  });
}

/**
 * Auto-rejects a locked, unprocessed booking in the caller's transaction: its active times and the
 * booking become AUTOREJECTED, with a BookingRejection entry by 'System' (as the expiry of a held
 * wedding slot does), and key access withdrawn. For the wedding hold-expiry job as well.
 */
export async function autorejectInTransaction(tx: Tx, booking: BookingRow, now: Date, reason: string): Promise<void> {
  const released = await closeBooking(tx, booking, 'AUTOREJECTED', now);
  await tx.insert(changeLog).values({
    bookingId: booking.id, type: 'BookingRejection', loggedAt: now, userName: 'System', comment: reason,
    reservationTimes: released.length ? describeTimes(released) : null,
  });
  await syncKeyAccess(tx, booking.id);
}

/** Sets the booking and its active times to a closed status; answers the times it released. */
async function closeBooking(tx: Tx, booking: BookingRow, status: Extract<BookingStatus, 'CANCELLED' | 'AUTOREJECTED'>, now: Date) {
  const active = (await loadReservations(tx, [booking.id])).filter((r) => (activeReservationStatuses as readonly string[]).includes(r.status));
  if (active.length) {
    await tx.update(reservations).set({ status, updatedAt: now })
      .where(and(eq(reservations.bookingId, booking.id), inArray(reservations.status, [...activeReservationStatuses])));
  }
  await tx.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, booking.id));
  return active;
}
