import os from 'node:os';
import pg from 'pg';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { searchAssetsShapedJson, type SearchKind } from '../apps/server/src/availability/search/search-assets';
import { reloadSearchRoomsCache, searchRoomsCache } from '../apps/server/src/availability/search/search-rooms-cache';
import { benchServerUrl, onBenchServer } from './bench-database';
import { processCpuMs } from './storm/cpu';
import { percentile } from './percentile';

/**
 * Decision 047's figures (narrow invalidation), on a copy of a generated city (never the source):
 *
 * 1. The city-wide search in this process (the application's own functions on the copy, after its
 *    migrations): an uncached answer with the kept rooms warm (a distinct date each time), a kept
 *    answer, the next search after one location's fixed data changed (opening hours, a closed
 *    date, a room's name — by SQL, as another process would), and the next search after a full
 *    rebuild of the kept rooms (what every such change cost before: reloadSearchRoomsCache without
 *    the stale copy reads every room).
 * 2. A booking's reach: kept answers of tag-filtered searches and of every room on one date; one
 *    room booked on it; how many kept answers survive (before: none on that date).
 * 3. Write hot spots: concurrent transactions that each book their own room on the same date, in
 *    two statements (the date and a week later, in either order, as a series is written), on the
 *    migrated copy and on a second copy of the source without this migration (its per-date version
 *    rows, migration 0021): deadlocks PostgreSQL counted, time, CPU per booking.
 *
 * Beside every latency: the CPU time per request of this process and of PostgreSQL's backends
 * serving it (by application_name, from /proc), and the load average.
 *
 *   node --import tsx bench/invalidation.ts [--source=lokaler_bench] [--samples=15] [--bookings=200] [--concurrency=40]
 *     [--parts=search,writers] [--keep] (keep the copies) [--reuse] (use the copies left by --keep)
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const source = option('source') ?? 'lokaler_bench';
const samples = Number(option('samples') ?? 15);
const bookingCount = Number(option('bookings') ?? 200);
const concurrency = Number(option('concurrency') ?? 40);
const keep = process.argv.includes('--keep');
const reuse = process.argv.includes('--reuse');
const parts = new Set((option('parts') ?? 'search,writers').split(','));
const after = `${source}_invalidation`;
const before = `${source}_invalidation_before`;
const applicationName = `invalidation_${process.pid}`;

const urlOf = (database: string) => {
  const url = new URL(benchServerUrl);
  url.pathname = `/${database}`;
  url.searchParams.set('application_name', applicationName);
  return url.toString();
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
  return rows.map((r) => r.pid);
}

/** CPU of this process and of this bench's backends (ms), from a start to now. */
async function cpuMeter(monitor: pg.Client): Promise<() => Promise<{ server: number; postgres: number }>> {
  const start = process.cpuUsage();
  const pids = await backendPids(monitor);
  const first = new Map(pids.map((pid) => [pid, processCpuMs(pid) ?? 0]));
  return async () => {
    const used = process.cpuUsage(start);
    let postgres = 0;
    for (const pid of new Set([...first.keys(), ...(await backendPids(monitor))])) {
      const now = processCpuMs(pid);
      if (now !== null) postgres += now - (first.get(pid) ?? 0);
    }
    return { server: (used.user + used.system) / 1000, postgres };
  };
}

function line(label: string, times: number[], cpu: { server: number; postgres: number }): string {
  const sorted = [...times].sort((a, b) => a - b);
  const n = times.length;
  return (
    `  ${label.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms` +
    `  CPU/request: server ${(cpu.server / n).toFixed(1)} ms + PostgreSQL ${(cpu.postgres / n).toFixed(1)} ms  (n=${n}, load ${loadAverage()})`
  );
}

async function copyDatabase(target: string): Promise<void> {
  if (reuse) return;
  await onBenchServer(`drop database if exists ${target}`);
  await onBenchServer(`create database ${target} template ${source}`);
}

const params = { shape: 'page' as const, limit: 30, capacity: [], area: [] };
const single = (date: string): SearchKind => ({ kind: 'single', date, minutes: 60 });

async function searches(database: Database, monitor: pg.Client, admin: pg.Client): Promise<void> {
  const { db } = database;
  const today = todayInOslo(new Date());
  const search = (date: string, tagIds: number[] = []) => searchAssetsShapedJson({ db, search: single(date), tagIds }, params);
  const timed = async (run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    return performance.now() - t;
  };
  // A run on copies kept by an earlier one: its bookings go first.
  await admin.query(`delete from reservations where booking_id in (select id from bookings where case_number like 'INV-%')`);
  let day = 20;
  const nextDate = () => addDays(today, day++);

  // Warm: the kept rooms read once, the code paths compiled.
  for (let i = 0; i < 5; i++) await search(nextDate());

  const { rows: places } = await admin.query<{ location: number; room: number }>(
    `select l.id as location, min(a.id) as room from locations l join bookable_assets a on a.location_id = l.id
     where l.display_in_portal and a.status = 'PUBLISHED' group by l.id order by l.id limit ${samples}`,
  );

  console.log(`\nThe city-wide search, one date, 60 minutes (${source}; ${(await searchRoomsCache(db)).rooms.length} rooms kept)`);
  let meter = await cpuMeter(monitor);
  const uncached: number[] = [];
  for (let i = 0; i < samples; i++) uncached.push(await timed(() => search(nextDate())));
  const uncachedCpu = await meter();
  console.log(line('uncached answer, kept rooms warm', uncached, uncachedCpu));

  const keptDate = nextDate();
  await search(keptDate);
  meter = await cpuMeter(monitor);
  const kept: number[] = [];
  for (let i = 0; i < samples; i++) kept.push(await timed(() => search(keptDate)));
  console.log(line('kept answer', kept, await meter()));

  const changes = [
    (p: { location: number; room: number }) =>
      `update opening_hours set closes = closes where location_id = ${p.location} and bookable_asset_id is null and weekday = 1`,
    (p: { location: number; room: number }) =>
      `insert into closed_dates (location_id, date) values (${p.location}, '${addDays(today, 400)}') on conflict do nothing`,
    (p: { location: number; room: number }) => `update bookable_assets set name = name || ' ' where id = ${p.room}`,
  ];
  meter = await cpuMeter(monitor);
  const afterChange: number[] = [];
  for (let i = 0; i < samples; i++) {
    const place = places[i % places.length]!;
    const change = changes[i % changes.length]!;
    await admin.query(change(place));
    afterChange.push(await timed(() => search(nextDate())));
  }
  const afterChangeCpu = await meter();
  console.log(line("next search after one location's change", afterChange, afterChangeCpu));

  meter = await cpuMeter(monitor);
  const afterRebuild: number[] = [];
  for (let i = 0; i < samples; i++) {
    afterRebuild.push(
      await timed(async () => {
        await reloadSearchRoomsCache(db);
        await search(nextDate());
      }),
    );
  }
  console.log(line('next search after a full rebuild (before 047)', afterRebuild, await meter()));
  const ratio =
    percentile(
      [...afterChange].sort((a, b) => a - b),
      50,
    ) /
    percentile(
      [...uncached].sort((a, b) => a - b),
      50,
    );
  const cpuRatio = (afterChangeCpu.server + afterChangeCpu.postgres) / (uncachedCpu.server + uncachedCpu.postgres);
  console.log(`  after a change / uncached warm: p50 ${ratio.toFixed(2)}×, CPU ${cpuRatio.toFixed(2)}× (target ≤ 1.2×)`);

  // A booking's reach: kept answers on one date, one room booked.
  const { rows: tagRows } = await admin.query<{ id: number }>(
    `select tag_id as id from asset_tags group by tag_id order by count(*) limit 20`,
  );
  const date = nextDate();
  const questions = [[], ...tagRows.map((t) => [t.id])];
  const first = await Promise.all(questions.map((tagIds) => search(date, tagIds)));
  const { rows: booked } = await admin.query<{ room: number; location: number; tags: number[] }>(
    `select a.id as room, a.location_id as location, coalesce(array_agg(t.tag_id) filter (where t.tag_id is not null), '{}') as tags
     from bookable_assets a join locations l on l.id = a.location_id left join asset_tags t on t.bookable_asset_id = a.id
     where a.status = 'PUBLISHED' and l.display_in_portal group by a.id order by a.id limit 1`,
  );
  const room = booked[0]!;
  const { rows: booking } = await admin.query<{ id: number }>(
    `insert into bookings (case_number, location_id) values ('INV-${process.pid}-reach', ${room.location}) returning id`,
  );
  await admin.query(
    `insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, status)
     values (${booking[0]!.id}, ${room.room}, '${date}', '05:00', 30, 'UNPROCESSED')`,
  );
  const second = await Promise.all(questions.map((tagIds) => search(date, tagIds)));
  const survived = second.filter((body, i) => body === first[i]).length;
  const touching = questions.filter((tagIds) => tagIds.every((t) => room.tags.includes(t))).length;
  console.log(
    `\nOne room booked on a date with ${questions.length} kept answers (every room, and ${tagRows.length} one-tag searches): ` +
      `${survived} kept, ${questions.length - survived} answered anew (${touching} include the room; before 047 every one on that date was dropped)`,
  );
}

/** Concurrent transactions, each booking its own room on `date` and a week later in two statements. */
async function writers(database: string, label: string, date: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: urlOf(database), max: concurrency });
  const monitor = new pg.Client({ connectionString: urlOf(database) });
  await monitor.connect();
  try {
    const { rows: rooms } = await pool.query<{ room: number; location: number }>(
      `select a.id as room, a.location_id as location from bookable_assets a order by a.id limit ${bookingCount}`,
    );
    const deadlocks = async () =>
      Number(
        (await monitor.query<{ n: string }>('select deadlocks::text as n from pg_stat_database where datname = current_database()'))
          .rows[0]!.n,
      );
    await pool.query(`delete from reservations where booking_id in (select id from bookings where case_number like 'INV-%')`);
    const deadlocksBefore = await deadlocks();
    // Every connection opened first, so their backends are counted from the start.
    await Promise.all(Array.from({ length: concurrency }, () => pool.query('select 1')));
    const meter = await cpuMeter(monitor);
    const started = performance.now();
    const times: number[] = [];
    let failed = 0;
    await Promise.all(
      rooms.map(async ({ room, location }, i) => {
        const dates = i % 2 === 0 ? [date, addDays(date, 7)] : [addDays(date, 7), date];
        const t = performance.now();
        const client = await pool.connect();
        try {
          await client.query('begin');
          const { rows } = await client.query<{ id: number }>(
            `insert into bookings (case_number, location_id) values ('INV-${process.pid}-${label}-${i}', ${location}) returning id`,
          );
          for (const d of dates) {
            await client.query(
              `insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, status)
               values (${rows[0]!.id}, ${room}, '${d}', '05:00', 30, 'UNPROCESSED')`,
            );
          }
          await client.query('commit');
        } catch {
          failed += 1;
          await client.query('rollback').catch(() => undefined);
        } finally {
          client.release();
        }
        times.push(performance.now() - t);
      }),
    );
    const elapsed = performance.now() - started;
    const cpu = await meter();
    console.log(
      `  ${label.padEnd(34)} deadlocks ${(await deadlocks()) - deadlocksBefore}, failed ${failed} of ${rooms.length}, ${(elapsed / 1000).toFixed(2)} s in all` +
        `\n  ${''.padEnd(34)} ${line('per booking', times, cpu).trim()}`,
    );
  } finally {
    await monitor.end();
    await pool.end();
  }
}

await copyDatabase(after);
if (parts.has('writers')) await copyDatabase(before);
const database = await openDatabase({ engine: 'postgres', url: urlOf(after), maxConnections: 10 });
try {
  await database.migrate();
  const monitor = new pg.Client({ connectionString: urlOf(after) });
  // The changes are written as another process would, on a connection not counted in the CPU.
  const admin = new pg.Client({ connectionString: urlOf(after).replace(applicationName, `${applicationName}_writer`) });
  await monitor.connect();
  await admin.connect();
  try {
    if (parts.has('search')) await searches(database, monitor, admin);
  } finally {
    await admin.end();
    await monitor.end();
  }
} finally {
  await database.close();
}

// A date no generated reservation is on at 05:00 (they start at opening time).
const date = addDays(todayInOslo(new Date()), 30);
if (parts.has('writers')) {
  console.log(
    `\n${bookingCount} concurrent transactions (${concurrency} connections), each its own room on ${date} and a week later, in two statements, either order`,
  );
  await writers(before, 'per-date version rows (0021)', date);
  await writers(after, 'insert-only busy_changes (0029)', addDays(date, 1));
}

if (!keep) {
  await onBenchServer(`drop database if exists ${after}`);
  await onBenchServer(`drop database if exists ${before}`);
}
