import type { TenantInfoFields } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findTenantInfo } from './location-repository';
import { managedLocation } from './managed-location';

/** GET /api/admin/location/{id}/tenant-info: null when the location has written none (tenants then get the generated text). */
export async function getTenantInfo({
  db,
  user,
  locationId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
}): Promise<TenantInfoFields | null> {
  await managedLocation(db, user, locationId);
  return findTenantInfo(db, locationId);
}
