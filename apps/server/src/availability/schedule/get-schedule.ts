import type { ScheduleQuery, ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { buildSchedule, closedDatesIn } from '@lokaler/domain/scheduling/build-schedule';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { prepareRoom } from '@lokaler/domain/scheduling/room-calendar';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findOwnReservationIds, loadRoomCalendars } from '../room-calendars/repository';
import { assertRoomsAccessible, schedulingCallerFor, type RoomAccess } from '../room-calendars/rooms-for-caller';

export interface GetScheduleOptions {
  db: DbOrTx;
  query: ScheduleQuery;
  access: RoomAccess;
  /** The logged-in citizen on the public route (may ignore only their own reservations); null when anonymous. */
  citizen?: AuthenticatedUser | null;
  now?: Date;
}

/**
 * GET /api/schedule and GET /api/admin/schedule: the 15-minute slots of each asked room, in the order
 * asked. One statement whatever the number of rooms (the calendars), two when a citizen asks to
 * ignore reservations (their own ones).
 */
export async function getSchedule({ db, query, access, citizen = null, now = new Date() }: GetScheduleOptions): Promise<ScheduleResponse> {
  const { today, time } = osloClock(now);
  const ids = [...new Set(query.bookableAssetIds)];
  const rooms = await loadRoomCalendars(db, ids, { fromInclusive: query.fromInclusive, toInclusive: query.toInclusive });
  assertRoomsAccessible(ids, new Map([...rooms].map(([id, r]) => [id, r.row])), access);
  const asked = query.reservationIdsToIgnore ?? [];
  // An administrator may look at their rooms as if any of their reservations were gone (changing a
  // booking); a citizen only as if their own were.
  const reservationIdsToIgnore = access.kind === 'admin' ? asked : citizen ? await findOwnReservationIds(db, citizen.userId, asked) : [];
  return ids.map((id) => {
    const { row, calendar, closedReasons } = rooms.get(id)!;
    const room = prepareRoom(calendar, { today, now: time, caller: schedulingCallerFor(row, access), reservationIdsToIgnore });
    const closedDates = closedDatesIn(room, query.fromInclusive, query.toInclusive).map((date) => ({
      date,
      reason: closedReasons?.get(date) ?? null,
    }));
    return {
      bookableAssetId: id,
      timeslotsByDate: buildSchedule({ room, fromInclusive: query.fromInclusive, toInclusive: query.toInclusive }),
      // Left out when none (most weeks): the answer stays as small as before (schedule-query.ts).
      ...(closedDates.length > 0 ? { closedDates } : {}),
    };
  });
}
