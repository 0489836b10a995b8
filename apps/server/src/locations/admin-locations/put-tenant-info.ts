import type { TenantInfoFields } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findTenantInfo, upsertTenantInfo } from './location-repository';
import { managedLocation } from './managed-location';
import { writeTransaction } from '../../db/write-transaction';

/** PUT /api/admin/location/{id}/tenant-info: plain text and http(s) links, replacing what was there. */
export async function putTenantInfo({
  db,
  user,
  locationId,
  info,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  info: TenantInfoFields;
}): Promise<TenantInfoFields> {
  return writeTransaction(db, async (tx) => {
    await managedLocation(tx, user, locationId, { lock: true });
    const before = await findTenantInfo(tx, locationId);
    if (JSON.stringify(before) !== JSON.stringify(info)) {
      await upsertTenantInfo(tx, locationId, info);
      await writeLocationAudit(tx, { locationId, user, action: 'TENANT_INFO', before, after: info });
    }
    return info;
  });
}
