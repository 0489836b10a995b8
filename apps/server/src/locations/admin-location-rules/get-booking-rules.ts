import type { BookingRules } from '@lokaler/domain/admin-location-rules';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findLocationRules, type LocationRuleRow } from './repository';

/**
 * A location's booking rules and administrators (spec 02 §3, §6, §7). Its administrators and the
 * city-wide administrators may read or change them (403 otherwise; decision 015); a deleted location is 404.
 */
export async function findLiveLocation(db: DbOrTx, locationId: number): Promise<LocationRuleRow> {
  const row = await findLocationRules(db, locationId);
  if (!row) throw AppError.notFound(`Location ${locationId}`);
  return row;
}

export function toBookingRules(row: LocationRuleRow): BookingRules {
  return {
    REQUIRE_CONTRACT: row.requireContract,
    ENABLE_VEDTAK: row.enableVedtak,
    ADMIN_CAN_BOOK_PAST_DATES: row.adminCanBookPastDates,
    MAX_PENDING_HOURS: row.maxPendingHours,
    MAX_PENDING_APPLICATIONS: row.maxPendingApplications,
    MAX_ROOMS_PER_APPLICATION: row.maxRoomsPerApplication,
    MAX_DATES_PER_SERIES: row.maxDatesPerSeries,
  };
}

export async function getBookingRules({
  db,
  user,
  locationId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
}): Promise<BookingRules> {
  assertManagesLocation(user, locationId);
  return toBookingRules(await findLiveLocation(db, locationId));
}
