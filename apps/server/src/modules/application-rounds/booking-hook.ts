import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { BookingStatusHook } from '../bookings';
import { findRoundOfBooking } from './repository';

/**
 * An application in a semester round that is not closed is decided when the round closes
 * (decision 029): an administrator's single decision is a 409 BOOKING_IN_ROUND and changes nothing.
 */
export async function assertNotInOpenRound(db: DbOrTx, bookingId: number): Promise<void> {
  const round = await findRoundOfBooking(db, bookingId);
  if (round && round.status !== 'CLOSED') {
    throw new AppError('BOOKING_IN_ROUND', `Booking ${bookingId} is in round ${round.id} (${round.status})`, `Søknaden er med i søknadsrunden «${round.name}» og avgjøres når runden lukkes.`);
  }
}

/** The rounds' guard on the bookings module's writer: only the round itself (or the applicant's cancellation) changes a round's booking. */
export const roundDecisionGuard: BookingStatusHook = {
  name: 'semester-rounds',
  guard: async (tx, change) => {
    if (change.by === 'administrator') await assertNotInOpenRound(tx, change.bookingId);
  },
};
