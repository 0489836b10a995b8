import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { assertLiveLocation } from './live-location';
import { deleteClosedDateRange, lockLocationStatus } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/** DELETE /api/admin/location/{id}/closeddates/{rangeId}: the range and its days, with the audit entry; 404 when not this location's. */
export async function removeClosedDates({
  db,
  user,
  locationId,
  rangeId,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  rangeId: number;
}): Promise<void> {
  assertManagesLocation(user, locationId);
  await writeTransaction(db, async (tx) => {
    assertLiveLocation(await lockLocationStatus(tx, locationId), locationId);
    const removed = await deleteClosedDateRange(tx, locationId, rangeId);
    if (!removed) throw AppError.notFound(`Closed date range ${rangeId} of location ${locationId}`);
    await writeLocationAudit(tx, { locationId, user, action: 'CLOSED_DATES_REMOVED', before: removed, after: null });
  });
}
