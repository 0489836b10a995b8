import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import { pgArray } from './pg-array';
import { searchRoomsVersionColumn } from '../../locations';
import { writeTransaction } from '../../db/write-transaction';

/**
 * Reservations (active: UNPROCESSED, APPROVED) and blocked times the search needs, as stored: date,
 * start time and minutes, so the domain rules read them exactly as the calendar does.
 *
 * Rows are selected by their `period` (the instant range PostgreSQL derives) overlapping a date's
 * day, widened by two hours on each side: a wall-clock time and its instant range differ by at most
 * the hour of a daylight-saving change, so every row with time on the date is found (a few rows of
 * neighbouring evenings come along; they only ever describe real busy time).
 */

export interface BusyRow extends Record<string, unknown> {
  /**
   * 'r' reservation, 'b' blocked time; 'f' (the crowded search only): the room-date's kept fit is
   * below the duration on an ordinary date, so nothing of it fits there (decision 052), no rows sent.
   */
  kind: 'r' | 'b' | 'f';
  room: number;
  id: number;
  date: string;
  startTime: string;
  durationMinutes: number;
}

const active = sql`status in ('UNPROCESSED', 'APPROVED')`;
const dayWindow = (date: SQL) =>
  sql`tstzrange((${date}::timestamp - interval '2 hours') at time zone 'Europe/Oslo', ((${date} + 1)::timestamp + interval '2 hours') at time zone 'Europe/Oslo')`;

/**
 * Every busy row of these rooms with time from `from` to `to`. For a few rooms (a location, one room).
 * Rows starting from the day before are read through (bookable_asset_id, date); a row starting
 * earlier and still running has the range's first instant inside it, which the GiST index of
 * `period` finds by itself (asking it for the whole period instead reads every room's reservations
 * of the period, twenty times slower for a year). One query.
 */
export function findBusyTimes(db: DbOrTx, roomIds: readonly number[], from: string, to: string): Promise<BusyRow[]> {
  if (roomIds.length === 0) return Promise.resolve([]);
  const rooms = sql`${pgArray(roomIds)}::int[]`;
  const range = sql`tstzrange(lower(${dayWindow(sql`${from}::date`)}), upper(${dayWindow(sql`${to}::date`)}))`;
  const overlaps = (alias: SQL) => sql`upper(${alias}.period) > lower(${range}) and lower(${alias}.period) < upper(${range})`;
  const columns = (alias: SQL, kind: string) =>
    sql`${kind}::text as kind, ${alias}.bookable_asset_id as room, ${alias}.id, ${alias}.date::text as date, ${alias}.start_time::text as "startTime", ${alias}.duration_minutes as "durationMinutes"`;
  return queryRows<BusyRow>(
    db,
    sql`
    select ${columns(sql`r`, 'r')} from reservations r
    where r.bookable_asset_id = any(${rooms}) and r.date between ${from}::date - 1 and ${to}::date + 1 and r.${active} and ${overlaps(sql`r`)}
    union all
    select ${columns(sql`r`, 'r')} from reservations r
    where r.period @> lower(${range}) and r.bookable_asset_id = any(${rooms}) and r.date < ${from}::date - 1 and r.${active}
    union all
    select ${columns(sql`b`, 'b')} from blocked_times b
    where b.bookable_asset_id = any(${rooms}) and b.date between ${from}::date - 1 and ${to}::date + 1 and ${overlaps(sql`b`)}
    union all
    select ${columns(sql`b`, 'b')} from blocked_times b
    where b.period @> lower(${range}) and b.bookable_asset_id = any(${rooms}) and b.date < ${from}::date - 1`,
  );
}

/** Per room and ISO weekday (1–7, index 0–6), the busy budget of search-room-dates' busyBudget. */
export interface RoomBudgets {
  room: number;
  budgets: readonly (number | null)[];
  /**
   * Per ISO weekday, the opening interval every searched date of the weekday holds (minutes, on the
   * grid; search-room-dates' searchOpenSpans), or null: where given, a crowded date whose busy time
   * leaves a gap of the duration in it is provably free and its rows are not read.
   */
  openSpans?: readonly ({ start: number; end: number } | null)[];
  /**
   * Every week of the room's hours that opens on a searched weekday holds the same one interval
   * there: the database's kept fit decides its busy dates (decision 052), so a read by date sends no
   * budgets or spans for it.
   */
  exact?: boolean;
}

export interface CrowdedDaysQuery {
  dates: readonly string[];
  /** Dates whose rows are always needed (today, the spring-forward Sunday): no budget applies there. */
  specialDates: ReadonlySet<string>;
  rooms: readonly RoomBudgets[];
  /** The searched duration in 15-minute slots. */
  durationSlots: number;
  /** How the busy sums are read (see readsByRoom); tests set it to run both ways on the same data. */
  reads?: BusyReads;
}

export type BusyReads = 'by-room' | 'by-date';

/** A weekday where nothing fits on an ordinary date: its busy rows are never needed. */
const NO_FIT = -1_000_000_000;

/**
 * For a read by room: the budgets as one array per weekday that the SQL reads by the position of
 * the room among those asked for. Weekdays no date of the search falls on get an empty array (NULL,
 * never kept). Only the searched weekdays cost text.
 */
function budgetTables(rooms: readonly RoomBudgets[], weekdays: ReadonlySet<number>): { tables: string[]; spans: string[] } {
  const perWeekday = (value: (room: RoomBudgets, index: number) => number) =>
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => (weekdays.has(weekday) ? pgArray(rooms.map((room) => value(room, weekday - 1))) : '{}'));
  return { tables: perWeekday((r, i) => r.budgets[i] ?? NO_FIT), spans: perWeekday(spanOf) };
}

/** The opening span as one number, start · SPAN_BASE + end; NO_SPAN where there is none. */
function spanOf(room: RoomBudgets, weekdayIndex: number): number {
  const span = room.openSpans?.[weekdayIndex];
  return span ? span.start * SPAN_BASE + span.end : NO_SPAN;
}

/** The rooms asked for as a condition on s.bookable_asset_id: within their range, not one left out. */
function askedRooms(rooms: readonly RoomBudgets[]): SQL {
  const ids = new Set(rooms.map((r) => r.room));
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  const left: number[] = [];
  for (let id = first; id <= last; id++) if (!ids.has(id)) left.push(id);
  const range = sql`s.bookable_asset_id between ${raw(first)} and ${raw(last)}`;
  return left.length === 0 ? range : sql`${range} and s.bookable_asset_id <> all(${pgArray(left)}::int[])`;
}

/** For a read by date: a row per room that is not `exact` and searched weekday, with its budget and span. */
function inexactRows(rooms: readonly RoomBudgets[], weekdays: ReadonlySet<number>) {
  const rows = { rooms: [] as number[], weekdays: [] as number[], budgets: [] as number[], spans: [] as number[] };
  for (const room of rooms) {
    if (room.exact) continue;
    for (const weekday of weekdays) {
      rows.rooms.push(room.room);
      rows.weekdays.push(weekday);
      rows.budgets.push(room.budgets[weekday - 1] ?? NO_FIT);
      rows.spans.push(spanOf(room, weekday - 1));
    }
  }
  return rows;
}

/** The smallest budget of any room on any searched weekday (NO_FIT when nothing fits anywhere). */
function smallestBudget(query: CrowdedDaysQuery): number {
  const weekdays = new Set(query.dates.map(isoWeekday));
  let smallest: number | null = null;
  for (const { budgets } of query.rooms)
    for (const weekday of weekdays) {
      const budget = budgets[weekday - 1];
      if (budget != null && (smallest === null || budget < smallest)) smallest = budget;
    }
  return smallest ?? NO_FIT;
}

const SPAN_BASE = 10_000;
const NO_SPAN = -1;
/** A constant of this file in the SQL text (not a parameter, so PostgreSQL knows its type). */
const raw = (n: number) => sql.raw(String(n));
/** Minutes rounded up to the 15-minute grid, where the rules offer starts (availableStartMinutes). */
const ceilToGrid = (minutes: SQL) => sql`((${minutes} + ${raw(SLOT_MINUTES - 1)}) / ${raw(SLOT_MINUTES)}) * ${raw(SLOT_MINUTES)}`;

/**
 * The city-wide search's busy rows, only where they can matter (decision 052): the database reads
 * only the busy room-dates whose kept `fit` (room_day_busy, migration 0030) is below the duration —
 * or not known — and every busy room-date of a special date. A known fit below the duration on an
 * ordinary date decides it: a row of kind 'f' says nothing fits there, and its pieces stay in the
 * database. The rest is read as before (decision 046):
 *
 * For each date the database reads
 * every busy room's sums from room_day_busy (pieces, slots touched and earliest start of the pieces
 * overlapping the date's window, kept by triggers in the writing transaction: one index-only row per
 * busy room-date instead of every piece), and keeps a room's date only when the pieces exceed the
 * room's budget for that weekday (then the duration might not fit). Only those room-dates' rows are
 * read, through the (bookable_asset_id, date) indexes, from the date of the earliest piece.
 * On the other dates the duration provably fits, and the rules treat them as ordinary dates.
 *
 * A crowded room-date whose weekday has one opening span in every week of the search (openSpans) is
 * looked at once more before its rows are sent (decision 046): its pieces, in minutes of the date
 * and clipped to the span, are sorted, and when a gap between them (or before the first, after the
 * last) holds the duration from its first start on the grid, the duration fits there and the date's
 * rows stay in the database. Only on dates of 24 hours that are not special, and each piece counts
 * the wider of its wall-clock minutes and its instants, so the gap is never larger than the rules'.
 *
 * A piece counts every slot it touches over its whole length, also outside the day: never fewer
 * than it takes on the day, as busyBudget requires. One query (two for a long pattern).
 */
export async function findCrowdedBusyTimes(db: DbOrTx, query: CrowdedDaysQuery): Promise<CrowdedBusyTimes> {
  if (query.rooms.length === 0 || query.dates.length === 0) return { rows: [], versions: [] };
  // A long pattern is read in two halves on two connections: PostgreSQL runs one statement on one
  // core, and a search should not wait on one core while another is idle.
  // A read by room (a filter) is small whatever the pattern: one statement.
  if (query.dates.length < PARALLEL_FROM_DATES || byRoomOf(query)) return crowdedBusyTimes(db, query);
  const half = Math.ceil(query.dates.length / 2);
  const parts = await Promise.all(
    [query.dates.slice(0, half), query.dates.slice(half)].map((dates) => crowdedBusyTimes(db, { ...query, dates })),
  );
  return { rows: parts.flatMap((p) => p.rows), versions: parts.flatMap((p) => p.versions) };
}

export interface CrowdedBusyTimes {
  rows: BusyRow[];
  /** search_rooms_version as each statement saw it (migration 0012), read in the same round trip. */
  versions: (string | null)[];
}

const PARALLEL_FROM_DATES = 60;

/**
 * Whether reading the rooms' sums room by room over the whole period reads fewer rows than reading
 * every room's sums date by date: the rooms asked for against the rooms there are (the ids between
 * the first and last asked for, a room's id being its place among the city's rooms), the days of the
 * period against the dates searched. A two-tag filter (1/27 of the rooms) reads by room for every
 * pattern up to Monday–Friday; an unfiltered search reads by date.
 */
export function readsByRoom(query: CrowdedDaysQuery): boolean {
  const ids = query.rooms.map((r) => r.room);
  const firstRoom = Math.min(...ids);
  const lastRoom = Math.max(...ids);
  const first = query.dates[0] ?? '';
  const last = query.dates.at(-1) ?? first;
  const days = (Date.parse(last) - Date.parse(first)) / 86_400_000 + 1;
  return query.rooms.length * days * BY_ROOM_MARGIN < (lastRoom - firstRoom + 1) * query.dates.length;
}

function byRoomOf(query: CrowdedDaysQuery): boolean {
  return query.reads === undefined ? readsByRoom(query) : query.reads === 'by-room';
}

/** Reading by room pays for rows of unsearched days; it must promise to read this many times fewer. */
const BY_ROOM_MARGIN = 2;

function crowdedBusyTimes(db: DbOrTx, query: CrowdedDaysQuery): Promise<CrowdedBusyTimes> {
  const byRoom = byRoomOf(query);
  const weekdays = new Set(query.dates.map(isoWeekday));
  const { tables, spans } = byRoom ? budgetTables(query.rooms, weekdays) : { tables: [], spans: [] };
  const byDate = byRoom ? { rooms: [], weekdays: [], budgets: [], spans: [] } : inexactRows(query.rooms, weekdays);
  const first = query.dates[0] ?? '';
  const last = query.dates.at(-1) ?? first;
  // Few rooms (a filter): each room's rows through room_day_busy_room_fit (room, fit, date), so the
  // database reads only the rooms asked for. Many rooms: each searched date's rows through
  // room_day_busy_date_fit (date, fit). Both indexes are migration 0030's (decisions 046, 052).
  const minutes = query.durationSlots * SLOT_MINUTES;
  // Only the room-dates where the duration might not fit (decision 052): `fit`, the longest run kept
  // per busy room-date inside the room's open span, is below it (or not known), or the date is one the
  // rules treat specially, where every busy room-date is read.
  const sumColumns = sql`d.date, d.special, d.weekday, d.win, d.midnight, d.whole, s.bookable_asset_id as room, s.pieces, s.slots, s.earliest, s.fit`;
  // By room, the budgets and spans are arrays in the order of the rooms asked for (a filter's stay
  // short). By date, only the rooms whose kept fit may not be known (not `exact`) send theirs, as
  // rows; every other room's busy dates get a budget and span that prove nothing (the fit decides).
  const byWeekday = (arrays: string[]) =>
    sql`(case d.weekday ${sql.join(
      arrays.map((t, i) => sql`when ${i + 1} then (${t}::int[])[q.ord::int]`),
      sql` `,
    )} end)`;
  const inexact = byDate.rooms.length > 0;
  // By date, the rooms asked for are most ids of their range: the range and the ids left out.
  const askedFor = byRoom ? sql`true` : askedRooms(query.rooms);
  const inexactColumns = inexact
    ? sql`coalesce(x.budget, -1) as budget, coalesce(x.span, ${raw(NO_SPAN)}) as open_span`
    : sql`-1 as budget, ${raw(NO_SPAN)} as open_span`;
  const inexactJoin = inexact ? sql`left join inexact x on x.room = s.bookable_asset_id and x.weekday = d.weekday` : sql``;
  const busySums = byRoom
    ? sql`select ${sumColumns}, ${byWeekday(tables)} as budget, ${byWeekday(spans)} as open_span from rooms q
        join room_day_busy s on s.bookable_asset_id = q.room and s.fit < ${minutes}::int and s.date between ${first}::date and ${last}::date
        join days d on d.date = s.date and not d.special
        union all
        select ${sumColumns}, ${byWeekday(tables)}, ${byWeekday(spans)} from days d cross join rooms q
        join room_day_busy s on s.date = d.date and s.bookable_asset_id = q.room
        where d.special`
    : sql`select ${sumColumns}, ${inexactColumns} from days d join room_day_busy s on s.date = d.date and s.fit < ${minutes}::int
        ${inexactJoin} where not d.special and ${askedFor}
        union all
        select ${sumColumns}, ${inexactColumns} from days d join room_day_busy s on s.date = d.date ${inexactJoin} where d.special and ${askedFor}`;
  const rooms = byRoom
    ? sql`, rooms as materialized (select * from unnest(${pgArray(query.rooms.map((r) => r.room))}::int[]) with ordinality as q(room, ord))`
    : inexact
      ? sql`, inexact as materialized (select * from unnest(${pgArray(byDate.rooms)}::int[], ${pgArray(byDate.weekdays)}::int[], ${pgArray(byDate.budgets)}::int[], ${pgArray(byDate.spans)}::int[]) as x(room, weekday, budget, span))`
      : sql``;
  const budget = sql`s.budget`;
  const span = sql`s.open_span`;
  // JIT compilation costs more than this query takes (PostgreSQL turns it on by the cost estimate);
  // parallel workers scan the whole table for each half of a long pattern, and cost CPU no one
  // counts per request (decision 046); the gap test sorts a long pattern's crowded pieces (a few MB),
  // which spill to disk under the default work_mem. The statement that sets these also reads the
  // rooms' version for the search's cached rooms.
  return writeTransaction(db, async (tx) => {
    const [setting] = await queryRows<{ version: string | null }>(
      tx,
      sql`select set_config('jit', 'off', true) as jit, set_config('max_parallel_workers_per_gather', '0', true) as parallel, set_config('work_mem', '16MB', true) as memory, ${searchRoomsVersionColumn}`,
    );
    const rows = await queryRows<BusyRow>(
      tx,
      sql`
    with days as materialized (
      -- Materialized: inlined, each date's weekday, midnight and length were computed again for every
      -- room's sums read on it (two million rows at ten times the city), most of the read's time.
      select t.d as date, t.special, extract(isodow from t.d)::int as weekday, ${dayWindow(sql`t.d`)} as win,
        t.d::timestamp at time zone 'Europe/Oslo' as midnight,
        ((t.d + 1)::timestamp at time zone 'Europe/Oslo') - (t.d::timestamp at time zone 'Europe/Oslo') = interval '24 hours' as whole
      from unnest(${pgArray(query.dates)}::date[], ${pgArray(query.dates.map((d) => query.specialDates.has(d)))}::bool[]) as t(d, special)
    )${rooms}, crowded as materialized (
      -- The gap before the first piece, from the sums alone (decision 046, second step): when the
      -- earliest piece starts late enough in the span, the duration fits before it, and the date's
      -- reservations are never read. (The span written once: each mention sends its array again.)
      select c.date, c.win, c.midnight, c.room, c.from_date, c.span, c.decided from (
        select s.date, s.win, s.midnight, s.room, (s.earliest at time zone 'Europe/Oslo')::date as from_date,
          -- A known fit below the duration on an ordinary date decides it: nothing fits (decision 052).
          not s.special and s.fit >= 0 as decided,
          floor(date_part('epoch', s.earliest - s.midnight) / 60)::int as first_start,
          -- The span is tried only on a date of 24 hours that is not special (decision 046).
          case when s.whole and not s.special then ${span} else ${raw(NO_SPAN)} end as span
        from (${busySums}) s
        where s.pieces > 0 and ${budget} > ${NO_FIT}
          -- The smallest budget first: a plain comparison that drops most room-dates before the
          -- per-room budget is looked up (a date's sums mostly hold one short piece).
          and (s.special or s.slots + ${query.durationSlots}::int * s.pieces > ${raw(byRoom ? smallestBudget(query) : -1)})
          and (s.special or s.slots + ${query.durationSlots}::int * s.pieces > ${budget})
      ) c
      where c.decided or not (c.span >= 0
        and ${ceilToGrid(sql`c.span / ${raw(SPAN_BASE)}`)} + ${minutes}::int <= least(c.span % ${raw(SPAN_BASE)}, c.first_start))
    ), found as (
      select c.date as for_date, c.midnight, c.room, c.span, 'r' as kind, r.id, r.date, r.start_time, r.duration_minutes, r.period
      from crowded c join reservations r on not c.decided and r.bookable_asset_id = c.room
        and r.date between c.from_date and c.date + 1 and r.${active}
        -- The overlap spelled out, so the planner reads through (bookable_asset_id, date): probing the
        -- period-first GiST index once per crowded date costs twenty times more.
        and upper(r.period) > lower(c.win) and lower(r.period) < upper(c.win)
      union all
      select c.date, c.midnight, c.room, c.span, 'b', b.id, b.date, b.start_time, b.duration_minutes, b.period
      from crowded c join blocked_times b on not c.decided and b.bookable_asset_id = c.room
        and b.date between c.from_date and c.date + 1
        and upper(b.period) > lower(c.win) and lower(b.period) < upper(c.win)
    ), pieces as (
      -- Each piece in minutes of the crowded date, as wall-clock arithmetic from its own date and as
      -- time since the date's midnight (the two agree but across a daylight-saving change), the wider
      -- of both, clipped to the span: never less busy time than the rules see on the date.
      select p.for_date, p.room, p.span / ${raw(SPAN_BASE)} as o, p.span % ${raw(SPAN_BASE)} as c,
        least(p.span % ${raw(SPAN_BASE)}, greatest(p.span / ${raw(SPAN_BASE)}, least(p.wall_from, p.since_from))) as lo,
        greatest(p.span / ${raw(SPAN_BASE)}, least(p.span % ${raw(SPAN_BASE)}, greatest(p.wall_from + p.duration_minutes, p.since_to))) as hi
      from (
        select f.for_date, f.room, f.span, f.duration_minutes,
          (f.date - f.for_date) * 1440 + date_part('epoch', f.start_time)::int / 60 as wall_from,
          floor(date_part('epoch', lower(f.period) - f.midnight) / 60)::int as since_from,
          ceil(date_part('epoch', upper(f.period) - f.midnight) / 60)::int as since_to
        from found f where f.span >= 0
      ) p
    ), free_from as (
      -- Where each piece's preceding gap starts: the span's start or the latest end before it.
      select for_date, room, o, c, lo, hi,
        greatest(o, coalesce(max(hi) over (partition by for_date, room order by lo, hi rows between unbounded preceding and 1 preceding), o)) as gap
      from pieces
    ), fits as (
      -- A gap holds the duration from its first start on the grid: before a piece, or after the last.
      select for_date, room from free_from group by for_date, room, o, c
      having bool_or(((gap + ${raw(SLOT_MINUTES - 1)}) / ${raw(SLOT_MINUTES)}) * ${raw(SLOT_MINUTES)} + ${minutes}::int <= lo)
        or ((greatest(o, max(hi)) + ${raw(SLOT_MINUTES - 1)}) / ${raw(SLOT_MINUTES)}) * ${raw(SLOT_MINUTES)} + ${minutes}::int <= c
    )
    select f.kind, f.room, f.id, f.date::text as date, f.start_time::text as "startTime", f.duration_minutes as "durationMinutes"
    from found f where not exists (select from fits x where x.for_date = f.for_date and x.room = f.room)
    union all
    select 'f', c.room, 0, c.date::text, '', 0 from crowded c where c.decided`,
    );
    return { rows, versions: [setting?.version ?? null] };
  });
}
