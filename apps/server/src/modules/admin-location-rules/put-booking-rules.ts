import type { BookingRules } from '@lokaler/domain/admin-location-rules';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { Db } from '../../db/client';
import { findLiveLocation, getBookingRules } from './get-booking-rules';
import { updateLocationRules } from './repository';

/** Changes the rules sent; they apply to decisions from now on (approved bookings keep their documents). */
export async function putBookingRules({ db, user, locationId, rules }: { db: Db; user: AuthenticatedUser; locationId: number; rules: Partial<BookingRules> }): Promise<BookingRules> {
  assertAdministers(user, locationId);
  await findLiveLocation(db, locationId);
  await updateLocationRules(db, locationId, {
    ...(rules.REQUIRE_CONTRACT !== undefined ? { requireContract: rules.REQUIRE_CONTRACT } : {}),
    ...(rules.ENABLE_VEDTAK !== undefined ? { enableVedtak: rules.ENABLE_VEDTAK } : {}),
    ...(rules.ADMIN_CAN_BOOK_PAST_DATES !== undefined ? { adminCanBookPastDates: rules.ADMIN_CAN_BOOK_PAST_DATES } : {}),
  });
  return getBookingRules({ db, user, locationId });
}
