import type { UserBooking } from '@lokaler/domain/user-booking';
import type { DbOrTx } from '../../db/client';
import { findRoundOfBooking } from '../../rounds';
import { listShownPermissions } from './key-permissions-repository';
import type { BookingRow } from './booking-access';
import {
  currentDocumentKinds,
  findWeddingReleaseAt,
  firstActiveStart,
  loadChangeLog,
  loadDecisionMessages,
  loadLocation,
  loadRequirements,
  loadReservations,
  loadUser,
} from './repository';
import { toUserBooking } from './to-user-booking';

/** GET /user/booking/{id} for a booking the caller sees (the route checked it). */
export async function getUserBooking({ db, booking, now }: { db: DbOrTx; booking: BookingRow; now: Date }): Promise<UserBooking> {
  return toUserBooking({
    booking,
    location: await loadLocation(db, booking.locationId),
    creator: await loadUser(db, booking.userId),
    reservations: await loadReservations(db, [booking.id]),
    requirements: await loadRequirements(db, [booking.id]),
    decisionMessages: await loadDecisionMessages(db, booking.id),
    changeLog: await loadChangeLog(db, booking.id),
    documentKinds: await currentDocumentKinds(db, booking.id),
    permissions: await listShownPermissions(db, booking.id),
    firstActiveStart: await firstActiveStart(db, booking.id),
    round: await findRoundOfBooking(db, booking.id),
    weddingReleaseAt: booking.sourceForm === 'wedding' && booking.holdExpiresAt ? await findWeddingReleaseAt(db, booking.id) : null,
    now,
  });
}
