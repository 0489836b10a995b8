import type { LocationPreferences } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { preferenceKeys } from './get-admin-location';
import { managedLocation, pick } from './managed-location';

/** GET /api/preferences/location/{id} (step innstillinger). */
export async function getPreferences({
  db,
  user,
  locationId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
}): Promise<LocationPreferences> {
  return pick(await managedLocation(db, user, locationId), preferenceKeys);
}
