import { tilsynsvaktProblem } from '@lokaler/domain/admin-approval';
import { calculateSelvkost, type SelvkostCalculationResponse } from '@lokaler/domain/admin-selvkost';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBookingForAdmin } from '../admin-booking-shared/booking-access';
import { isActive, loadReservationRows } from '../admin-booking-shared/reservation-rows';
import { findSelvkostPrices } from './repository';
import { noPrices } from './get-selvkost-prices';

export interface CalculationOptions {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
  bookingId: number;
  hasTilsynsvakt?: boolean | undefined;
  tilsynsvaktWeekdays?: readonly DayOfWeek[] | undefined;
}

/** GET /api/selvkost/calculation: the cost-based price of the booking's active times with the location's prices. */
export async function getSelvkostCalculation(options: CalculationOptions): Promise<SelvkostCalculationResponse> {
  const { db, user, locationId, bookingId } = options;
  assertAdministers(user, locationId);
  const tilsynsvakt = tilsynsvaktProblem(options);
  if (tilsynsvakt)
    throw new AppError('VALIDATION', 'hasTilsynsvakt without tilsynsvaktWeekdays', tilsynsvakt, {
      fields: [{ path: 'querystring.tilsynsvaktWeekdays', message: tilsynsvakt }],
    });
  const booking = await findBookingForAdmin(db, bookingId, user);
  if (booking.locationId !== locationId) throw AppError.notFound(`Booking ${bookingId} at location ${locationId}`);
  const prices = await findSelvkostPrices(db, locationId);
  if (!prices) throw noPrices(locationId);
  const reservations = (await loadReservationRows(db, [bookingId])).filter(isActive);
  const calculation = calculateSelvkost({
    prices,
    reservations: reservations.map((r) => ({
      bookableAssetId: r.bookableAssetId,
      roomName: r.roomName,
      squareMeters: r.squareMeters,
      date: r.date,
      durationMinutes: r.durationMinutes,
    })),
    durationType: booking.durationType,
    hasTilsynsvakt: options.hasTilsynsvakt ?? false,
    tilsynsvaktWeekdays: options.tilsynsvaktWeekdays ?? [],
  });
  return { locationId, bookingId, prices, ...calculation };
}
