import type { BookingStatusResponse } from '@lokaler/domain/user-booking';
import type { Db, Tx } from '../../db/client';
import type { StatusActor } from '../bookings';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../../people';
import { findVisibleBooking, type BookingRow } from '../user-bookings/booking-access';
import { closeBooking } from './close-booking';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PUT /user/booking/{id}/autoreject: the applicant left the wedding form without sending it, so the
 * held time is let go (AUTOREJECTED). Only for a wedding application that is still unprocessed;
 * repeating it changes nothing.
 */
export async function autorejectBooking({
  db,
  identity,
  bookingId,
  now,
}: {
  db: Db;
  identity: EffectiveIdentity;
  bookingId: number;
  now: Date;
}): Promise<BookingStatusResponse> {
  return writeTransaction(db, async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    await lockRoomsOfBookings(tx, [booking.id]);
    if (booking.sourceForm !== 'wedding') {
      throw new AppError(
        'CONFLICT',
        `Booking ${booking.id} is not a wedding application`,
        'Bare søknader om vielse kan avbrytes på denne måten.',
      );
    }
    if (booking.status === 'AUTOREJECTED')
      return { bookingId: booking.id, status: booking.status, internalEventTitle: booking.internalEventTitle };
    if (booking.status !== 'UNPROCESSED') {
      throw new AppError(
        'CONFLICT',
        `Booking ${booking.id} is ${booking.status}`,
        'Søknaden er allerede behandlet og kan ikke avbrytes her.',
      );
    }
    await autorejectInTransaction(tx, booking, now, 'Søknadsskjemaet for vielse ble ikke fullført.', 'applicant');
    return { bookingId: booking.id, status: 'AUTOREJECTED', internalEventTitle: booking.internalEventTitle };
  });
}

/**
 * Auto-rejects a locked, unprocessed booking in the caller's transaction: its active times and the
 * booking become AUTOREJECTED, with a BookingRejection entry by 'System' (as the expiry of a held
 * wedding slot does), and key access withdrawn (the keys' after-change step). For the wedding
 * hold-expiry job as well (`by` 'system').
 */
export async function autorejectInTransaction(
  tx: Tx,
  booking: BookingRow,
  now: Date,
  reason: string,
  by: StatusActor = 'system',
): Promise<void> {
  await closeBooking(tx, booking, { to: 'AUTOREJECTED', by, now, log: { type: 'BookingRejection', userName: 'System', comment: reason } });
}
