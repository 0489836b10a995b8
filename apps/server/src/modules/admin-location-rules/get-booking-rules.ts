import type { BookingRules } from '@lokaler/domain/admin-location-rules';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findLocationRules, type LocationRuleRow } from './repository';

/**
 * A location's booking rules and administrators (spec 02 §3, §6, §7). Only an administrator of the
 * location may read or change them (403 otherwise); a deleted location is 404.
 */
export async function findLiveLocation(db: DbOrTx, locationId: number): Promise<LocationRuleRow> {
  const row = await findLocationRules(db, locationId);
  if (!row) throw AppError.notFound(`Location ${locationId}`);
  return row;
}

export async function getBookingRules({ db, user, locationId }: { db: DbOrTx; user: AuthenticatedUser; locationId: number }): Promise<BookingRules> {
  assertAdministers(user, locationId);
  const row = await findLiveLocation(db, locationId);
  return { REQUIRE_CONTRACT: row.requireContract, ENABLE_VEDTAK: row.enableVedtak, ADMIN_CAN_BOOK_PAST_DATES: row.adminCanBookPastDates };
}
