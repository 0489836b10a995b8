import type { AdminRoom, RoomFields } from '@lokaler/domain/admin-room';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findLocationIdOfRoom, replaceRoomTags, updateRoom as updateRoomRow } from './repository';
import { assertRoomReferencesExist, loadAdminRoom, roomColumnsOf, roomNotFound } from './room-columns';
import { auditViewOf } from './to-admin-room';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PUT /api/admin/bookableasset/{roomId}: the room's fields and tags replaced in one transaction
 * (its position stays). visible: false hides it from the portal; its reservations stay.
 */
export async function updateRoom({
  db,
  user,
  roomId,
  fields,
  now = new Date(),
}: {
  db: Db;
  user: AuthenticatedUser;
  roomId: number;
  fields: RoomFields;
  now?: Date;
}): Promise<AdminRoom> {
  const locationId = await findLocationIdOfRoom(db, roomId);
  if (locationId === undefined) throw roomNotFound(roomId);
  assertManagesLocation(user, locationId);
  return writeTransaction(db, async (tx) => {
    const before = await loadAdminRoom(tx, roomId, now);
    await assertRoomReferencesExist(tx, fields);
    await updateRoomRow(tx, roomId, roomColumnsOf(fields));
    await replaceRoomTags(tx, roomId, fields.tagIds);
    const after = await loadAdminRoom(tx, roomId, now);
    // A save that changes nothing is not a change worth an entry.
    const [was, is] = [auditViewOf(before), auditViewOf(after)];
    if (JSON.stringify(was) !== JSON.stringify(is))
      await writeLocationAudit(tx, { locationId, user, action: 'ROOM_CHANGED', before: was, after: is });
    return after;
  });
}
