import type { AdminLocation } from '@lokaler/domain/current-user';
import type { AuthenticatedUser } from '../../auth/index';
import { findAdministeredLocations } from '../../auth/admin-repository';
import type { DbOrTx } from '../../db/client';

/** The administrator's locations with names; requireAdmin has made sure there is at least one. */
export async function listAdminLocations({ db, user }: { db: DbOrTx; user: AuthenticatedUser }): Promise<AdminLocation[]> {
  if (!user.email) return [];
  return findAdministeredLocations(db, user.email);
}
