import type { AdminRoom } from '@lokaler/domain/admin-room';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findEditableRoomsOfLocation, findLiveLocation } from './repository';
import { toAdminRooms } from './to-admin-room';

/**
 * GET /api/admin/bookableasset/{locationId}/bookableassets: every room of the location that is not
 * deleted, visible and hidden, by name. Four queries whatever the number of rooms.
 */
export async function listAdminRooms({
  db,
  user,
  locationId,
  now = new Date(),
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
  now?: Date;
}): Promise<AdminRoom[]> {
  assertManagesLocation(user, locationId);
  if (!(await findLiveLocation(db, locationId))) throw AppError.notFound(`Location ${locationId}`);
  return toAdminRooms(db, await findEditableRoomsOfLocation(db, locationId), now);
}
