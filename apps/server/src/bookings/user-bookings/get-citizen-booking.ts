import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { applicantBooking } from './booking-access';
import { getUserBooking } from './get-user-booking';

/**
 * GET /booking/{id} as a citizen calls it (spec 02 §7, the wedding page): the same body as
 * GET /user/booking/{id}, for a booking the caller's identity sees; any other id is the one 404
 * 'Fant ikke bookingen'. The admin-booking-view route dispatches here for a portal token.
 */
export async function getCitizenBooking(request: FastifyRequest, reply: FastifyReply, bookingId: number): Promise<UserBooking> {
  const { booking } = await applicantBooking(request, reply, bookingId);
  return getUserBooking({ db: request.server.database.db, booking, now: new Date() });
}
