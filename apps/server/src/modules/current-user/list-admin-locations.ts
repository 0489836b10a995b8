import type { AdminLocation, CurrentUserRoles } from '@lokaler/domain/current-user';
import type { AuthenticatedUser } from '../../auth/index';
import { findAdministeredLocations } from '../../auth/admin-repository';
import type { DbOrTx } from '../../db/client';

export function rolesOf(user: AuthenticatedUser): CurrentUserRoles {
  const roles: CurrentUserRoles['roles'] = user.portal === 'PUBLIC'
    ? ['PUBLIC']
    : user.adminLocationIds.length > 0 ? ['ADMIN'] : [];
  return { userId: user.userId, name: user.name, email: user.email, portal: user.portal, roles };
}

/** The administrator's locations with names; requireAdmin has made sure there is at least one. */
export async function listAdminLocations({ db, user }: { db: DbOrTx; user: AuthenticatedUser }): Promise<AdminLocation[]> {
  if (!user.email) return [];
  return findAdministeredLocations(db, user.email);
}
