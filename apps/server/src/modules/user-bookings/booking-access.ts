import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bookingNotFoundMessage } from '@lokaler/domain/user-booking-rules';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { AppError } from '../../errors';
import { effectiveIdentity, type EffectiveIdentity } from '../impersonation/effective-identity';

export type BookingRow = typeof bookings.$inferSelect;

/**
 * The bookings an identity sees: a private person's own (sent by them, for no organisation); an
 * organisation's, whoever of its representatives sent them.
 */
export function visibleTo(identity: EffectiveIdentity): SQL {
  return identity.kind === 'ORGANIZATION'
    ? eq(bookings.organizationNumber, identity.organization.number)
    : and(eq(bookings.userId, identity.user.userId), isNull(bookings.organizationNumber))!;
}

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
export async function findVisibleBooking(db: DbOrTx, identity: EffectiveIdentity, bookingId: number, options: { lock?: boolean } = {}): Promise<BookingRow> {
  const query = db.select().from(bookings).where(and(eq(bookings.id, bookingId), visibleTo(identity)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw bookingNotFound();
  return row;
}

/** The effective identity of the request and the booking it asks about (404 when not visible). */
export async function applicantBooking(request: FastifyRequest, reply: FastifyReply, bookingId: number): Promise<{ identity: EffectiveIdentity; booking: BookingRow }> {
  const identity = await effectiveIdentity(request, reply);
  const booking = await findVisibleBooking(request.server.database.db, identity, bookingId);
  return { identity, booking };
}
