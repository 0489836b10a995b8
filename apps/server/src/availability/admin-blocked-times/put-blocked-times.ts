import {
  applyBlockedTimeChanges,
  BlockedTimeError,
  type BlockedTimesSchedule,
  type PutBlockedTimesBody,
} from '@lokaler/domain/admin-blocked-times';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { subtractIntervals, type MinuteInterval } from '@lokaler/domain/scheduling/minute-intervals';
import { minutesToTime } from '@lokaler/domain/scheduling/time-of-day';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { lockRooms } from '../../db/lock-rooms';
import { runClosingHook, writeLocationAudit } from '../../locations';
import { findRooms } from '../room-calendars/repository';
import { displayNameOf } from '../room-calendars/rooms-for-caller';
import { assertManagesRoom } from './assert-manages-room';
import { blockedTimesChange } from './blocked-times-audit';
import { blockedIntervalsByDate, replaceBlockedTimes } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PUT /api/bookableasset/{id}/blockedtimes: blocks and opens times of one room for the public, per
 * date, under the room's lock (the same lock a booking takes, so an approval's check of blocked
 * times and a change here never interleave). Answers the room's blocked times of the changed dates.
 * The change and its audit entry (the dates whose blocks changed) are one transaction.
 */
export async function putBlockedTimes({
  db,
  user,
  assetId,
  body,
}: {
  db: Db;
  user: AuthenticatedUser;
  assetId: number;
  body: PutBlockedTimesBody;
}): Promise<BlockedTimesSchedule> {
  return writeTransaction(db, async (tx) => {
    const room = assertManagesRoom(user, assetId, (await findRooms(tx, [assetId]))[0]);
    await lockRooms(tx, [assetId]);
    const dates = Object.keys(body.timeslotsByDate).sort();
    const existing = await blockedIntervalsByDate(tx, assetId, dates);
    const next = new Map<string, MinuteInterval[]>();
    for (const date of dates) {
      try {
        next.set(date, applyBlockedTimeChanges(existing.get(date) ?? [], body.timeslotsByDate[date] ?? []));
      } catch (error) {
        if (!(error instanceof BlockedTimeError)) throw error;
        throw new AppError('VALIDATION', `${date}: ${error.message}`, error.message, {
          fields: [{ path: `body.timeslotsByDate.${date}`, message: error.message }],
        });
      }
    }
    // Bookings in the times blocked now are the closing step's (decision 042): 409 AFFECTED_BOOKINGS without a decision.
    const added = [...next].flatMap(([date, intervals]) =>
      intervals.flatMap((i) => subtractIntervals(i, existing.get(date) ?? [])).map((i) => ({ date, start: i.start, end: i.end })),
    );
    if (added.length) {
      await runClosingHook(tx, {
        user,
        closed: { kind: 'ROOM_TIMES', locationId: room.locationId, bookableAssetId: assetId, intervals: added },
        reason: body.affectedBookings?.message ?? null,
        decision: body.affectedBookings,
      });
    }
    await replaceBlockedTimes(tx, assetId, next);
    const change = blockedTimesChange({ bookableAssetId: assetId, name: displayNameOf(room) }, existing, next);
    if (change) await writeLocationAudit(tx, { locationId: room.locationId, user, action: 'BLOCKED_TIMES', ...change });
    const timeslotsByDate = Object.fromEntries(
      [...next].map(([date, intervals]) => [
        date,
        intervals.map((i) => ({
          startTime: minutesToTime(Math.min(i.start, 1440)),
          duration: formatDuration(i.end - i.start),
          booked: false,
          bookingAllowed: false,
          displayAsBlockedButAllowed: false,
          blocked: true,
        })),
      ]),
    );
    return { bookableAssetId: assetId, timeslotsByDate };
  });
}
