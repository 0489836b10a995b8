import { closedDateMessages, type ClosedDateRange, type ClosedDateRangeBody } from '@lokaler/domain/opening-hours';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { runClosingHook } from './closing-hook';
import { assertLiveLocation } from './live-location';
import { closedDatesOverlap, insertClosedDateRange, lockLocationStatus } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/**
 * POST /api/admin/location/{id}/closeddates: the range and each of its days (what the rules read) in
 * one transaction, with the audit entry. A range on a day already closed is refused (409): the
 * location row is locked first, so two ranges saved at once cannot both pass the check. Bookings on
 * the days are the closing step's (decision 042): listed (409 AFFECTED_BOOKINGS), cancelled or kept.
 */
export async function addClosedDates({
  db,
  user,
  locationId,
  body,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  body: ClosedDateRangeBody;
}): Promise<ClosedDateRange> {
  assertManagesLocation(user, locationId);
  return writeTransaction(db, async (tx) => {
    assertLiveLocation(await lockLocationStatus(tx, locationId), locationId);
    if (await closedDatesOverlap(tx, locationId, body.fromDate, body.toDate)) {
      throw new AppError('CONFLICT', `Closed dates ${body.fromDate}–${body.toDate} overlap another range`, closedDateMessages.overlap);
    }
    // The bookings on these days first (decision 042): 409 AFFECTED_BOOKINGS without a decision, nothing written.
    await runClosingHook(tx, {
      user,
      closed: { kind: 'DAYS', locationId, fromDate: body.fromDate, toDate: body.toDate },
      reason: body.reason,
      decision: body.affectedBookings,
    });
    const range = await insertClosedDateRange(tx, locationId, body);
    await writeLocationAudit(tx, { locationId, user, action: 'CLOSED_DATES_ADDED', before: null, after: range });
    return range;
  });
}
