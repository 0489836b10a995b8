import { expandWeekdayPattern } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { publicCaller } from '@lokaler/domain/scheduling/scheduling-caller';
import { SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import type { PreparedRoom, SchedulingContext } from '@lokaler/domain/scheduling/room-calendar';
import {
  indexSearchDates,
  searchBusyBudgets,
  sameHoursEveryWeek,
  searchOpenSpans,
  unavailableSearchDates,
  type SearchDates,
} from '@lokaler/domain/search-room-dates';
import type { SearchResultParams } from '@lokaler/domain/search-filters';
import type { RecurringSearch, SearchAssetsResponse, SingleDateSearch } from '@lokaler/domain/search-request';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBusyTimes, findCrowdedBusyTimes, type BusyReads, type BusyRow } from './busy-times-repository';
import { busyRowsByRoom, withBusyTimes } from './search-calendars';
import {
  closedDatesWithin,
  prepareCalendar,
  reloadSearchRoomsCache,
  searchRoomsCache,
  toSearchRooms,
  type SearchCalendar,
  type SearchRoom,
} from './search-rooms-cache';
import { findClosedDates, findOpeningHours, findOpeningPeriods, findSearchRooms, isPublishedLocation } from './search-rooms-repository';
import { readSearchRoomsVersion } from '../../locations';
import { readSearchVersions } from './search-versions-repository';
import { keptText, searchAnswerCache, type KeptAnswer } from './search-answer-cache';
import { clockKey } from '../schedule/schedule-cache';
import { filterAnswer, filtersOf, markersJson, pageJson, type RoomAnswer, type SearchAnswer } from './search-result-shapes';
import { inSearchOrder, toSearchHit } from './to-search-hit';

/**
 * GET /api/search/assets[/{locationId}][/repeating]: every published room (of the location) with
 * the asked tags, and on which of the search's dates an interval of the duration fits in it — inside
 * opening hours, outside reservations, blocked times and closed dates, inside the public's window
 * (behandlingstid), by the same rules as the calendar and the availability check.
 *
 * The city-wide search keeps the rooms and their calendars' fixed parts between searches
 * (search-rooms-cache.ts, ADR 007) and reads only the busy rows: one statement (two for a long
 * pattern), which also reads the version the kept rooms are checked against. A location's search
 * reads its rooms each time (four queries). Up to EXACT_ROOM_LIMIT rooms every busy row of the
 * period is read; above it the database first keeps only the room-dates whose busy time could stop
 * the duration from fitting (see findCrowdedBusyTimes).
 */

export const EXACT_ROOM_LIMIT = 100;

export type SearchKind = ({ kind: 'single' } & SingleDateSearch) | ({ kind: 'recurring' } & RecurringSearch);

export interface SearchAssetsOptions {
  db: DbOrTx;
  search: SearchKind;
  tagIds: readonly number[];
  locationId?: number;
  now?: Date;
  /** Tests set it to run both paths on the same data. */
  exactRoomLimit?: number;
  /** How the crowded path reads the busy sums (busy-times-repository.ts); by the filter's width unless set. */
  busyReads?: BusyReads;
}

/** The answer as objects (the location's search and tests). */
export async function searchAssets(options: SearchAssetsOptions): Promise<SearchAssetsResponse> {
  const { datesCount, available, unavailable } = (await keptSearch(options)).answer;
  const hit = (a: RoomAnswer) => toSearchHit(a.room.row, datesCount, a.unavailable);
  return { available: available.map(hit), unavailable: unavailable.map(hit) };
}

/**
 * The answer as JSON text, exactly JSON.stringify(searchAssets(…)): each room's fixed fields are
 * kept as text with the room (search-rooms-cache.ts), and a dates list shared by the rooms of one
 * calendar is written once.
 */
export async function searchAssetsJson(options: SearchAssetsOptions): Promise<string> {
  return wholeJson((await keptSearch(options)).answer);
}

function wholeJson({
  datesCount,
  available,
  unavailable,
}: {
  datesCount: number;
  available: readonly RoomAnswer[];
  unavailable: readonly RoomAnswer[];
}): string {
  const texts = new Map<readonly string[], string>();
  const line = (a: RoomAnswer) => hitLine(a, datesCount, texts);
  return `{"available":[${available.map(line).join(',')}],"unavailable":[${unavailable.map(line).join(',')}]}`;
}

/**
 * The answer in the shape the screen asks for (decision 019; search-result-shapes.ts): without
 * `shape` the whole lists (spec 01 §7, searchAssetsJson), else a filtered page or the map's markers.
 * A city-wide search's texts are kept with its kept answer (search-answer-cache.ts) as Buffers.
 */
export async function searchAssetsShapedJson(options: SearchAssetsOptions, params: SearchResultParams): Promise<string | Buffer> {
  const kept = await keptSearch(options);
  const { answer } = kept;
  const textKey = JSON.stringify([
    params.shape ?? null,
    params.limit ?? null,
    params.offset ?? null,
    params.list ?? null,
    params.capacity ?? null,
    params.text ?? null,
    params.area ?? null,
  ]);
  return keptText(kept, textKey, () => {
    const filters = filtersOf(params);
    if (params.shape === undefined && !filters.active) return wholeJson(answer);
    const filtered = filterAnswer(answer, filters);
    if (params.shape === 'markers') return markersJson(filtered.available);
    if (params.shape === 'page') return pageJson(answer, filtered, params, (a) => hitLine(a, answer.datesCount, new Map()));
    return wholeJson({ datesCount: answer.datesCount, ...filtered });
  });
}

function hitLine({ room, unavailable: dates }: RoomAnswer, datesCount: number, texts: Map<readonly string[], string>): string {
  let text = texts.get(dates);
  if (text === undefined) texts.set(dates, (text = JSON.stringify(dates)));
  return `${room.jsonHead}${datesCount},"unavailableDates":${text}${room.jsonTail}`;
}

function searchDates(search: SearchKind): SearchDates {
  return indexSearchDates(search.kind === 'single' ? [search.date] : expandWeekdayPattern(search));
}

/**
 * A city-wide search through its kept answer (search-answer-cache.ts, ADR 023): the busy changes
 * since the last request are read and applied first, with the rooms' version (one prepared
 * statement), and the answer is computed only when a change touched its rooms and dates, or the
 * rooms' version or the clock moved since it was kept (decision 047). A location's search is
 * computed each time.
 */
async function keptSearch(options: SearchAssetsOptions): Promise<KeptAnswer> {
  if (options.locationId !== undefined) return { answer: (await runSearch(options)).answer };
  const { db, search, tagIds, exactRoomLimit = EXACT_ROOM_LIMIT } = options;
  const now = options.now ?? new Date();
  const dates = searchDates(search);
  const first = dates.dates[0];
  const last = dates.dates.at(-1);
  const cache = searchAnswerCache(db);
  const versions = await readSearchVersions(db, cache.since);
  cache.applyBusyChanges(versions);
  const clock = first && last ? clockKey({ fromInclusive: first, toInclusive: last }, now) : osloClock(now).today;
  const question = JSON.stringify([search, tagIds, exactRoomLimit, options.busyReads ?? null]);
  return cache.answer(
    question,
    `${versions.rooms}|${clock}`,
    async () => {
      const { answer, roomsVersion, roomIds } = await runSearch({ ...options, now }, dates, versions.rooms);
      // Kept only when computed from the rooms of the version read first (else a change came between).
      return { answer, keep: versions.rooms !== null && roomsVersion === versions.rooms, ...(roomIds ? { rooms: roomIds } : {}) };
    },
    dates.dates,
  );
}

/**
 * The search computed now; city-wide, `roomsVersion`: the version of the kept rooms it used, and
 * `roomIds`: the rooms it searched (undefined: every room). `roomsVersion` given: the version just
 * read; kept rooms of another are renewed before the search rather than after it.
 */
async function runSearch(
  { db, search, tagIds, locationId, now = new Date(), exactRoomLimit = EXACT_ROOM_LIMIT, busyReads }: SearchAssetsOptions,
  dates: SearchDates = searchDates(search),
  roomsVersion?: string | null,
): Promise<{ answer: SearchAnswer; roomsVersion?: string | null; roomIds?: ReadonlySet<number> }> {
  const { today, time } = osloClock(now);
  const first = dates.dates[0];
  const last = dates.dates.at(-1);
  const question: Question = { db, search, dates, today, context: { today, now: time, caller: publicCaller }, exactRoomLimit, busyReads };

  if (locationId !== undefined) {
    if (!(await isPublishedLocation(db, locationId))) throw AppError.notFound(`Location ${locationId}`);
    const rows = await findSearchRooms(db, { locationId, tagIds });
    const locationIds = [...new Set(rows.map((r) => r.locationId))];
    const [hours, closed, periods] = await Promise.all([
      findOpeningHours(db, locationIds),
      first && last ? findClosedDates(db, locationIds, { from: first, to: last }) : Promise.resolve(new Map<number, string[]>()),
      findOpeningPeriods(db, locationIds),
    ]);
    return { answer: (await answer(question, toSearchRooms(rows, hours, closed, periods), false)).answer };
  }

  // City-wide: the kept rooms, checked against the version the first query reads. A copy older than
  // this search is read again and the search repeated once; a change during the search may show or not.
  let copy = await searchRoomsCache(db);
  if (roomsVersion !== undefined && roomsVersion !== copy.version) copy = await reloadSearchRoomsCache(db, copy);
  for (let attempt = 0; ; attempt++) {
    const named = inNameOrder(copy.rooms);
    const rooms = { ...copy, rooms: tagIds.length === 0 ? named : named.filter((r) => tagIds.every((t) => r.tagIds.includes(t))) };
    const result = await answer(question, rooms, true);
    if (attempt > 0 || result.versions.every((v) => v === copy.version)) {
      const roomIds = tagIds.length === 0 ? undefined : new Set(rooms.rooms.map((r) => r.row.id));
      return { answer: result.answer, roomsVersion: copy.version, ...(roomIds ? { roomIds } : {}) };
    }
    copy = await reloadSearchRoomsCache(db, copy);
  }
}

interface Question {
  db: DbOrTx;
  search: SearchKind;
  dates: SearchDates;
  today: string;
  context: SchedulingContext;
  exactRoomLimit: number;
  busyReads?: BusyReads;
}

/** Per calendar and search: prepared for the caller without busy rows, with its budgets and answer. */
interface CalendarState {
  base: PreparedRoom;
  budgets: (number | null)[];
  spans: ({ start: number; end: number } | null)[];
  /** Its weeks agree on every searched weekday (sameHoursEveryWeek): the database's kept fit decides. */
  exact: boolean;
  unavailable?: string[];
}

async function answer(
  { db, search, dates, today, context, exactRoomLimit, busyReads }: Question,
  { rooms, calendars }: { rooms: readonly SearchRoom[]; calendars: readonly SearchCalendar[] },
  readVersion: boolean,
): Promise<{ answer: SearchAnswer; versions: (string | null)[] }> {
  const first = dates.dates[0];
  const last = dates.dates.at(-1);
  const minutes = search.minutes;
  // Calendars of one shape with the same closed dates in the period share one state.
  const states = new Array<CalendarState | undefined>(calendars.length);
  const byShape = new Map<string, CalendarState>();
  const stateOfCalendar = (calendar: SearchCalendar): CalendarState => {
    let state = states[calendar.index];
    if (state) return state;
    const closed = first && last ? closedDatesWithin(calendar, first, last) : [];
    const key = closed.length === 0 ? calendar.shape : `${calendar.shape}|${closed.join(',')}`;
    state = byShape.get(key);
    if (!state) {
      const base = prepareCalendar(calendar, context, closed);
      state = {
        base,
        budgets: searchBusyBudgets(base, dates, minutes),
        spans: searchOpenSpans(base, dates),
        exact: sameHoursEveryWeek(base, dates),
      };
      byShape.set(key, state);
    }
    return (states[calendar.index] = state);
  };
  const lending: { room: SearchRoom; state: CalendarState }[] = [];
  const stateOf = rooms.map((room) => {
    // A room that does not lend this kind of loan to the public is free on none of the dates.
    if (!(search.kind === 'single' ? room.rules.allowSingle : room.rules.allowRepeated)) return undefined;
    const state = stateOfCalendar(room.calendar);
    lending.push({ room, state });
    return state;
  });

  let busy: BusyRow[] = [];
  let versions: (string | null)[] = [];
  if (first && last && lending.length > 0) {
    if (lending.length <= exactRoomLimit) {
      const [rows, version] = await Promise.all([
        findBusyTimes(
          db,
          lending.map((r) => r.room.row.id),
          first,
          last,
        ),
        readVersion ? readSearchRoomsVersion(db) : Promise.resolve(null),
      ]);
      busy = rows;
      versions = [version];
    } else {
      ({ rows: busy, versions } = await findCrowdedBusyTimes(db, {
        dates: dates.dates,
        specialDates: new Set([today, ...dates.irregular.map((i) => dates.dates[i] ?? today)]),
        rooms: lending.map((r) => ({ room: r.room.row.id, budgets: r.state.budgets, openSpans: r.state.spans, exact: r.state.exact })),
        // Off the grid nothing fits (every budget is null); rounding keeps the parameter an integer.
        durationSlots: Math.ceil(minutes / SLOT_MINUTES),
        reads: busyReads,
      }));
    }
  }
  if (readVersion && versions.length === 0) versions = [await readSearchRoomsVersion(db)];
  // Room-dates the database decided from their kept fit (decision 052) come without rows: nothing of
  // the duration fits there, whatever the rules would say of the date without its busy time.
  const decided = new Map<number, string[]>();
  const pieces: BusyRow[] = [];
  for (const row of busy) {
    if (row.kind !== 'f') pieces.push(row);
    else {
      const dates = decided.get(row.room);
      if (dates) dates.push(row.date);
      else decided.set(row.room, [row.date]);
    }
  }
  const busyByRoom = busyRowsByRoom(pieces);

  const allDates = [...dates.dates];
  const ranked = rooms.map((room, i) => {
    const state = stateOf[i];
    let unavailable: string[];
    if (!state) unavailable = allDates;
    else {
      const own = busyByRoom.get(room.row.id);
      if (own) unavailable = unavailableSearchDates(withBusyTimes(state.base, own, context), dates, minutes);
      else unavailable = state.unavailable ??= unavailableSearchDates(state.base, dates, minutes);
      const none = decided.get(room.row.id);
      if (none) unavailable = withDates(unavailable, none);
    }
    const share = allDates.length === 0 ? 0 : (allDates.length - unavailable.length) / allDates.length;
    return { room, unavailable, share, nameRank: room.nameRank, locationRank: room.locationRank, id: room.row.id };
  });
  const { available, unavailable } = inSearchOrder(ranked);
  return { answer: { datesCount: allDates.length, available, unavailable }, versions };
}

/** The sorted dates of both lists, each once (a new array: `sorted` may be shared by rooms). */
function withDates(sorted: readonly string[], more: string[]): string[] {
  more.sort();
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (i < sorted.length || j < more.length) {
    const a = sorted[i];
    const b = more[j];
    const next = b === undefined || (a !== undefined && a <= b) ? a! : b;
    if (next === a) i++;
    if (next === b) j++;
    if (merged.at(-1) !== next) merged.push(next);
  }
  return merged;
}

const nameOrders = new WeakMap<readonly SearchRoom[], readonly SearchRoom[]>();

/**
 * The kept rooms in name order (spec 01 §5's order among rooms of one share: name, location, id),
 * sorted once per copy, so that inSearchOrder only groups an answer by share.
 */
function inNameOrder(rooms: readonly SearchRoom[]): readonly SearchRoom[] {
  let ordered = nameOrders.get(rooms);
  if (!ordered) {
    ordered = [...rooms].sort((a, b) => a.nameRank - b.nameRank || a.locationRank - b.locationRank || a.row.id - b.row.id);
    nameOrders.set(rooms, ordered);
  }
  return ordered;
}
