import { adminMessages } from '@lokaler/domain/admin-location-rules';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findLiveLocation } from './get-booking-rules';
import { insertAdminEmail, listAdminEmails } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/**
 * Adds a co-administrator by e-mail (lower-case). The list is read at every token check, so they see
 * the location at their next request. An address that is an administrator already is a 409.
 */
export async function addLocationAdmin({
  db,
  user,
  locationId,
  email,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  email: string;
}): Promise<{ email: string }[]> {
  assertManagesLocation(user, locationId);
  const address = email.trim().toLowerCase();
  return writeTransaction(db, async (tx) => {
    await findLiveLocation(tx, locationId);
    if (!(await insertAdminEmail(tx, locationId, address))) {
      throw new AppError('CONFLICT', 'Already an administrator of the location', adminMessages.alreadyAdmin, {
        fields: [{ path: 'body.email', message: adminMessages.alreadyAdmin }],
      });
    }
    await writeLocationAudit(tx, { locationId, user, action: 'ADMIN_ADDED', before: null, after: { email: address } });
    return listAdminEmails(tx, locationId);
  });
}
