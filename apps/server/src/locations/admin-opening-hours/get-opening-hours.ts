import type { OpeningHoursBody } from '@lokaler/domain/opening-hours';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { assertLiveLocation } from './live-location';
import { findLocationStatus, findOpeningHoursOf } from './repository';

/** GET /api/admin/location/{id}/openinghours: the standard hours and the seasonal periods. */
export async function getOpeningHours({
  db,
  user,
  locationId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
}): Promise<OpeningHoursBody> {
  assertManagesLocation(user, locationId);
  assertLiveLocation(await findLocationStatus(db, locationId), locationId);
  return findOpeningHoursOf(db, locationId);
}
