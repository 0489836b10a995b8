import { z } from 'zod';
import { bookableAssets } from '../bookable-asset';
import { location } from '../location';
import { isoDate, positiveId, requiredRepeatedParam } from './api-primitives';
import { calendarWeek, initialCalendarWeekStart } from './calendar-navigation';
import { bounds, MAX_SCHEDULE_ASSETS, scheduleResponse, type BoundsResponse } from './schedule-query';

/**
 * GET /api/bookableasset/calendar (decision 019): everything the room page (/ressurs) shows
 * before the first click, in one request — the rooms (as GET /api/bookableasset), their location (as
 * GET /api/location/{id}), the first and last bookable date (as GET /api/bookableasset/firstandlastbookabledate)
 * and the schedule of the week the calendar opens on (as GET /api/schedule). Before, these were four
 * requests, each waiting for the one before it. Later weeks come from GET /api/schedule.
 */
export const roomCalendarPageQuery = z.object({
  bookableAssetIds: requiredRepeatedParam(z.array(positiveId).min(1).max(MAX_SCHEDULE_ASSETS)),
});

/** The week the calendar opens on: the week of the first bookable date (or of today). */
export const calendarOpeningWeek = z.object({ fromInclusive: isoDate, toInclusive: isoDate });

/**
 * `rooms` are the published ones among the asked (in display-name order; none: the other fields are
 * null and the schedule empty); `location` is the first room's; `week` is null when no date is
 * bookable (firstDate after lastDate), and then the schedule is empty.
 */
export const roomCalendarPage = z.object({
  rooms: bookableAssets,
  location: location.nullable(),
  bounds: bounds.nullable(),
  week: calendarOpeningWeek.nullable(),
  schedule: scheduleResponse,
});
export type RoomCalendarPage = z.infer<typeof roomCalendarPage>;

/**
 * The week the public calendar opens on (RoomCalendar's first week): the one holding the first
 * bookable date, snapped into [today, lastDate]. Null when no date is bookable. The server and the
 * portal both call it, so the schedule sent with the page is the one the grid asks for.
 */
export function openingWeekOf(dates: BoundsResponse, today: string): z.infer<typeof calendarOpeningWeek> | null {
  if (dates.firstDate > dates.lastDate) return null;
  const window = { minSelectableDate: today, lastDate: dates.lastDate };
  const week = calendarWeek(initialCalendarWeekStart(dates.firstDate, window), window);
  return { fromInclusive: week.weekStart, toInclusive: week.weekEnd };
}
