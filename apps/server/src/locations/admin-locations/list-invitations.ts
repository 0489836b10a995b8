import type { LocationInvitation } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { listInvitations as selectInvitations } from './invitation-repository';
import { toInvitation } from './invitation-status';

/** GET /api/admin/new-locations: every invitation, newest first (city admins). */
export async function listInvitations({
  db,
  user,
  now = new Date(),
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  now?: Date;
}): Promise<LocationInvitation[]> {
  if (!user.cityAdmin) throw AppError.forbidden('A city-wide administrator is required');
  return (await selectInvitations(db)).map((row) => toInvitation(row, now));
}
