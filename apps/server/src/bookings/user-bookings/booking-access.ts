import type { FastifyReply, FastifyRequest } from 'fastify';
import { bookingNotFoundMessage } from '@lokaler/domain/user-booking-rules';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { effectiveIdentity, type EffectiveIdentity } from '../../people';
import { selectVisibleBooking, type BookingRow } from './repository';

export type { BookingRow };

/**
 * The same 404 for a booking that does not exist and one the caller may not see, so that nobody
 * learns which ids exist (the id is not in the message either).
 */
export function bookingNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Booking not found', bookingNotFoundMessage);
}

/**
 * The booking if the identity sees it; `lock` takes a row lock (SELECT … FOR UPDATE) for the rest of
 * the transaction, the first lock of every applicant write (lock order: booking, then its rows).
 */
export async function findVisibleBooking(
  db: DbOrTx,
  identity: EffectiveIdentity,
  bookingId: number,
  options: { lock?: boolean } = {},
): Promise<BookingRow> {
  const row = await selectVisibleBooking(db, identity, bookingId, options);
  if (!row) throw bookingNotFound();
  return row;
}

/**
 * For routes (it reads the request's identity, and may refresh the identity cookie on the reply):
 * the effective identity of the request and the booking it asks about (404 when not visible).
 */
export async function applicantBooking(
  request: FastifyRequest,
  reply: FastifyReply,
  bookingId: number,
): Promise<{ identity: EffectiveIdentity; booking: BookingRow }> {
  const identity = await effectiveIdentity(request, reply);
  const booking = await findVisibleBooking(request.server.database.db, identity, bookingId);
  return { identity, booking };
}
