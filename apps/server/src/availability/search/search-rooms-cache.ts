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
import { readSearchRoomsChanges } from '../../locations';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import { toSearchHit } from './to-search-hit';

/**
 * The rooms of a search with what the rules and the answer need of them that changes rarely: the
 * row, its public rules, its calendar's opening hours and closed dates already indexed, its place in
 * the Norwegian name order, and its line of the answer as JSON text without the dates. Nothing here
 * depends on today or the clock (behandlingstid's window and past times are prepared per search).
 *
 * The city-wide search keeps these between searches (searchRoomsCache), one copy per database
 * handle, tagged with search_rooms_version's version (migration 0012: statement triggers on every
 * table read here store the writing transaction's id, visible together with the change). A search
 * reads the version with its first query and renews the copy when it moved, so a change committed
 * by any server process is seen by the next search. Renewing reads again only the locations whose
 * search_location_versions row (migration 0029) was written by a transaction not visible in the
 * snapshot the copy was read under, and keeps every other location's rooms as they are (decision
 * 047): a change to one location costs its few rooms, not the city's thousands.
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
  /** row.locationId, read from this object's own shape: the driver's rows are slow to read in a loop over every room. */
  locationId: number;
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
  /** The snapshot of the copy's first read (readSearchRoomsChanges): later changes are not visible in it. */
  snapshot: string;
  /** The rooms' and locations' names with their ranks: a renewal ranks a new name between two known ones. */
  names: NameRanks;
  /** Calendars no room uses any more (of locations read again), still in `calendars`. */
  unused: number;
}

/**
 * Names in Norwegian order with ranks RANK_GAP apart, so a name read later gets a rank between its
 * neighbours' without moving theirs; when no integer is left between them, every name is ranked again.
 * Names no room has any more keep their rank: a rank only has to order the names in use.
 */
interface NameRanks {
  sorted: string[];
  ranks: Map<string, number>;
}

const RANK_GAP = 1024;

function rankNames(names: Iterable<string>): NameRanks {
  const sorted = [...new Set(names)].sort(compareNorwegian);
  return { sorted, ranks: new Map(sorted.map((name, i) => [name, i * RANK_GAP])) };
}

/**
 * The ranks with these names added, in place: a rank once given never changes (searches reading an
 * older copy keep theirs, taken from its rooms), and no await interrupts an insertion. When no
 * integer is left between two neighbours, a new object ranks every name again (and the kept rooms'
 * ranks no longer fit: the caller reads every room).
 */
function withNames(known: NameRanks, names: readonly string[]): NameRanks {
  for (const name of names) {
    if (known.ranks.has(name)) continue;
    let low = 0;
    let high = known.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareNorwegian(known.sorted[middle] ?? '', name) < 0) low = middle + 1;
      else high = middle;
    }
    const before = low === 0 ? -RANK_GAP : (known.ranks.get(known.sorted[low - 1] ?? '') ?? 0);
    const after = low === known.sorted.length ? before + 2 * RANK_GAP : (known.ranks.get(known.sorted[low] ?? '') ?? 0);
    const rank = Math.floor((before + after) / 2);
    if (rank <= before) return rankNames([...known.sorted, ...names]);
    known.sorted.splice(low, 0, name);
    known.ranks.set(name, rank);
  }
  return known;
}

function namesOf(rows: readonly SearchRoomRow[]): string[] {
  return rows.flatMap((row) => [assetDisplayName(row.name, row.externalAssetNumber), row.locationName]);
}

// The opening hours and closed dates are indexed once, with any context: neither depends on it.
const indexingContext: SchedulingContext = { today: '2000-01-01', now: null, caller: publicCaller };

// The hit's fields in the schema's order: the ids (numbers), then these two, then the rest.
const datesHead = '"datesCount":';
const datesMarker = `${datesHead}0,"unavailableDates":[]`;

/**
 * The rooms with their fixed parts, from the rows the repository reads; ranked among themselves
 * unless `ranks` (every row's names) is given.
 */
export function toSearchRooms(
  rows: readonly SearchRoomRow[],
  hours: readonly OpeningHoursRow[],
  closed: ReadonlyMap<number, string[]>,
  periods: ReadonlyMap<number, readonly OpeningPeriodRow[]> = new Map(),
  ranks: ReadonlyMap<string, number> = rankNames(namesOf(rows)).ranks,
  firstIndex = 0,
): SearchRooms {
  const groups = calendarGroups(rows, hours, closed, periods);
  const calendars = new Map<RoomCalendar, SearchCalendar>();
  const rooms = rows.map((row): SearchRoom => {
    const group = groups.get(row.id);
    if (!group) throw new Error(`No calendar for room ${row.id}`);
    let calendar = calendars.get(group.calendar);
    if (!calendar) {
      const indexed = prepareRoom(group.calendar, indexingContext);
      const { behandlingstid, minBookingDurationMinutes, lastBookableDate } = group.calendar;
      calendar = {
        index: firstIndex + calendars.size,
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
      locationId: row.locationId,
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

/**
 * Every published room of the portal's locations: read now (five queries), or renewed from `base`
 * (the copy found stale): only the locations changed since base's snapshot are read (one query
 * when none has rooms to read, five else), every other location's rooms are kept.
 */
async function loadSearchRooms(db: DbOrTx, base?: CachedSearchRooms): Promise<CachedSearchRooms> {
  // Read first: the rows read after it are at least as new, so a change in between only costs a renewal.
  const changes = await readSearchRoomsChanges(db, base?.snapshot ?? null);
  const { version, snapshot } = changes;
  const partial = base !== undefined && base.snapshot !== '' && !changes.locationIds.includes(0);
  const changed = partial ? changes.locationIds : undefined;
  if (base && changed?.length === 0) return { ...base, version, snapshot };
  const rows = await findSearchRooms(db, { tagIds: [], ...(changed ? { locationIds: changed } : {}) });
  const locationIds = [...new Set(rows.map((r) => r.locationId))];
  const [hours, closed, periods] = await Promise.all([
    findOpeningHours(db, locationIds),
    findClosedDates(db, locationIds),
    findOpeningPeriods(db, locationIds),
  ]);
  if (!base || !changed) {
    const names = rankNames(namesOf(rows));
    return { version, snapshot, names, unused: 0, ...toSearchRooms(rows, hours, closed, periods, names.ranks) };
  }
  const names = withNames(base.names, namesOf(rows));
  // Every name ranked again (no integer left in a gap): the kept rooms' ranks are stale, read everything.
  if (names !== base.names) return loadSearchRooms(db);
  const gone = new Set(changed);
  const kept: SearchRoom[] = [];
  const dead = new Set<SearchCalendar>();
  for (const room of base.rooms) {
    if (gone.has(room.locationId)) dead.add(room.calendar);
    else kept.push(room);
  }
  // Calendars belong to one location (its own, or one room's), so the changed locations' are no
  // other room's: they stay in the array unused, their index taken, and the new ones come after.
  // Kept rooms keep their objects (a kept room's rank stays valid: ranks never move).
  const fresh = toSearchRooms(rows, hours, closed, periods, names.ranks, base.calendars.length);
  const unused = base.unused + dead.size;
  const calendars = [...base.calendars, ...fresh.calendars];
  if (unused * 4 <= calendars.length) {
    return { version, snapshot, names, unused, rooms: kept.concat(fresh.rooms), calendars };
  }
  // A quarter unused: every room gets a calendar of this copy at a new index; the old copy's
  // objects stay as they are for the searches still reading it.
  const renewed = new Map<SearchCalendar, SearchCalendar>();
  const rooms = kept.concat(fresh.rooms).map((room) => {
    let calendar = renewed.get(room.calendar);
    if (!calendar) renewed.set(room.calendar, (calendar = { ...room.calendar, index: renewed.size }));
    return { ...room, calendar };
  });
  return { version, snapshot, names, unused: 0, rooms, calendars: [...renewed.values()] };
}

const copies = new WeakMap<DbOrTx, Promise<CachedSearchRooms>>();

/** The kept copy for this database handle, read when there is none yet. */
export function searchRoomsCache(db: DbOrTx): Promise<CachedSearchRooms> {
  const kept = copies.get(db);
  if (kept) return kept;
  return reloadSearchRoomsCache(db);
}

/** Renews the rooms from the stale copy (the version moved); concurrent searches share one renewal. */
export function reloadSearchRoomsCache(db: DbOrTx, stale?: CachedSearchRooms): Promise<CachedSearchRooms> {
  const kept = copies.get(db);
  if (kept && stale) {
    // Another search may already have started the renewal of this stale copy.
    const pending = kept.then((copy) => (copy === stale ? undefined : copy));
    return pending.then((copy) => copy ?? startReload(db, stale));
  }
  return startReload(db, stale);
}

function startReload(db: DbOrTx, base?: CachedSearchRooms): Promise<CachedSearchRooms> {
  const loading = loadSearchRooms(db, base);
  copies.set(db, loading);
  // A failed read must not stay cached.
  loading.catch(() => {
    if (copies.get(db) === loading) copies.delete(db);
  });
  return loading;
}
