import type { NextBookingQuery, NextBookingResponse } from '@lokaler/domain/admin-booking-list';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { filtersOf } from './list-admin-bookings';
import { nextInOrder } from './repository';

/**
 * GET /api/booking/next ('Neste søknad', decision 065): the application after `after` in the list's
 * order, by the same filters and sort as GET /api/booking. One query.
 */
export async function nextBooking({
  db,
  user,
  query,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  query: NextBookingQuery;
}): Promise<NextBookingResponse> {
  assertAdministers(user, query.locationId);
  return { bookingId: await nextInOrder(db, filtersOf(user, query), query.sort, query.after) };
}
