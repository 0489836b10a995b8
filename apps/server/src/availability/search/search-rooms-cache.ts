import { roomHaystack } from '@lokaler/domain/search-filters';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { prepareRoom, type PreparedRoom, type RoomCalendar, type SchedulingContext } from '@lokaler/domain/scheduling/room-calendar';
import type { PublicBookingRules } from '@lokaler/domain/scheduling/public-booking-rules';
import { publicCaller } from '@lokaler/domain/scheduling/scheduling-caller';
import type { DbOrTx } from '../../db/client';
import { calendarGroups, publicRulesOfRow } from './search-calendars';
import {
  findClosedDates,
  findOpeningHours,
  findOpeningPeriods,
  findSearchRooms,
  type OpeningHoursRow,
  type OpeningPeriodRow,
  type SearchRoomRow,
} from './search-rooms-repository';
import { readSearchRoomsVersion } from '../../locations';
import { norwegianRanks, toSearchHit } from './to-search-hit';

/**
 * The rooms of a search with what the rules and the answer need of them that changes rarely: the
 * row, its public rules, its calendar's opening hours and closed dates already indexed, its place in
 * the Norwegian name order, and its line of the answer as JSON text without the dates. Nothing here
 * depends on today or the clock (behandlingstid's window and past times are prepared per search).
 *
 * The city-wide search keeps these between searches (searchRoomsCache), one copy per database
 * handle, tagged with search_rooms_version's version (migration 0012: statement triggers on every
 * table read here store the writing transaction's id, visible together with the change). A search
 * reads the version with its first query and rebuilds the copy when it moved, so a change committed
 * by any server process is seen by the next search.
 */

/** Rooms sharing opening hours and closed dates (a location's rooms without hours of their own). */
export interface SearchCalendar {
  /** Position among the calendars of the same SearchRooms: per-search state is kept by it. */
  index: number;
  /** Without busy times. */
  calendar: RoomCalendar;
  /** The standard and seasonal hours, indexed once (the rules read them through openingOn). */
  opening: PreparedRoom['opening'];
  /** Ascending. */
  closedDates: readonly string[];
  /**
   * What the rules see of the calendar besides its closed dates: the indexed hours, behandlingstid,
   * the minimum duration and the last bookable date. Calendars of one shape and the same closed
   * dates in a search's period answer alike (the rules never read the room's id).
   */
  shape: string;
}

export interface SearchRoom {
  row: SearchRoomRow;
  tagIds: readonly number[];
  rules: PublicBookingRules;
  calendar: SearchCalendar;
  /** Ranks of the display name and the location's name in Norwegian order among these rooms. */
  nameRank: number;
  locationRank: number;
  /** `{"bookableAssetId":…,"locationId":…,"datesCount":` — the hit's text up to its dates count. */
  jsonHead: string;
  /** `,"name":…}` — the hit's text after its unavailable dates. */
  jsonTail: string;
  /** The hit's fields the filters and the map's markers read (decision 019), computed once with the room. */
  hit: Pick<SearchAssetHit, 'displayName' | 'capacity' | 'geographicAreaId' | 'geographicAreaName' | 'latLng'>;
  /** roomHaystack of the hit: what the free-text filter matches. */
  haystack: string;
}

export interface SearchRooms {
  rooms: SearchRoom[];
  calendars: SearchCalendar[];
}

export interface CachedSearchRooms extends SearchRooms {
  /** search_rooms_version when the copy was read (null: no row, a truncated database). */
  version: string | null;
}

// The opening hours and closed dates are indexed once, with any context: neither depends on it.
const indexingContext: SchedulingContext = { today: '2000-01-01', now: null, caller: publicCaller };

// The hit's fields in the schema's order: the ids (numbers), then these two, then the rest.
const datesHead = '"datesCount":';
const datesMarker = `${datesHead}0,"unavailableDates":[]`;

/** The rooms with their fixed parts, from the rows the repository reads. */
export function toSearchRooms(
  rows: readonly SearchRoomRow[],
  hours: readonly OpeningHoursRow[],
  closed: ReadonlyMap<number, string[]>,
  periods: ReadonlyMap<number, readonly OpeningPeriodRow[]> = new Map(),
): SearchRooms {
  const groups = calendarGroups(rows, hours, closed, periods);
  const calendars = new Map<RoomCalendar, SearchCalendar>();
  const ranks = norwegianRanks(rows.flatMap((row) => [assetDisplayName(row.name, row.externalAssetNumber), row.locationName]));
  const rooms = rows.map((row): SearchRoom => {
    const group = groups.get(row.id);
    if (!group) throw new Error(`No calendar for room ${row.id}`);
    let calendar = calendars.get(group.calendar);
    if (!calendar) {
      const indexed = prepareRoom(group.calendar, indexingContext);
      const { behandlingstid, minBookingDurationMinutes, lastBookableDate } = group.calendar;
      calendar = {
        index: calendars.size,
        calendar: group.calendar,
        opening: indexed.opening,
        closedDates: [...group.calendar.closedDates].sort(),
        shape: JSON.stringify([indexed.opening, behandlingstid, minBookingDurationMinutes, lastBookableDate]),
      };
      calendars.set(group.calendar, calendar);
    }
    const hit = toSearchHit(row, 0, []);
    const text = JSON.stringify(hit);
    const at = text.indexOf(datesMarker);
    return {
      row,
      tagIds: row.tagIds === '' ? [] : row.tagIds.split(',').map(Number),
      rules: publicRulesOfRow(row),
      calendar,
      nameRank: ranks.get(hit.displayName) ?? 0,
      locationRank: ranks.get(row.locationName) ?? 0,
      jsonHead: text.slice(0, at + datesHead.length),
      jsonTail: text.slice(at + datesMarker.length),
      hit: {
        displayName: hit.displayName,
        capacity: hit.capacity,
        geographicAreaId: hit.geographicAreaId,
        geographicAreaName: hit.geographicAreaName,
        latLng: hit.latLng,
      },
      haystack: roomHaystack(hit),
    };
  });
  return { rooms, calendars: [...calendars.values()] };
}

/**
 * The calendar prepared for this search's context with its closed dates of the period: the window
 * and past times computed now, the indexed hours reused. The same PreparedRoom as prepareRoom with
 * the calendar's closed dates of the period, as the search read them before it kept the rooms.
 */
export function prepareCalendar(calendar: SearchCalendar, context: SchedulingContext, closedDates: readonly string[]): PreparedRoom {
  const fresh = prepareRoom({ ...calendar.calendar, openingHours: [], openingPeriods: [], closedDates }, context);
  return { ...fresh, opening: calendar.opening };
}

/** The calendar's closed dates from `first` to `last` (ascending ISO dates compare as text). */
export function closedDatesWithin(calendar: SearchCalendar, first: string, last: string): string[] {
  const all = calendar.closedDates;
  let low = 0;
  let high = all.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((all[middle] ?? '') < first) low = middle + 1;
    else high = middle;
  }
  const within: string[] = [];
  for (let i = low; i < all.length && (all[i] ?? '') <= last; i++) within.push(all[i] ?? '');
  return within;
}

/** Every published room of the portal's locations, read now (five queries). */
async function loadSearchRooms(db: DbOrTx): Promise<CachedSearchRooms> {
  // Read first: the rows read after it are at least as new, so a change in between only costs a rebuild.
  const version = await readSearchRoomsVersion(db);
  const rows = await findSearchRooms(db, { tagIds: [] });
  const locationIds = [...new Set(rows.map((r) => r.locationId))];
  const [hours, closed, periods] = await Promise.all([
    findOpeningHours(db, locationIds),
    findClosedDates(db, locationIds),
    findOpeningPeriods(db, locationIds),
  ]);
  return { version, ...toSearchRooms(rows, hours, closed, periods) };
}

const copies = new WeakMap<DbOrTx, Promise<CachedSearchRooms>>();

/** The kept copy for this database handle, read when there is none yet. */
export function searchRoomsCache(db: DbOrTx): Promise<CachedSearchRooms> {
  const kept = copies.get(db);
  if (kept) return kept;
  return reloadSearchRoomsCache(db);
}

/** Reads the rooms again (the version moved); concurrent searches share one reload. */
export function reloadSearchRoomsCache(db: DbOrTx, stale?: CachedSearchRooms): Promise<CachedSearchRooms> {
  const kept = copies.get(db);
  if (kept && stale) {
    // Another search may already have started the reload of this stale copy.
    const pending = kept.then((copy) => (copy === stale ? undefined : copy));
    return pending.then((copy) => copy ?? startReload(db));
  }
  return startReload(db);
}

function startReload(db: DbOrTx): Promise<CachedSearchRooms> {
  const loading = loadSearchRooms(db);
  copies.set(db, loading);
  // A failed read must not stay cached.
  loading.catch(() => {
    if (copies.get(db) === loading) copies.delete(db);
  });
  return loading;
}
