import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { listAdminEmails } from './repository';

export async function listLocationAdmins({ db, user, locationId }: { db: DbOrTx; user: AuthenticatedUser; locationId: number }): Promise<{ email: string }[]> {
  assertAdministers(user, locationId);
  return listAdminEmails(db, locationId);
}
