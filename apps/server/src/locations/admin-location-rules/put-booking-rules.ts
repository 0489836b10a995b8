import type { BookingRules } from '@lokaler/domain/admin-location-rules';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findLiveLocation, toBookingRules } from './get-booking-rules';
import { lockLocation, updateLocationRules } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/**
 * Changes the rules sent; they apply to decisions from now on (approved bookings keep their documents).
 * The change and its audit entry (the whole map before and after) are one transaction.
 */
export async function putBookingRules({
  db,
  user,
  locationId,
  rules,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  rules: Partial<BookingRules>;
}): Promise<BookingRules> {
  assertManagesLocation(user, locationId);
  return writeTransaction(db, async (tx) => {
    await lockLocation(tx, locationId);
    const before = toBookingRules(await findLiveLocation(tx, locationId));
    await updateLocationRules(tx, locationId, {
      ...(rules.REQUIRE_CONTRACT !== undefined ? { requireContract: rules.REQUIRE_CONTRACT } : {}),
      ...(rules.ENABLE_VEDTAK !== undefined ? { enableVedtak: rules.ENABLE_VEDTAK } : {}),
      ...(rules.ADMIN_CAN_BOOK_PAST_DATES !== undefined ? { adminCanBookPastDates: rules.ADMIN_CAN_BOOK_PAST_DATES } : {}),
      // Fair share (decision 041): a number, or null for the city-wide value.
      ...(rules.MAX_PENDING_HOURS !== undefined ? { maxPendingHours: rules.MAX_PENDING_HOURS } : {}),
      ...(rules.MAX_PENDING_APPLICATIONS !== undefined ? { maxPendingApplications: rules.MAX_PENDING_APPLICATIONS } : {}),
      ...(rules.MAX_ROOMS_PER_APPLICATION !== undefined ? { maxRoomsPerApplication: rules.MAX_ROOMS_PER_APPLICATION } : {}),
      ...(rules.MAX_DATES_PER_SERIES !== undefined ? { maxDatesPerSeries: rules.MAX_DATES_PER_SERIES } : {}),
    });
    const after = toBookingRules(await findLiveLocation(tx, locationId));
    if (JSON.stringify(after) !== JSON.stringify(before))
      await writeLocationAudit(tx, { locationId, user, action: 'BOOKING_RULES', before, after });
    return after;
  });
}
