import type { CurrentUserRoles } from '@lokaler/domain/current-user';
import type { AuthenticatedUser } from '../../auth/index';

export function rolesOf(user: AuthenticatedUser): CurrentUserRoles {
  const roles: CurrentUserRoles['roles'] =
    user.portal === 'PUBLIC'
      ? ['PUBLIC']
      : [...(user.adminLocationIds.length > 0 ? ['ADMIN' as const] : []), ...(user.cityAdmin ? ['CITY_ADMIN' as const] : [])];
  return { userId: user.userId, name: user.name, email: user.email, portal: user.portal, roles };
}
