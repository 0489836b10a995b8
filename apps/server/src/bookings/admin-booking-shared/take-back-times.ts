import { reservationChangeMessages } from '@lokaler/domain/admin-reservation-change';
import { rejectionMessages } from '@lokaler/domain/admin-rejection';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Tx } from '../../db/client';
import { applicantMail } from './applicant-mail';
import { changeStatus } from '../bookings';
import { conflict, type BookingRow } from './booking-access';
import { addDecisionMessage, byAdministrator } from './change-log-writer';
import { describeTimes, isActive, loadReservationRows, type ReservationRow } from './reservation-rows';
import { findLocationContact } from './repository';

export interface TakeBackOptions {
  tx: Tx;
  booking: BookingRow;
  user: AuthenticatedUser;
  /** Which of the booking's active reservations to take back. */
  select: (r: ReservationRow) => boolean;
  type: 'AssetRejection' | 'ReservationRejection';
  comment?: string | undefined;
  publicUrl: string;
}

/**
 * Takes some active times out of a booking (one room: AssetRejection; chosen times:
 * ReservationRejection). An unprocessed booking's times become REJECTED (that part of the
 * application is refused); an approved booking's become UNAVAILABLE (withdrawn after approval, as
 * the demo data shows them). Either way they stop holding their time. Taking every remaining time
 * is refused: that is rejecting the booking. One change-log entry, the comment as a decision
 * message, and the applicant's e-mail. Returns the booking's reservations afterwards.
 */
export async function takeBackTimes({ tx, booking, user, select, type, comment, publicUrl }: TakeBackOptions): Promise<ReservationRow[]> {
  if (booking.status !== 'UNPROCESSED' && booking.status !== 'APPROVED') {
    throw conflict(`Booking ${booking.id} is ${booking.status}`, reservationChangeMessages.bookingClosed);
  }
  const active = (await loadReservationRows(tx, [booking.id])).filter(isActive);
  const taken = active.filter(select);
  if (taken.length === 0)
    throw conflict(
      `No active times of booking ${booking.id} selected`,
      type === 'AssetRejection' ? rejectionMessages.noTimesInRoom : reservationChangeMessages.notActive,
    );
  if (taken.length === active.length) {
    throw conflict(
      `That would take every time of booking ${booking.id}`,
      type === 'AssetRejection' ? rejectionMessages.onlyRoom : reservationChangeMessages.allTimes,
    );
  }
  const status = booking.status === 'APPROVED' ? 'UNAVAILABLE' : 'REJECTED';
  await addDecisionMessage(tx, booking.id, comment);
  const times = describeTimes(taken);
  const location = await findLocationContact(tx, booking.locationId);
  await changeStatus(tx, {
    bookingId: booking.id,
    by: 'administrator',
    reservations: { ids: taken.map((r) => r.id), to: status },
    log: { type, ...byAdministrator(user), reservationTimes: times, comment: comment || null },
    mail: await applicantMail(
      tx,
      booking,
      {
        kind: type,
        subject: 'Tider i bookingen din er slettet',
        paragraphs: [
          `${location?.name ?? 'Lokalet'} har slettet ${taken.length === 1 ? 'en tid' : `${taken.length} tider`} i bookingen din:`,
          times.map((r) => `${r.assetDescription}: ${r.times.join(', ')}`).join('\n'),
          ...(comment ? [`Melding fra lokalet: ${comment}`] : []),
          'De andre tidene i bookingen gjelder som før.',
        ],
      },
      publicUrl,
    ),
  });
  return loadReservationRows(tx, [booking.id]);
}
