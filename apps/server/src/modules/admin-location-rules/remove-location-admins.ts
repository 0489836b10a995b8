import { adminMessages } from '@lokaler/domain/admin-location-rules';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { listLocationAdmins } from './list-location-admins';
import { deleteAdminEmails, listAdminEmails, lockLocation } from './repository';

/**
 * Removes administrators. Not oneself (that would lock the caller out mid-session), and never the
 * last one: the location row is locked so two removals at once cannot empty it together.
 */
export async function removeLocationAdmins({ db, user, locationId, emails }: { db: Db; user: AuthenticatedUser; locationId: number; emails: readonly string[] }): Promise<{ email: string }[]> {
  assertAdministers(user, locationId);
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (user.email && wanted.includes(user.email.toLowerCase())) throw new AppError('CONFLICT', 'Cannot remove oneself', adminMessages.notSelf);
  await db.transaction(async (tx) => {
    await lockLocation(tx, locationId);
    const current = await listAdminEmails(tx, locationId);
    const remaining = current.filter((a) => !wanted.includes(a.email));
    if (remaining.length === 0) throw new AppError('CONFLICT', 'A location needs an administrator', adminMessages.lastAdmin);
    await deleteAdminEmails(tx, locationId, wanted);
  });
  return listLocationAdmins({ db, user, locationId });
}
