import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
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
  /** 'r' reservation, 'b' blocked time. */
  kind: 'r' | 'b';
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
}

export interface CrowdedDaysQuery {
  dates: readonly string[];
  /** Dates whose rows are always needed (today, the spring-forward Sunday): no budget applies there. */
  specialDates: ReadonlySet<string>;
  rooms: readonly RoomBudgets[];
  /** The searched duration in 15-minute slots. */
  durationSlots: number;
}

/** A weekday where nothing fits on an ordinary date: its busy rows are never needed. */
const NO_FIT = -1_000_000_000;

/**
 * The budgets as one array per weekday that the SQL reads by position: room − first room + 1. Rooms
 * not searched (ids in between) get NO_FIT; ids outside the range, and weekdays no date of the search
 * falls on (an empty array), read NULL: neither is ever kept. Only the searched weekdays cost text.
 */
function budgetTables(rooms: readonly RoomBudgets[], weekdays: ReadonlySet<number>): { firstRoom: number; tables: string[] } {
  const ids = rooms.map((r) => r.room);
  const firstRoom = Math.min(...ids);
  const size = Math.max(...ids) - firstRoom + 1;
  const tables = [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    if (!weekdays.has(weekday)) return '{}';
    const table = new Array<number>(size).fill(NO_FIT);
    for (const { room, budgets } of rooms) table[room - firstRoom] = budgets[weekday - 1] ?? NO_FIT;
    return pgArray(table);
  });
  return { firstRoom, tables };
}

/**
 * The city-wide search's busy rows, only where they can matter. For each date the database reads
 * every busy room's sums from room_day_busy (pieces, slots touched and earliest start of the pieces
 * overlapping the date's window, kept by triggers in the writing transaction: one index-only row per
 * busy room-date instead of every piece), and keeps a room's date only when the pieces exceed the
 * room's budget for that weekday (then the duration might not fit). Only those room-dates' rows are
 * read, through the (bookable_asset_id, date) indexes, from the date of the earliest piece.
 * On the other dates the duration provably fits, and the rules treat them as ordinary dates.
 *
 * A piece counts every slot it touches over its whole length, also outside the day: never fewer
 * than it takes on the day, as busyBudget requires. One query (two for a long pattern).
 */
export async function findCrowdedBusyTimes(db: DbOrTx, query: CrowdedDaysQuery): Promise<CrowdedBusyTimes> {
  if (query.rooms.length === 0 || query.dates.length === 0) return { rows: [], versions: [] };
  // A long pattern is read in two halves on two connections: PostgreSQL runs one statement on one
  // core, and a search should not wait on one core while another is idle.
  if (query.dates.length < PARALLEL_FROM_DATES) return crowdedBusyTimes(db, query);
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

function crowdedBusyTimes(db: DbOrTx, query: CrowdedDaysQuery): Promise<CrowdedBusyTimes> {
  const { firstRoom, tables } = budgetTables(query.rooms, new Set(query.dates.map(isoWeekday)));
  const position = sql`s.bookable_asset_id - ${firstRoom}::int + 1`;
  const budget = sql`(case d.weekday ${sql.join(
    tables.map((t, i) => sql`when ${i + 1} then (${t}::int[])[${position}]`),
    sql` `,
  )} end)`;
  // JIT compilation costs more than this query takes (PostgreSQL turns it on by the cost estimate).
  // The statement that turns it off also reads the rooms' version for the search's cached rooms.
  return writeTransaction(db, async (tx) => {
    const [setting] = await queryRows<{ version: string | null }>(
      tx,
      sql`select set_config('jit', 'off', true) as jit, ${searchRoomsVersionColumn}`,
    );
    const rows = await queryRows<BusyRow>(
      tx,
      sql`
    with days as (
      select t.d as date, t.special, extract(isodow from t.d)::int as weekday, ${dayWindow(sql`t.d`)} as win
      from unnest(${pgArray(query.dates)}::date[], ${pgArray(query.dates.map((d) => query.specialDates.has(d)))}::bool[]) as t(d, special)
    ), crowded as materialized (
      select d.date, d.win, s.bookable_asset_id as room, s.earliest
      from days d join room_day_busy s on s.date = d.date
      where s.pieces > 0 and ${budget} > ${NO_FIT}
        and (d.special or s.slots + ${query.durationSlots}::int * s.pieces > ${budget})
    )
    select 'r' as kind, r.bookable_asset_id as room, r.id, r.date::text as date, r.start_time::text as "startTime", r.duration_minutes as "durationMinutes"
    from crowded c join reservations r on r.bookable_asset_id = c.room
      and r.date between (c.earliest at time zone 'Europe/Oslo')::date and c.date + 1 and r.${active}
      -- The overlap spelled out, so the planner reads through (bookable_asset_id, date): probing the
      -- period-first GiST index once per crowded date costs twenty times more.
      and upper(r.period) > lower(c.win) and lower(r.period) < upper(c.win)
    union all
    select 'b', b.bookable_asset_id, b.id, b.date::text, b.start_time::text, b.duration_minutes
    from crowded c join blocked_times b on b.bookable_asset_id = c.room
      and b.date between (c.earliest at time zone 'Europe/Oslo')::date and c.date + 1 and b.period && c.win`,
    );
    return { rows, versions: [setting?.version ?? null] };
  });
}
