import { roomMessages } from '@lokaler/domain/admin-room';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { lockRooms } from '../../db/lock-rooms';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findLocationIdOfRoom, updateRoom } from './repository';
import { loadAdminRoom, roomNotFound } from './room-columns';
import { auditViewOf } from './to-admin-room';
import { writeTransaction } from '../../db/write-transaction';

/**
 * DELETE /api/admin/bookableasset/{roomId}: status DELETED (its past reservations keep their room).
 * A room with active reservations still to come is refused (409): it can only be hidden. The check
 * runs under the room's lock, the one every booking of the room takes, so no reservation slips in
 * between the check and the deletion.
 */
export async function deleteRoom({
  db,
  user,
  roomId,
  now = new Date(),
}: {
  db: Db;
  user: AuthenticatedUser;
  roomId: number;
  now?: Date;
}): Promise<void> {
  const locationId = await findLocationIdOfRoom(db, roomId);
  if (locationId === undefined) throw roomNotFound(roomId);
  assertManagesLocation(user, locationId);
  await writeTransaction(db, async (tx) => {
    await lockRooms(tx, [roomId]);
    const before = await loadAdminRoom(tx, roomId, now);
    if (before.hasFutureReservations)
      throw new AppError('CONFLICT', `Bookable asset ${roomId} has future reservations`, roomMessages.hasFutureReservations);
    await updateRoom(tx, roomId, { status: 'DELETED' });
    await writeLocationAudit(tx, { locationId, user, action: 'ROOM_DELETED', before: auditViewOf(before), after: null });
  });
}
