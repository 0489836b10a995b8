import type { AdminRoom, RoomFields } from '@lokaler/domain/admin-room';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findLiveLocation, insertRoom, replaceRoomTags } from './repository';
import { assertRoomReferencesExist, loadAdminRoom, roomColumnsOf } from './room-columns';
import { auditViewOf } from './to-admin-room';
import { writeTransaction } from '../../db/write-transaction';

/**
 * POST /api/admin/location/{id}/bookableassets: a new room at the location's position, with its tags
 * and audit entry, in one transaction. The search and the calendar see it in the next request (the
 * triggers of bookable_assets and asset_tags move their versions).
 */
export async function createRoom({
  db,
  user,
  locationId,
  fields,
  now = new Date(),
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  fields: RoomFields;
  now?: Date;
}): Promise<AdminRoom> {
  assertManagesLocation(user, locationId);
  return writeTransaction(db, async (tx) => {
    const location = await findLiveLocation(tx, locationId);
    if (!location) throw AppError.notFound(`Location ${locationId}`);
    await assertRoomReferencesExist(tx, fields);
    const roomId = await insertRoom(tx, locationId, { ...roomColumnsOf(fields), lat: location.lat, lng: location.lng });
    await replaceRoomTags(tx, roomId, fields.tagIds);
    const room = await loadAdminRoom(tx, roomId, now);
    await writeLocationAudit(tx, { locationId, user, action: 'ROOM_ADDED', before: null, after: auditViewOf(room) });
    return room;
  });
}
