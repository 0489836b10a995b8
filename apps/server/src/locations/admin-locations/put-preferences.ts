import type { LocationPreferences } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { preferenceKeys } from './get-admin-location';
import { updateLocation } from './location-repository';
import { changedFields, managedLocation, pick } from './managed-location';
import { writeTransaction } from '../../db/write-transaction';

/** PUT /api/preferences/location/{id}: every preference at once; the audit entry holds those that changed. */
export async function putPreferences({
  db,
  user,
  locationId,
  preferences,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  preferences: LocationPreferences;
}): Promise<LocationPreferences> {
  return writeTransaction(db, async (tx) => {
    const current = await managedLocation(tx, user, locationId, { lock: true });
    const next = pick(preferences, preferenceKeys);
    const change = changedFields(pick(current, preferenceKeys), next);
    if (change) {
      await updateLocation(tx, locationId, change.after);
      await writeLocationAudit(tx, { locationId, user, action: 'PREFERENCES', ...change });
    }
    return next;
  });
}
