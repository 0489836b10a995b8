import type { BookingStatusResponse } from '@lokaler/domain/user-booking';
import { effectiveCancellationDeadline, isCancellable } from '@lokaler/domain/booking-lifecycle';
import { cancellationRefusedMessage } from '@lokaler/domain/user-booking-rules';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { cancellationToLocationMail } from './cancellation-to-location-mail';
import { applicantMail } from '../admin-booking-shared/applicant-mail';
import { describeTimes } from '../admin-booking-shared/reservation-rows';
import type { EffectiveIdentity } from '../../people';
import { findVisibleBooking } from '../user-bookings/booking-access';
import { firstActiveStart, loadLocation } from '../user-bookings/repository';
import { closeBooking } from './close-booking';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PATCH /booking/{id} { status: 'cancelled' }: the applicant cancels, allowed exactly while the
 * booking is cancellable (unprocessed; approved until the deadline), else 409 with the text that
 * sends them to the location (the wedding office for weddings). In one transaction: the booking and
 * its active times become CANCELLED — which frees the times at once, as the no-double-booking
 * constraint covers only active rows — with the change-log entry, key access withdrawn (the keys'
 * after-change step), and the
 * e-mails to the applicant and the location queued.
 */
export async function cancelBooking({
  db,
  identity,
  bookingId,
  now,
  publicUrl,
}: {
  db: Db;
  identity: EffectiveIdentity;
  bookingId: number;
  now: Date;
  publicUrl: string;
}): Promise<BookingStatusResponse> {
  return writeTransaction(db, async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    await lockRoomsOfBookings(tx, [booking.id]);
    const deadline = effectiveCancellationDeadline(booking, await firstActiveStart(tx, booking.id));
    const location = await loadLocation(tx, booking.locationId);
    if (!isCancellable({ status: booking.status, cancellationDeadline: deadline }, now)) {
      const userMsg = cancellationRefusedMessage({
        status: booking.status,
        sourceForm: booking.sourceForm,
        locationName: location.name,
        contactEmail: location.contactEmail,
      });
      throw new AppError('CONFLICT', `Booking ${booking.id} (${booking.status}) cannot be cancelled by the applicant now`, userMsg);
    }
    await closeBooking(tx, booking, {
      to: 'CANCELLED',
      by: 'applicant',
      now,
      log: { type: 'BookingCancellation', userId: identity.user.userId, userName: identity.user.name },
      mail: async (cancelled) => {
        const toApplicant = await applicantMail(
          tx,
          booking,
          {
            kind: 'BookingCancellation',
            subject: 'Bookingen er kansellert',
            paragraphs: [`Bookingen din hos ${location.name} er kansellert. Tidene er gitt fri, og andre kan nå søke om dem.`],
          },
          publicUrl,
        );
        const times = describeTimes(cancelled).flatMap((r) => r.times.map((t) => `${r.assetDescription}: ${t}`));
        const toLocation =
          location.contactEmail && booking.status === 'APPROVED'
            ? cancellationToLocationMail({
                to: location.contactEmail,
                bookingId: booking.id,
                caseNumber: booking.caseNumber,
                freedTimes: times,
              })
            : null;
        return [toApplicant, toLocation].filter((m) => m !== null);
      },
    });
    return { bookingId: booking.id, status: 'CANCELLED', internalEventTitle: booking.internalEventTitle };
  });
}
