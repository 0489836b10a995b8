import type { ClosedDateRange } from '@lokaler/domain/opening-hours';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { assertLiveLocation } from './live-location';
import { findClosedDateRanges, findLocationStatus } from './repository';

/** GET /api/admin/location/{id}/closeddates: the location's closed ranges, earliest first. */
export async function listClosedDates({
  db,
  user,
  locationId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
}): Promise<ClosedDateRange[]> {
  assertManagesLocation(user, locationId);
  assertLiveLocation(await findLocationStatus(db, locationId), locationId);
  return findClosedDateRanges(db, locationId);
}
