import {
  reservationChangeMessages,
  type AddReservationsBody,
  type ReservationsChangedResponse,
} from '@lokaler/domain/admin-reservation-change';
import { toBookingReservation } from '@lokaler/domain/booking-reservation';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { notifyApplicant } from '../admin-booking-shared/applicant-mail';
import { conflict, lockBookingToDecide, touchBooking } from '../admin-booking-shared/booking-access';
import { writeChangeLog } from '../admin-booking-shared/change-log-writer';
import { describeTimes, loadReservationRows } from '../admin-booking-shared/reservation-rows';
import { findLocationContact } from '../admin-booking-shared/repository';
import { checkAdminTimes, insertAcceptedTimes } from './check-admin-times';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

/**
 * POST /api/booking/{id}/reservations: times added to a booking by its administrator, all or none,
 * in one transaction. They take the booking's state (approved times in an approved booking). One
 * ReservationAddition entry and the applicant's e-mail.
 */
export async function addReservations({
  db,
  user,
  bookingId,
  body,
  publicUrl,
  now,
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
  body: AddReservationsBody;
  publicUrl: string;
  now?: Date;
}): Promise<ReservationsChangedResponse> {
  return writeTransaction(db, async (tx) => {
    const booking = await lockBookingToDecide(tx, bookingId, user);
    await lockRoomsOfBookings(
      tx,
      [bookingId],
      body.availabilityData.probablyAvailable.map((e) => e.bookableAssetId),
    );
    if (booking.status !== 'UNPROCESSED' && booking.status !== 'APPROVED')
      throw conflict(`Booking ${bookingId} is ${booking.status}`, reservationChangeMessages.bookingClosed);
    const accepted = await checkAdminTimes({
      tx,
      user,
      locationId: booking.locationId,
      entries: body.availabilityData.probablyAvailable,
      isRepeating: body.isRepeating,
      includeBlockedSlots: body.includeBlockedSlots,
      includeClosedDates: body.includeClosedDates,
      ...(now ? { now } : {}),
    });
    await insertAcceptedTimes(tx, bookingId, accepted, booking.status === 'APPROVED' ? 'APPROVED' : 'UNPROCESSED');
    await touchBooking(tx, bookingId);
    const added = describeTimes(accepted);
    await writeChangeLog(tx, { bookingId, type: 'ReservationAddition', user, reservationTimes: added, comment: body.comment || null });
    const location = await findLocationContact(tx, booking.locationId);
    await notifyApplicant(
      tx,
      booking,
      {
        kind: 'ReservationAddition',
        subject: 'Nye tider i bookingen din',
        paragraphs: [
          `${location?.name ?? 'Lokalet'} har lagt til ${accepted.length === 1 ? 'en tid' : `${accepted.length} tider`} i bookingen din:`,
          added.map((r) => `${r.assetDescription}: ${r.times.join(', ')}`).join('\n'),
          ...(body.comment ? [`Melding fra lokalet: ${body.comment}`] : []),
        ],
      },
      publicUrl,
    );
    return { bookingId, reservations: (await loadReservationRows(tx, [bookingId])).map(toBookingReservation) };
  });
}
