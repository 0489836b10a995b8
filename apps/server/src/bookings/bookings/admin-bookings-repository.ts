import { initialBookingStatuses } from '@lokaler/domain/booking-lifecycle';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { bookings } from '../../db/schema/bookings';
import { nextCaseNumber } from './applications-repository';

export type NewAdminBooking = Omit<typeof bookings.$inferInsert, 'id' | 'caseNumber'>;

/**
 * Inserts an administrator's booking with the next free case number 'LOK-<year>-<five digits or
 * more>' from the same sequence as citizens' bookings (db/schema/case-numbers.ts); a number that
 * exists already (demo data) is skipped by trying the next. One statement per attempt.
 */
export async function insertAdminBooking(tx: Tx, year: string, booking: NewAdminBooking) {
  // A booking starts in one of the lifecycle's first statuses (an administrator's: APPROVED).
  if (booking.status !== undefined && !initialBookingStatuses.includes(booking.status))
    throw new AppError('STATUS_TRANSITION_REFUSED', `A booking cannot start as ${booking.status}`);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const [row] = await tx
      .insert(bookings)
      .values({ ...booking, caseNumber: nextCaseNumber({ year }) })
      .onConflictDoNothing({ target: bookings.caseNumber })
      .returning();
    if (row) return row;
  }
  throw new Error('No free case number after 1000 attempts');
}
