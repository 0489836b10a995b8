import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { findRoundOfBooking } from './repository';

/**
 * An application in a semester round that is not closed is decided when the round closes
 * (decision 029): an administrator's single decision is a 409 BOOKING_IN_ROUND and changes nothing.
 */
export async function assertNotInOpenRound(db: DbOrTx, bookingId: number): Promise<void> {
  const round = await findRoundOfBooking(db, bookingId);
  if (round && round.status !== 'CLOSED') {
    throw new AppError(
      'BOOKING_IN_ROUND',
      `Booking ${bookingId} is in round ${round.id} (${round.status})`,
      `Søknaden er med i søknadsrunden «${round.name}» og avgjøres når runden lukkes.`,
    );
  }
}

/**
 * The rounds' guard on the bookings module's writer: only the round itself (or the applicant's cancellation) changes a round's booking.
 * Shaped as the writer's BookingStatusHook (registered in areas.ts); written out here because the
 * rounds area sits below bookings and does not import it.
 */
export const roundDecisionGuard = {
  name: 'semester-rounds',
  guard: async (tx: Tx, change: { by: string; bookingId: number }): Promise<void> => {
    if (change.by === 'administrator') await assertNotInOpenRound(tx, change.bookingId);
  },
};
