import type { BookingStatus } from '@lokaler/domain/booking';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import type { Tx } from '../../db/client';
import { describeTimes } from '../admin-booking-shared/reservation-rows';
import { changeStatus, type ChangeMail, type NewChangeLogEntry, type StatusActor } from '../bookings';
import type { BookingRow } from '../user-bookings/booking-access';
import { loadReservations, type ReservationWithRoom } from '../user-bookings/repository';

export type ClosedStatus = Extract<BookingStatus, 'CANCELLED' | 'AUTOREJECTED'>;

/**
 * The booking's open times take the closed status: the active ones (UNPROCESSED, APPROVED), which
 * frees them, and the dates it wishes in a semester round (IN_ROUND, decision 029), which held nothing.
 */
export const openReservationStatuses = [...activeReservationStatuses, 'IN_ROUND'] as const;

export interface CloseBookingOptions {
  to: ClosedStatus;
  by: StatusActor;
  now: Date;
  /** The change-log entry; the times it closed are added to it. */
  log: Omit<NewChangeLogEntry, 'bookingId' | 'reservationTimes'>;
  /** The e-mails about the closing, given the times it closes (queued after the log). */
  mail?: (closed: ReservationWithRoom[]) => Promise<ChangeMail>;
}

/**
 * Sets the booking and its open times to a closed status through the bookings module's writer (a
 * closed booking holds nothing: a wedding time's hold, decision 012, ends with it), with the
 * change-log entry naming those times; answers those times.
 */
export async function closeBooking(tx: Tx, booking: BookingRow, { to, by, now, log, mail }: CloseBookingOptions) {
  const open = (await loadReservations(tx, [booking.id])).filter((r) => (openReservationStatuses as readonly string[]).includes(r.status));
  await changeStatus(tx, {
    bookingId: booking.id,
    by,
    now,
    booking: { to, fields: { holdExpiresAt: null } },
    reservations: { from: openReservationStatuses, to },
    log: { ...log, loggedAt: now, reservationTimes: open.length ? describeTimes(open) : null },
    mail: await mail?.(open),
  });
  return open;
}
