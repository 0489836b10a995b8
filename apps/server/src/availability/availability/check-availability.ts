import type { AvailabilityResponse, BookingCreationDto } from '@lokaler/domain/booking-request';
import { availabilityForBookingDto, toAvailabilityResponse } from '@lokaler/domain/scheduling/availability-for-booking';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { prepareRoom } from '@lokaler/domain/scheduling/room-calendar';
import type { DbOrTx } from '../../db/client';
import { loadRoomCalendars } from '../room-calendars/repository';
import {
  assertRoomsAccessible,
  calendarRange,
  publicRulesOf,
  schedulingCallerFor,
  type RoomAccess,
} from '../room-calendars/rooms-for-caller';

export interface CheckAvailabilityOptions {
  db: DbOrTx;
  dtos: readonly BookingCreationDto[];
  access: RoomAccess;
  /** Admin only: reservations to treat as free (the booking being changed). */
  reservationIdsToIgnore?: readonly number[];
  now?: Date;
}

/**
 * PUT /api/booking/availability (and the admin variant): each room's requested times, expanded by
 * their repetition, sorted into probablyAvailable / unavailable / errors by the same domain rules the
 * schedule and POST /booking use. Five queries whatever the number of rooms and times.
 */
export async function checkAvailability({
  db,
  dtos,
  access,
  reservationIdsToIgnore = [],
  now = new Date(),
}: CheckAvailabilityOptions): Promise<AvailabilityResponse> {
  const { today, time } = osloClock(now);
  const ids = [...new Set(dtos.map((d) => d.bookableAssetId))];
  const dates = dtos.flatMap((d) => [...d.datesAndTimes.map((t) => t.date), ...(d.repetition ? [d.repetition.lastDate] : [])]);
  const rooms = await loadRoomCalendars(db, ids, calendarRange(dates, today));
  assertRoomsAccessible(ids, new Map([...rooms].map(([id, r]) => [id, r.row])), access);
  const ignored = access.kind === 'admin' ? reservationIdsToIgnore : [];
  const prepared = new Map(
    ids.map((id) => {
      const { row, calendar } = rooms.get(id)!;
      return [
        id,
        {
          row,
          room: prepareRoom(calendar, { today, now: time, caller: schedulingCallerFor(row, access), reservationIdsToIgnore: ignored }),
        },
      ];
    }),
  );
  return toAvailabilityResponse(
    dtos.map((dto) => {
      const { row, room } = prepared.get(dto.bookableAssetId)!;
      return availabilityForBookingDto({ room, dto, rules: publicRulesOf(row) });
    }),
  );
}
