import { expandWeekdayPattern } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { IsoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { prepareRoom } from '@lokaler/domain/scheduling/room-calendar';
import { publicCaller } from '@lokaler/domain/scheduling/scheduling-caller';
import { SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import { busyBudget, indexSearchDates, unavailableSearchDates } from '@lokaler/domain/search-room-dates';
import type { RecurringSearch, SearchAssetHit, SearchAssetsResponse, SingleDateSearch } from '@lokaler/domain/search-request';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBusyTimes, findCrowdedBusyTimes, type BusyRow } from './busy-times-repository';
import { busyRowsByRoom, calendarGroups, publicRulesOfRow, withBusyTimes } from './search-calendars';
import { findClosedDates, findOpeningHours, findSearchRooms, isPublishedLocation } from './search-rooms-repository';
import { toSearchHit, toSearchResponse } from './to-search-hit';

/**
 * GET /api/search/assets[/{locationId}][/repeating]: every published room (of the location) with
 * the asked tags, and on which of the search's dates an interval of the duration fits in it — inside
 * opening hours, outside reservations, blocked times and closed dates, inside the public's window
 * (behandlingstid), by the same rules as the calendar and the availability check.
 *
 * Five queries whatever the number of rooms and dates. Up to EXACT_ROOM_LIMIT rooms every busy row
 * of the period is read; above it (the city-wide search) the database first keeps only the
 * room-dates whose busy time could stop the duration from fitting (see findCrowdedBusyTimes).
 */

export const EXACT_ROOM_LIMIT = 100;
const isoWeekdays: readonly IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];

export type SearchKind = ({ kind: 'single' } & SingleDateSearch) | ({ kind: 'recurring' } & RecurringSearch);

export interface SearchAssetsOptions {
  db: DbOrTx;
  search: SearchKind;
  tagIds: readonly number[];
  locationId?: number;
  now?: Date;
  /** Tests set it to run both paths on the same data. */
  exactRoomLimit?: number;
}

export async function searchAssets({ db, search, tagIds, locationId, now = new Date(), exactRoomLimit = EXACT_ROOM_LIMIT }: SearchAssetsOptions): Promise<SearchAssetsResponse> {
  const { today, time } = osloClock(now);
  if (locationId !== undefined && !(await isPublishedLocation(db, locationId))) throw AppError.notFound(`Location ${locationId}`);
  const dates = indexSearchDates(search.kind === 'single' ? [search.date] : expandWeekdayPattern(search));
  const first = dates.dates[0];
  const last = dates.dates.at(-1);
  const minutes = search.minutes;

  const rows = await findSearchRooms(db, { locationId, tagIds });
  const locationIds = [...new Set(rows.map((r) => r.locationId))];
  const [hours, closed] = await Promise.all([
    findOpeningHours(db, locationIds),
    first && last ? findClosedDates(db, locationIds, first, last) : Promise.resolve(new Map<number, string[]>()),
  ]);
  const groups = calendarGroups(rows, hours, closed);
  const context = { today, now: time, caller: publicCaller };
  const searchedWeekdays = new Set(dates.weekdayAt);

  const rooms = rows.map((row) => {
    const rules = publicRulesOfRow(row);
    // A room that does not lend this kind of loan to the public is free on none of the dates.
    const lends = search.kind === 'single' ? rules.allowSingle : rules.allowRepeated;
    const group = lends ? groups.get(row.id) : undefined;
    if (group && !group.base) {
      group.base = prepareRoom(group.calendar, context);
      group.budgets = isoWeekdays.map((w) => (searchedWeekdays.has(w) ? busyBudget(group.base!, w, minutes) : null));
    }
    return { row, group };
  });

  let busy: BusyRow[] = [];
  const lending = rooms.filter((r) => r.group !== undefined);
  if (first && last && lending.length > 0) {
    busy = lending.length <= exactRoomLimit
      ? await findBusyTimes(db, lending.map((r) => r.row.id), first, last)
      : await findCrowdedBusyTimes(db, {
          dates: dates.dates,
          specialDates: new Set([today, ...dates.irregular.map((i) => dates.dates[i] ?? today)]),
          rooms: lending.map((r) => ({ room: r.row.id, budgets: r.group!.budgets! })),
          // Off the grid nothing fits (every budget is null); rounding keeps the parameter an integer.
          durationSlots: Math.ceil(minutes / SLOT_MINUTES),
        });
  }
  const busyByRoom = busyRowsByRoom(busy);

  const hits: SearchAssetHit[] = rooms.map(({ row, group }) => {
    let unavailable: string[];
    if (!group?.base) unavailable = [...dates.dates];
    else {
      const own = busyByRoom.get(row.id);
      if (own) unavailable = unavailableSearchDates(withBusyTimes(group.base, own, context), dates, minutes);
      else unavailable = group.unavailable ??= unavailableSearchDates(group.base, dates, minutes);
    }
    return toSearchHit(row, dates.dates.length, unavailable);
  });
  return toSearchResponse(hits);
}
