import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { openingWeekOf } from '@lokaler/domain/scheduling/room-calendar-page';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { listAssets } from '../../locations';
import { findLocation } from '../../locations';
import { getBookableDateBounds } from './get-bookable-date-bounds';
import { publicScheduleBody, type ScheduleCache } from './schedule-cache';
import type { ScheduleVersionReader } from './schedule-versions-repository';

/**
 * GET /api/bookableasset/calendar (decision 019): the room page's first data as one answer, built
 * from the very functions of the four calls it replaces (the rooms, their location, the bounds, the
 * opening week's public schedule from the kept answers of ADR 008). The location and the bounds are
 * read at once; the schedule needs the bounds' first date. Hidden or unknown rooms are left out as
 * GET /api/bookableasset leaves them out; none left answers empty, as that call does. Rooms of a
 * location that is not published are listed without bounds or schedule (the public has no calendar there).
 *
 * The answer is JSON text: the kept schedule bytes go in as they are (tested against the schema).
 */
export async function roomCalendarPageJson({
  db,
  cache,
  assetIds,
  readVersions,
  now = new Date(),
}: {
  db: DbOrTx;
  cache: ScheduleCache;
  assetIds: readonly number[];
  readVersions?: ScheduleVersionReader;
  now?: Date;
}): Promise<string> {
  const rooms = await listAssets({ db, ids: assetIds });
  const first = rooms[0];
  if (!first) return '{"rooms":[],"location":null,"bounds":null,"week":null,"schedule":[]}';
  // The asked order, as GET /api/schedule answers it (the rooms come in display-name order).
  const shown = new Set(rooms.map((r) => r.id));
  const ids = [...new Set(assetIds)].filter((id) => shown.has(id));
  const [location, bounds] = await Promise.all([
    findLocation(db, first.locationId),
    // A room of an unpublished location is listed (as GET /api/bookableasset lists it) but has no public calendar.
    getBookableDateBounds({ db, assetIds: ids, access: { kind: 'public' }, now }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }),
  ]);
  const week = bounds && openingWeekOf(bounds, osloClock(now).today);
  const schedule = week
    ? await publicScheduleBody({ db, cache, query: { bookableAssetIds: ids, ...week }, now, ...(readVersions ? { readVersions } : {}) })
    : '[]';
  return `{"rooms":${JSON.stringify(rooms)},"location":${JSON.stringify(location ?? null)},"bounds":${JSON.stringify(bounds)},"week":${JSON.stringify(week)},"schedule":${schedule.toString()}}`;
}
