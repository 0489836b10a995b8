import {
  reservationChangeMessages,
  type ChangeReservationBody,
  type ReservationsChangedResponse,
} from '@lokaler/domain/admin-reservation-change';
import { daysBetween } from '@lokaler/domain/scheduling/calendar-date';
import { toBookingReservation } from '@lokaler/domain/booking-reservation';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { applicantMail } from '../admin-booking-shared/applicant-mail';
import { conflict, lockBookingToDecide } from '../admin-booking-shared/booking-access';
import { byAdministrator } from '../admin-booking-shared/change-log-writer';
import { changeStatus, recordChange } from '../bookings';
import { describeTimes, isActive, loadReservationRows } from '../admin-booking-shared/reservation-rows';
import { findLocationContact } from '../admin-booking-shared/repository';
import { checkAdminTimes, insertAcceptedTimes } from './check-admin-times';
import { findReservationBookings } from './repository';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

export interface ChangeReservationOptions {
  db: Db;
  user: AuthenticatedUser;
  reservationId: number;
  body: ChangeReservationBody;
  publicUrl: string;
  now?: Date;
}

/**
 * PUT /api/reservation/{id}: one time replaced by the new ones (the same room, or the room
 * newBookableAssetId names, which must belong to the booking's location), in one transaction.
 * The old row is kept as REPLACED (the applicant's page and the change log show what it was) and the
 * new rows take its status; the new times are checked with the old one ignored, so a time can be
 * shortened or moved within itself. One ReservationChange entry with before and after, and the
 * applicant's e-mail.
 */
export async function changeReservation({
  db,
  user,
  reservationId,
  body,
  publicUrl,
  now,
}: ChangeReservationOptions): Promise<ReservationsChangedResponse> {
  return writeTransaction(db, async (tx) => {
    const [found] = await findReservationBookings(tx, [reservationId]);
    if (!found) throw AppError.notFound(`Reservation ${reservationId}`);
    const booking = await lockBookingToDecide(tx, found.bookingId, user);
    await lockRoomsOfBookings(tx, [booking.id], body.newBookableAssetId ? [body.newBookableAssetId] : []);
    if (booking.status !== 'UNPROCESSED' && booking.status !== 'APPROVED')
      throw conflict(`Booking ${booking.id} is ${booking.status}`, reservationChangeMessages.bookingClosed);
    const old = (await loadReservationRows(tx, [booking.id])).find((r) => r.id === reservationId)!;
    if (!isActive(old)) throw conflict(`Reservation ${reservationId} is ${old.status}`, reservationChangeMessages.notActive);

    // A new time stays part of the series when it is on the series' weekday.
    const series = (date: string) =>
      old.initialRepetitionDate &&
      daysBetween(old.initialRepetitionDate, date) >= 0 &&
      daysBetween(old.initialRepetitionDate, date) % 7 === 0
        ? old.initialRepetitionDate
        : null;
    const accepted = await checkAdminTimes({
      tx,
      user,
      locationId: booking.locationId,
      isRepeating: false,
      reservationIdsToIgnore: [old.id],
      ...(now ? { now } : {}),
      entries: [
        {
          bookableAssetId: body.newBookableAssetId ?? old.bookableAssetId,
          datesAndTimes: body.updateReservations.map((u) => ({
            date: u.newDate,
            startTime: u.newStartTime,
            duration: u.newDuration,
            initialRepetitionDate: null,
          })),
        },
      ],
    });
    // The old row stops holding its time first, so the new ones can take it; the change is recorded once they are in.
    await changeStatus(tx, { bookingId: booking.id, by: 'administrator', reservations: { ids: [old.id], to: 'REPLACED' }, log: null });
    const status = old.status === 'APPROVED' ? 'APPROVED' : 'UNPROCESSED';
    await insertAcceptedTimes(
      tx,
      booking.id,
      accepted.map((t) => ({ ...t, initialRepetitionDate: series(t.date) })),
      status,
    );

    const before = describeTimes([old]);
    const after = describeTimes(accepted);
    const location = await findLocationContact(tx, booking.locationId);
    await recordChange(
      tx,
      {
        bookingId: booking.id,
        type: 'ReservationChange',
        ...byAdministrator(user),
        reservationTimes: before,
        newReservationTimes: after,
        comment: body.comment || null,
      },
      await applicantMail(
        tx,
        booking,
        {
          kind: 'ReservationChange',
          subject: 'En tid i bookingen din er endret',
          paragraphs: [
            `${location?.name ?? 'Lokalet'} har endret en tid i bookingen din.`,
            `Før: ${before.map((r) => `${r.assetDescription} ${r.times.join(', ')}`).join('; ')}`,
            `Nå: ${after.map((r) => `${r.assetDescription} ${r.times.join(', ')}`).join('; ')}`,
            ...(body.comment ? [`Melding fra lokalet: ${body.comment}`] : []),
          ],
        },
        publicUrl,
      ),
    );
    return { bookingId: booking.id, reservations: (await loadReservationRows(tx, [booking.id])).map(toBookingReservation) };
  });
}
