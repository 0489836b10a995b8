import type { BlockedTimesSchedule } from '@lokaler/domain/admin-blocked-times';
import { buildSchedule } from '@lokaler/domain/scheduling/build-schedule';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { prepareRoom } from '@lokaler/domain/scheduling/room-calendar';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { loadRoomCalendars } from '../room-calendars/repository';
import { schedulingCallerFor, type RoomAccess } from '../room-calendars/rooms-for-caller';
import { assertManagesRoom } from './assert-manages-room';

/**
 * GET /api/bookableasset/{id}/blockedtimes/schedule: the room's 15-minute slots in opening hours
 * with `blocked` and `booked`, as the administrator's blocking calendar shows them.
 */
export async function getBlockedTimesSchedule({
  db,
  user,
  assetId,
  fromInclusive,
  toInclusive,
  now = new Date(),
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  assetId: number;
  fromInclusive: string;
  toInclusive: string;
  now?: Date;
}): Promise<BlockedTimesSchedule> {
  const access: RoomAccess = { kind: 'admin', user, allowedToBookBlockedSlots: true };
  const rooms = await loadRoomCalendars(db, [assetId], { fromInclusive, toInclusive });
  assertManagesRoom(user, assetId, rooms.get(assetId)?.row);
  const { row, calendar } = rooms.get(assetId)!;
  const { today, time } = osloClock(now);
  const room = prepareRoom(calendar, { today, now: time, caller: schedulingCallerFor(row, access) });
  return { bookableAssetId: assetId, timeslotsByDate: buildSchedule({ room, fromInclusive, toInclusive }) };
}
