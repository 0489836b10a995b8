import type { OpeningHoursBody } from '@lokaler/domain/opening-hours';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { assertLiveLocation } from './live-location';
import { findOpeningHoursOf, lockLocationStatus, replaceOpeningHours } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PUT /api/admin/location/{id}/openinghours: replaces the standard hours and the periods in one
 * transaction, with the audit entry (before/after). The body is valid (openingHoursBody) by now. The
 * location row is locked first, so two saves at once apply one after the other and each audit entry's
 * `before` is what it replaced. The schedule, the availability check and the search see the new hours
 * in their next request (the tables' triggers move their caches' version in this transaction).
 */
export async function putOpeningHours({
  db,
  user,
  locationId,
  body,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  body: OpeningHoursBody;
}): Promise<OpeningHoursBody> {
  assertManagesLocation(user, locationId);
  return writeTransaction(db, async (tx) => {
    assertLiveLocation(await lockLocationStatus(tx, locationId), locationId);
    const before = await findOpeningHoursOf(tx, locationId);
    await replaceOpeningHours(tx, locationId, body);
    const after = await findOpeningHoursOf(tx, locationId);
    await writeLocationAudit(tx, { locationId, user, action: 'OPENING_HOURS', before, after });
    return after;
  });
}
