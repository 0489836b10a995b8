import { applyBlockedTimeChanges, BlockedTimeError, type BlockedTimesSchedule, type PutBlockedTimesBody } from '@lokaler/domain/admin-blocked-times';
import { buildSchedule } from '@lokaler/domain/scheduling/build-schedule';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import type { MinuteInterval } from '@lokaler/domain/scheduling/minute-intervals';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { prepareRoom } from '@lokaler/domain/scheduling/room-calendar';
import { minutesToTime } from '@lokaler/domain/scheduling/time-of-day';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { lockRooms } from '../../db/lock-rooms';
import { findRooms, loadRoomCalendars } from '../room-calendars/repository';
import { assertRoomsAccessible, schedulingCallerFor, type RoomAccess } from '../room-calendars/rooms-for-caller';
import { blockedIntervalsByDate, replaceBlockedTimes } from './repository';

/**
 * PUT /api/bookableasset/{id}/blockedtimes: blocks and opens times of one room for the public, per
 * date, under the room's lock (the same lock a booking takes, so an approval's check of blocked
 * times and a change here never interleave). Answers the room's blocked times of the changed dates.
 */
export async function putBlockedTimes({ db, user, assetId, body }: { db: Db; user: AuthenticatedUser; assetId: number; body: PutBlockedTimesBody }): Promise<BlockedTimesSchedule> {
  const access: RoomAccess = { kind: 'admin', user };
  return db.transaction(async (tx) => {
    const rows = await findRooms(tx, [assetId]);
    assertRoomsAccessible([assetId], new Map(rows.map((r) => [r.id, r])), access);
    await lockRooms(tx, [assetId]);
    const dates = Object.keys(body.timeslotsByDate).sort();
    const existing = await blockedIntervalsByDate(tx, assetId, dates);
    const next = new Map<string, MinuteInterval[]>();
    for (const date of dates) {
      try {
        next.set(date, applyBlockedTimeChanges(existing.get(date) ?? [], body.timeslotsByDate[date] ?? []));
      } catch (error) {
        if (!(error instanceof BlockedTimeError)) throw error;
        throw new AppError('VALIDATION', `${date}: ${error.message}`, error.message, { fields: [{ path: `body.timeslotsByDate.${date}`, message: error.message }] });
      }
    }
    await replaceBlockedTimes(tx, assetId, next);
    const timeslotsByDate = Object.fromEntries([...next].map(([date, intervals]) => [date, intervals.map((i) => ({
      startTime: minutesToTime(Math.min(i.start, 1440)),
      duration: formatDuration(i.end - i.start),
      booked: false,
      bookingAllowed: false,
      displayAsBlockedButAllowed: false,
      blocked: true,
    }))]));
    return { bookableAssetId: assetId, timeslotsByDate };
  });
}

/**
 * GET /api/bookableasset/{id}/blockedtimes/schedule: the room's 15-minute slots in opening hours
 * with `blocked` and `booked`, as the administrator's blocking calendar shows them.
 */
export async function blockedTimesSchedule({ db, user, assetId, fromInclusive, toInclusive, now = new Date() }: { db: DbOrTx; user: AuthenticatedUser; assetId: number; fromInclusive: string; toInclusive: string; now?: Date }): Promise<BlockedTimesSchedule> {
  const access: RoomAccess = { kind: 'admin', user, allowedToBookBlockedSlots: true };
  const rooms = await loadRoomCalendars(db, [assetId], { fromInclusive, toInclusive });
  assertRoomsAccessible([assetId], new Map([...rooms].map(([id, r]) => [id, r.row])), access);
  const { row, calendar } = rooms.get(assetId)!;
  const { today, time } = osloClock(now);
  const room = prepareRoom(calendar, { today, now: time, caller: schedulingCallerFor(row, access) });
  return { bookableAssetId: assetId, timeslotsByDate: buildSchedule({ room, fromInclusive, toInclusive }) };
}

