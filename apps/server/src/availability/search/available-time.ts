import type { AvailableTime, AvailableTimeSeriesResponse } from '@lokaler/domain/scheduling/search-query';
import { availableTimeSeries } from '@lokaler/domain/scheduling/available-dates';
import { availableIntervals, toAvailableTimes } from '@lokaler/domain/scheduling/available-intervals';
import { expandWeekdayPattern } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { prepareRoom, type RoomCalendar } from '@lokaler/domain/scheduling/room-calendar';
import { publicCaller } from '@lokaler/domain/scheduling/scheduling-caller';
import {
  checkRecurringSearch,
  checkSingleDateSearch,
  type availableTimeParams,
  type availableTimeSeriesParams,
} from '@lokaler/domain/search-request';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBusyTimes } from './busy-times-repository';
import { busyRowsByRoom, calendarGroups, publicRulesOfRow } from './search-calendars';
import { findClosedDates, findOpeningHours, findOpeningPeriods, findSearchRooms, type SearchRoomRow } from './search-rooms-repository';
import { acceptedOrBadRequest } from './search-validation';

/**
 * GET /api/bookableasset/availabletime and /availabletimeseries: the times a person can pick for one
 * room on the location page. The room's calendar is read exactly as the search reads a location's
 * rooms, and the domain rules decide (the ones the schedule and the availability check use), so a
 * room the search calls free has times here. A room that does not lend this kind of loan to the
 * public has none. Four queries.
 */

async function publicRoom(db: DbOrTx, id: number, from: string, to: string): Promise<{ row: SearchRoomRow; calendar: RoomCalendar }> {
  const [row] = await findSearchRooms(db, { roomId: id, tagIds: [] });
  if (!row) throw AppError.notFound(`Bookable asset ${id}`);
  const [hours, closed, busy, periods] = await Promise.all([
    findOpeningHours(db, [row.locationId]),
    findClosedDates(db, [row.locationId], { from, to }),
    findBusyTimes(db, [id], from, to),
    findOpeningPeriods(db, [row.locationId]),
  ]);
  const { calendar } = calendarGroups([row], hours, closed, periods).get(id)!;
  return { row, calendar: { ...calendar, ...busyRowsByRoom(busy).get(id) } };
}

export async function getAvailableTime({
  db,
  query,
  now = new Date(),
}: {
  db: DbOrTx;
  query: z.infer<typeof availableTimeParams>;
  now?: Date;
}): Promise<AvailableTime[]> {
  const { today, time } = osloClock(now);
  const { date, minutes } = acceptedOrBadRequest(checkSingleDateSearch(query, today));
  const { row, calendar } = await publicRoom(db, query.bookableAssetId, date, date);
  if (!publicRulesOfRow(row).allowSingle) return [];
  const room = prepareRoom(calendar, { today, now: time, caller: publicCaller });
  return toAvailableTimes(date, availableIntervals({ room, date, duration: formatDuration(minutes) }));
}

export async function getAvailableTimeSeries({
  db,
  query,
  now = new Date(),
}: {
  db: DbOrTx;
  query: z.infer<typeof availableTimeSeriesParams>;
  now?: Date;
}): Promise<AvailableTimeSeriesResponse> {
  const { today, time } = osloClock(now);
  const series = acceptedOrBadRequest(checkRecurringSearch(query, today));
  const { row, calendar } = await publicRoom(db, query.bookableAssetId, series.from, series.to);
  if (!publicRulesOfRow(row).allowRepeated) {
    const dates = expandWeekdayPattern(series);
    return {
      byWeekday: Object.fromEntries(series.daysOfWeek.map((d) => [d, []])),
      datesCount: dates.length,
      unavailableDates: dates,
      share: 0,
    };
  }
  const room = prepareRoom(calendar, { today, now: time, caller: publicCaller });
  return availableTimeSeries({ room, ...series, duration: formatDuration(series.minutes) });
}
