import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { benchDatabaseName, benchDatabaseUrl, recreateBenchDatabase } from './bench-database';
import { bookingsSql } from './city/bookings-sql';
import { cityShape, scaledSizes } from './city/city-shape';
import { placesSql } from './city/places-sql';
import { literal } from './city/sql-literal';

/**
 * Builds the city-scale data set in its own PostgreSQL database (BENCH_DATABASE_URL, default
 * lokaler_bench on the local server): the app's migrations, then set-based SQL (generate_series and
 * hashes, no row-by-row inserts from Node). Deterministic for a given first Monday: pass
 * --today=YYYY-MM-DD to rebuild the same rows on another day.
 *
 * --scale=N multiplies the three sizes (scale 1: 1,000 locations, 6,000 rooms, 1,000,000 reservations;
 * 10: the national set of decision 049; 0.01: the tiny city of the vitest project `bench`); an explicit
 * --locations/--rooms/--reservations wins over the scale.
 *
 *   npx tsx bench/generate-city.ts [--today=2026-01-05] [--scale=1] [--rooms=6000] [--locations=1000] [--reservations=1000000]
 */

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

function positive(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

async function main(): Promise<void> {
  const today = option('today') ?? todayInOslo(new Date());
  const factor = Number(option('scale') ?? 1);
  const scaled = scaledSizes(factor);
  const shape = cityShape(today, {
    locations: positive('locations', scaled.locations),
    rooms: positive('rooms', scaled.rooms),
    reservations: positive('reservations', scaled.reservations),
  });
  const started = performance.now();
  console.log(`Building ${benchDatabaseName()}: ${JSON.stringify(shape)}`);

  await recreateBenchDatabase();
  const database = await openDatabase({ engine: 'postgres', url: benchDatabaseUrl, maxConnections: 1 });
  await database.migrate();
  await database.close();

  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  await client.connect();
  try {
    // Bulk load: more memory for sorts and index maintenance, no fsync wait per statement.
    await client.query(`set maintenance_work_mem = '512MB'; set work_mem = '256MB'; set synchronous_commit = off`);
    // The per-room-day busy sums (migration 0011) are kept by row triggers; a bulk load is faster
    // without them and computes the sums once at the end, as the migration does.
    // The schedule's per-room versions (migration 0013) and the search's log of busy changes (0029)
    // need no rows in a new database (no process has kept an answer of it), so their statement
    // triggers are off during the load too.
    const versionTriggers = ['insert', 'update', 'delete'].flatMap((event) =>
      ['reservations', 'blocked_times'].flatMap((table) => [`${table}_schedule_versions_${event}`, `${table}_busy_changes_${event}`]),
    );
    // The rooms' open spans (migration 0030) are computed once by room_day_busy_rebuild() at the end.
    const spanTriggers = [
      ...['insert', 'update', 'delete'].map((event) => ['opening_hours', `opening_hours_room_open_spans_${event}`]),
      ...['insert', 'update'].map((event) => ['bookable_assets', `bookable_assets_room_open_spans_${event}`]),
    ];
    const busyTriggers = (action: 'disable' | 'enable') =>
      `${['insert', 'update', 'delete'].map((e) => `alter table reservations ${action} trigger reservations_room_day_busy_${e};`).join(' ')} alter table blocked_times ${action} trigger blocked_times_room_day_busy;` +
      versionTriggers
        .map((name) => ` alter table ${name.startsWith('reservations') ? 'reservations' : 'blocked_times'} ${action} trigger ${name};`)
        .join('') +
      spanTriggers.map(([table, name]) => ` alter table ${table} ${action} trigger ${name};`).join('');
    const steps = [
      { label: 'room_day_busy and schedule version triggers off', sql: busyTriggers('disable') },
      ...placesSql(shape),
      ...bookingsSql(shape),
      { label: 'room_day_busy (per room-day busy sums), triggers on', sql: `select room_day_busy_rebuild(); ${busyTriggers('enable')}` },
    ];
    for (const step of steps) {
      const t = performance.now();
      await client.query(step.sql);
      console.log(`  ${step.label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const t = performance.now();
    await client.query('vacuum (analyze)');
    console.log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const { rows } = await client.query<Record<string, string>>(`select
      (select count(*) from locations) as locations, (select count(*) from bookable_assets) as rooms,
      (select count(*) from bookings) as bookings, (select count(*) from reservations) as reservations,
      (select count(*) from reservations where status in ('UNPROCESSED', 'APPROVED')) as active_reservations,
      (select min(date) || ' – ' || max(date) from reservations) as span,
      (select count(*) from blocked_times) as blocked_times, (select count(*) from closed_dates) as closed_dates,
      pg_size_pretty(pg_database_size(current_database())) as size`);
    console.log(rows[0]);
    // Marks what the database holds, so run-bench.ts knows whether it fits today, and that it is whole
    // (the comment is written last): "complete scale=10 in 2400 s {…shape}", read by readCityShape;
    // the scale is the reservations' (explicit sizes need not match one).
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    await client.query(
      `comment on database ${benchDatabaseName()} is ${literal(`complete scale=${shape.reservations / 1_000_000} in ${seconds} s ${JSON.stringify(shape)}`)}`,
    );
  } finally {
    await client.end();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await main();
