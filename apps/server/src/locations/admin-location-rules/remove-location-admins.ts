import { adminMessages } from '@lokaler/domain/admin-location-rules';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findLiveLocation } from './get-booking-rules';
import { deleteAdminEmails, listAdminEmails, lockLocation } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/**
 * Removes administrators. Not oneself (that would lock the caller out mid-session), and never the
 * last one: the location row is locked so two removals at once cannot empty it together.
 */
export async function removeLocationAdmins({
  db,
  user,
  locationId,
  emails,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  emails: readonly string[];
}): Promise<{ email: string }[]> {
  assertManagesLocation(user, locationId);
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (wanted.length === 0) {
    throw new AppError('VALIDATION', 'No e-mails to remove', adminMessages.chooseAdmin, {
      fields: [{ path: 'body.emails', message: adminMessages.chooseAdmin }],
    });
  }
  if (user.email && wanted.includes(user.email.toLowerCase()))
    throw new AppError('CONFLICT', 'Cannot remove oneself', adminMessages.notSelf);
  return writeTransaction(db, async (tx) => {
    await lockLocation(tx, locationId);
    await findLiveLocation(tx, locationId);
    const current = await listAdminEmails(tx, locationId);
    const removed = current.filter((a) => wanted.includes(a.email)).map((a) => a.email);
    const remaining = current.filter((a) => !wanted.includes(a.email));
    if (remaining.length === 0) throw new AppError('CONFLICT', 'A location needs an administrator', adminMessages.lastAdmin);
    if (removed.length) {
      await deleteAdminEmails(tx, locationId, removed);
      await writeLocationAudit(tx, { locationId, user, action: 'ADMINS_REMOVED', before: { emails: removed }, after: null });
    }
    return remaining;
  });
}
