import type { BoundsResponse } from '@lokaler/domain/scheduling/schedule-query';
import { bookingWindow, combineBounds } from '@lokaler/domain/scheduling/booking-window';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { DbOrTx } from '../../db/client';
import { findRooms } from '../room-calendars/repository';
import { assertRoomsAccessible, schedulingCallerFor, type RoomAccess } from '../room-calendars/rooms-for-caller';

/**
 * GET /api/bookableasset/firstandlastbookabledate (and the admin variant): the earliest first and
 * latest last bookable date over the rooms, for this caller (behandlingstid for the public, a year
 * back for an administrator of a location with ADMIN_CAN_BOOK_PAST_DATES). One query.
 */
export async function getBookableDateBounds({
  db,
  assetIds,
  access,
  now = new Date(),
}: {
  db: DbOrTx;
  assetIds: readonly number[];
  access: RoomAccess;
  now?: Date;
}): Promise<BoundsResponse> {
  const { today } = osloClock(now);
  const ids = [...new Set(assetIds)];
  const rows = new Map((await findRooms(db, ids)).map((r) => [r.id, r]));
  assertRoomsAccessible(ids, rows, access);
  const windows = ids.map((id) => {
    const row = rows.get(id)!;
    return bookingWindow({
      today,
      caller: schedulingCallerFor(row, access),
      behandlingstid: row.location.behandlingstid,
      lastBookableDate: null,
    });
  });
  // ids is never empty (the query asks for at least one room), so neither is the list.
  return combineBounds(windows)!;
}
