import { roomMessages, type AdminRoom, type RoomFields } from '@lokaler/domain/admin-room';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { assetTypeExists, findEditableRoom, findExistingTagIds, type RoomColumns } from './repository';
import { toAdminRooms } from './to-admin-room';

/** The room's columns from the form's fields (visible decides PUBLISHED or UNPUBLISHED). */
export function roomColumnsOf(fields: RoomFields): RoomColumns {
  const { tagIds: _tagIds, visible, ...columns } = fields;
  return { ...columns, status: visible ? 'PUBLISHED' : 'UNPUBLISHED' };
}

/**
 * Tags and room type must exist: a well-formed id of nothing is a 422 with the field's Norwegian
 * message (checked inside the save's transaction, before anything is written).
 */
export async function assertRoomReferencesExist(db: DbOrTx, fields: RoomFields): Promise<void> {
  const existing = await findExistingTagIds(db, fields.tagIds);
  const unknown = fields.tagIds.filter((id) => !existing.has(id));
  if (unknown.length) {
    throw new AppError('UNPROCESSABLE', `Unknown tag ids: ${unknown.join(', ')}`, roomMessages.unknownTag, {
      fields: [{ path: 'body.tagIds', message: roomMessages.unknownTag }],
    });
  }
  if (fields.assetTypeId !== null && !(await assetTypeExists(db, fields.assetTypeId))) {
    throw new AppError('UNPROCESSABLE', `Unknown asset type ${fields.assetTypeId}`, roomMessages.unknownAssetType, {
      fields: [{ path: 'body.assetTypeId', message: roomMessages.unknownAssetType }],
    });
  }
}

/** One room as the administrator sees it; a deleted room, or one of a deleted location, is a 404. */
export async function loadAdminRoom(db: DbOrTx, roomId: number, now: Date): Promise<AdminRoom> {
  const row = await findEditableRoom(db, roomId);
  if (!row) throw roomNotFound(roomId);
  return (await toAdminRooms(db, [row], now))[0]!;
}

export function roomNotFound(roomId: number): AppError {
  return new AppError('NOT_FOUND', `Bookable asset ${roomId} not found`, roomMessages.notFound);
}
