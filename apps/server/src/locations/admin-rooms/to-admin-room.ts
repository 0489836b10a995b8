import type { AdminRoom, RoomFields } from '@lokaler/domain/admin-room';
import type { DbOrTx } from '../../db/client';
import { findTagsOfAssets } from '../bookable-assets/repository';
import { byDisplayName, toBookableAsset } from '../bookable-assets/to-bookable-asset';
import { roomsWithFutureReservations, type AdminRoomRow } from './repository';

/**
 * Rooms as the administrator edits them: the public mapping (tags by type, display name, flow) with
 * the room's OWN allow flags instead of the effective ones (the location's flags are edited in the
 * location's settings), its status, tag ids and whether it has future reservations (then it can only
 * be hidden). Two queries whatever the number of rooms.
 */
export async function toAdminRooms(db: DbOrTx, rows: readonly AdminRoomRow[], now: Date): Promise<AdminRoom[]> {
  const ids = rows.map((r) => r.id);
  const [tagsByRoom, withFuture] = await Promise.all([findTagsOfAssets(db, ids), roomsWithFutureReservations(db, ids, now)]);
  return rows
    .map((row) => {
      const tags = tagsByRoom.get(row.id) ?? [];
      return {
        ...toBookableAsset(row, tags),
        ...row.room,
        status: row.status,
        tagIds: tags.map((t) => t.id).sort((a, b) => a - b),
        hasFutureReservations: withFuture.has(row.id),
      };
    })
    .sort(byDisplayName);
}

/** What the audit log keeps of a room: the fields the administrator edits, compact. */
export function auditViewOf(room: AdminRoom): Omit<RoomFields, 'visible'> & { id: number; status: AdminRoom['status'] } {
  return {
    id: room.id,
    name: room.name,
    externalAssetNumber: room.externalAssetNumber,
    capacity: room.capacity,
    squareMeters: room.squareMeters,
    assetTypeId: room.assetTypeId,
    tagIds: room.tagIds,
    assetInfoMessage: room.assetInfoMessage,
    hasOslonokkelen: room.hasOslonokkelen,
    allowRepeatedBookingsForPublicUser: room.allowRepeatedBookingsForPublicUser,
    allowSingleBookingsForPublicUser: room.allowSingleBookingsForPublicUser,
    maxOneTimeslotPerBookingForPublicUser: room.maxOneTimeslotPerBookingForPublicUser,
    status: room.status,
  };
}
