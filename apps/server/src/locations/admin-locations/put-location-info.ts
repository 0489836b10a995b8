import type { AdminLocationDetails, LocationInfoFields } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { unknownArea } from './create-location';
import { infoKeys, toAdminLocation } from './get-admin-location';
import { areaExists, findLiveLocation, updateLocation } from './location-repository';
import { changedFields, managedLocation, pick } from './managed-location';
import { sanitizeHtml } from './sanitize-html';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PUT /api/admin/location/{id} (step informasjon-om-lokalet): the location's own fields. The
 * information message is stored sanitised; the audit entry holds the fields that changed.
 */
export async function putLocationInfo({
  db,
  user,
  locationId,
  fields,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  fields: LocationInfoFields;
}): Promise<AdminLocationDetails> {
  return writeTransaction(db, async (tx) => {
    const current = await managedLocation(tx, user, locationId, { lock: true });
    if (fields.geographicAreaId !== current.geographicAreaId && !(await areaExists(tx, fields.geographicAreaId))) throw unknownArea();
    const next = { ...fields, informationMessage: sanitizeHtml(fields.informationMessage) };
    const change = changedFields(pick(current, infoKeys), pick(next, infoKeys));
    if (change) {
      await updateLocation(tx, locationId, change.after);
      await writeLocationAudit(tx, { locationId, user, action: 'LOCATION_INFO', ...change });
    }
    return toAdminLocation((await findLiveLocation(tx, locationId))!);
  });
}
