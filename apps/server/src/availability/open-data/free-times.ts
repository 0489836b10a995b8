import { OPEN_DATA_LICENSE, type OpenDataFreeTimes } from '@lokaler/domain/open-data';
import { datesInRange } from '@lokaler/domain/scheduling/calendar-date';
import { mergeSlots } from '@lokaler/domain/scheduling/merge-slots';
import type { ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findLocation } from '../../locations';
import { getSchedule } from '../schedule/get-schedule';
import { findCatalogueRooms } from './repository';

type Slots = ScheduleResponse[number]['timeslotsByDate'][string];

/**
 * A date's free intervals as the portal's calendar shows them: its 15-minute slots a citizen may book
 * (bookingAllowed and not booked), touching ones merged. Exported for the tests, which read
 * GET /api/schedule's answer with it.
 */
export function freeIntervalsOf(date: string, slots: Slots): { start: string; end: string }[] {
  const free = slots.filter((s) => s.bookingAllowed && !s.booked).map((s) => ({ date, startTime: s.startTime, duration: s.duration }));
  return mergeSlots(free).map((i) => ({ start: i.startTime, end: i.endTime }));
}

/**
 * The free times of the catalogue's rooms (of one location, when asked) for each date of the range
 * (decision 061): computed by getSchedule — the code of the portal's calendar (GET /api/schedule), with
 * the public's rules (booking window, behandlingstid, closed dates, blocked and booked times, past
 * times of today) — never by rules of its own. One statement for the rooms' calendars. A location
 * that is not in the catalogue (unknown, unpublished, not shown in the portal) is a 404.
 */
export async function buildFreeTimes({
  db,
  from,
  to,
  locationId,
  now = new Date(),
}: {
  db: DbOrTx;
  from: string;
  to: string;
  locationId?: number;
  now?: Date;
}): Promise<OpenDataFreeTimes> {
  if (locationId !== undefined) {
    const location = await findLocation(db, locationId);
    if (!location || location.status !== 'PUBLISHED' || !location.displayInPortal) throw AppError.notFound(`Location ${locationId}`);
  }
  const rooms = await findCatalogueRooms(db, locationId);
  const schedules = await getSchedule({
    db,
    query: { bookableAssetIds: rooms.map((r) => r.id), fromInclusive: from, toInclusive: to },
    access: { kind: 'public' },
    now,
  });
  const dates = datesInRange(from, to);
  return {
    license: { ...OPEN_DATA_LICENSE },
    from,
    to,
    rooms: rooms.map((room, i) => {
      const { timeslotsByDate } = schedules[i]!;
      return {
        roomId: room.id,
        locationId: room.locationId,
        dates: dates.map((date) => ({ date, free: freeIntervalsOf(date, timeslotsByDate[date] ?? []) })),
      };
    }),
  };
}
