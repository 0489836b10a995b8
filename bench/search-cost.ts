import os from 'node:os';
import pg from 'pg';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { SEARCH_DAYS_AHEAD } from '@lokaler/domain/scheduling/booking-window';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { openDatabase } from '../apps/server/src/db/client';
import { searchAssetsJson, type SearchKind } from '../apps/server/src/availability/search/search-assets';
import { benchDatabaseUrl } from './bench-database';
import { percentile } from './percentile';
import { CpuMeter, processCpuMs } from './storm/cpu';

/**
 * What an uncached city-wide search costs (decision 046): the search itself (searchAssetsJson, the
 * application's code in this process, on its own connection pool) for distinct questions — each run
 * moves the start date and the duration, so no kept answer (search-answer-cache.ts) is ever hit; the
 * kept rooms (search-rooms-cache.ts) are warm, as in a running process. Three patterns — one date,
 * Tue+Thu over a year, Mon–Fri over 18 months — each over every room and with a two-tag filter (the
 * tag pair whose rooms come nearest 1/27 of all). Beside p50/p95: the CPU time per search of this
 * process (the server's work) and of the PostgreSQL backends serving it (by application_name, from
 * /proc), and the load average before each pattern — the machine is shared, so compare by CPU time.
 *
 *   npm run search-cost -w bench [-- --runs=15] [--database=lokaler_bench_searchcost] [--no-migrate]
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(option('runs') ?? 15);
const url = new URL(benchDatabaseUrl);
const databaseName = option('database');
if (databaseName) url.pathname = `/${databaseName}`;
const applicationName = `search_cost_${process.pid}`;
const appUrl = new URL(url);
appUrl.searchParams.set('application_name', applicationName);

const database = await openDatabase({ engine: 'postgres', url: appUrl.toString(), maxConnections: 10 });
// --no-migrate: a data set others share is measured as it is (a by-room read without migration
// 0028's index is not representative then).
if (!process.argv.includes('--no-migrate')) await database.migrate();
const { db } = database;
const monitor = new pg.Client({ connectionString: url.toString() });
await monitor.connect();

const { rows: roomCount } = await monitor.query<{ n: number }>('select count(*)::int as n from bookable_assets');
const allRooms = roomCount[0]?.n ?? 0;
// The tag pair whose rooms come nearest 1/27 of all rooms.
const { rows: pairs } = await monitor.query<{ a: number; b: number; n: number }>(
  `select x.tag_id as a, y.tag_id as b, count(*)::int as n from asset_tags x join asset_tags y
     on y.bookable_asset_id = x.bookable_asset_id and y.tag_id > x.tag_id
   group by 1, 2 order by abs(count(*) - $1::float / 27) limit 1`,
  [allRooms],
);
const pair = pairs[0];
if (!pair) throw new Error('No two tags share a room: is this the city data set?');

async function backendPids(): Promise<number[]> {
  const { rows } = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
  return rows.map((r) => r.pid);
}

const today = osloClock(new Date()).today;
const tomorrow = addDays(today, 1);
const lastSearchable = addDays(today, SEARCH_DAYS_AHEAD);
const durations = [60, 75, 90, 105, 120];
const weekdays: DayOfWeek[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

/** The i-th distinct question of a pattern: the start moves a day, the duration cycles. */
const patterns: { name: string; question: (i: number) => SearchKind }[] = [
  { name: 'one date', question: (i) => ({ kind: 'single', date: addDays(tomorrow, 7 + i), minutes: durations[i % durations.length]! }) },
  {
    name: 'Tue+Thu, one year',
    question: (i) => ({
      kind: 'recurring',
      from: addDays(tomorrow, i),
      to: addDays(tomorrow, i + 364),
      minutes: durations[i % durations.length]!,
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['TUESDAY', 'THURSDAY'],
    }),
  },
  {
    name: 'Mon–Fri, 18 months',
    question: (i) => ({
      kind: 'recurring',
      from: addDays(tomorrow, i),
      to: lastSearchable,
      minutes: durations[i % durations.length]!,
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: weekdays,
    }),
  },
];

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

// Warm the kept rooms and the pool's connections (and the database's pages) with questions not measured.
for (let i = 0; i < 3; i++) await searchAssetsJson({ db, search: patterns[2]!.question(200 + i), tagIds: [] });

console.log(
  `Uncached search on ${url.pathname.slice(1)}: ${allRooms} rooms; filter: tags ${pair.a} + ${pair.b} (${pair.n} rooms, 1/${(allRooms / pair.n).toFixed(0)}); ${runs} distinct questions each`,
);
console.log('pattern                         rooms   dates  p50 ms  p95 ms  server CPU ms  PostgreSQL CPU ms  load avg');
let offset = 0;
for (const pattern of patterns) {
  for (const [label, tagIds] of [
    ['all', [] as number[]],
    ['2 tags', [pair.a, pair.b]],
  ] as const) {
    const loadBefore = load();
    const times: number[] = [];
    let dates = 0;
    const meter = new CpuMeter();
    meter.start(await backendPids());
    const serverBefore = processCpuMs(process.pid) ?? 0;
    for (let i = 0; i < runs; i++) {
      const search = pattern.question(offset + i);
      const started = performance.now();
      const json = await searchAssetsJson({ db, search, tagIds });
      times.push(performance.now() - started);
      meter.sample(await backendPids());
      if (i === 0) dates = Number(/"datesCount":(\d+)/.exec(json)?.[1] ?? 0);
    }
    const serverMs = ((processCpuMs(process.pid) ?? 0) - serverBefore) / runs;
    const pgMs = meter.total() / runs;
    offset += runs;
    console.log(
      `${`${pattern.name}, ${label}`.padEnd(30)} ${String(label === 'all' ? allRooms : pair.n).padStart(6)} ${String(dates).padStart(7)} ${percentile(times, 50).toFixed(0).padStart(7)} ${percentile(times, 95).toFixed(0).padStart(7)} ${serverMs.toFixed(1).padStart(14)} ${pgMs.toFixed(1).padStart(18)}  ${loadBefore}`,
    );
  }
}
await monitor.end();
await database.close();
