import { sql } from 'drizzle-orm';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import type { StatisticsReport } from '@lokaler/domain/statistics';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { testAdmins } from '../apps/server/src/seed/test-users';
import { signAccessToken } from '../apps/server/test/access-tokens';
import { cityDatabaseUrl, onBenchServer } from './bench-database';
import { percentile } from './percentile';

/**
 * Decision 068's targets for the statistics page: GET /api/statistics over the longest period (400
 * days) ≤ 1 s for the busiest location and ≤ 5 s city-wide, made from the database at city scale.
 *
 * The real app (buildApp, every module) on PostgreSQL over HTTP (keep-alive), in this process, as the
 * city-wide administrator. The data set is generate-city.ts's (6,000 rooms, 1,000,000 reservations at
 * scale 1), in a database of its own (default lokaler_statistics_bench, built when missing at --scale
 * times the city's size, default 1; dropped at the end unless --keep). The generator writes no change
 * log and no organisations or age groups, so this adds them once by set-based SQL: a first decision
 * for every decided application (2 hours to 20 days after it was sent, by a hash), an organisation
 * for two in three applications and an age group for half.
 *
 *   npx tsx bench/statistics.ts [--requests=10] [--city-requests=5] [--database=lokaler_statistics_bench] [--scale=1] [--keep]
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const REQUESTS = Number(option('requests') ?? 10);
const CITY_REQUESTS = Number(option('city-requests') ?? 5);
const WARM_UP = 2;
const DB_NAME = option('database') ?? 'lokaler_statistics_bench';
const KEEP = process.argv.includes('--keep');

const show = (samples: readonly number[]) =>
  `p50 ${percentile(samples, 50).toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms, max ${Math.max(...samples).toFixed(0)} ms (n=${samples.length})`;

const url = await cityDatabaseUrl(DB_NAME, 'statistics', option('scale') ?? '1');

const database = await openDatabase({ engine: 'postgres', url });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', DATABASE_URL: url });
const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
try {
  await app.ready();
  const db = database.db;
  const [{ decisions } = { decisions: 0 }] = await queryRows<{ decisions: number }>(
    db,
    sql`select count(*)::int as decisions from change_log where type in ('BookingApproval', 'BookingRejection')`,
  );
  if (decisions === 0) {
    // The generator's hash to [0, 1) (its bench.u, dropped with its schema at the end).
    const u = (key: string) => sql.raw(`((hashint8((${key})::bigint) & 2147483647)::float8 / 2147483648.0)`);
    const started = performance.now();
    await db.execute(sql`
      insert into change_log (booking_id, type, logged_at, user_name)
      select b.id, (case when b.status = 'REJECTED' then 'BookingRejection' else 'BookingApproval' end)::change_log_type,
        b.created_at + make_interval(hours => 2 + floor(${u('b.id * 11 + 5')} * 478)::int), 'Saksbehandler'
      from bookings b where b.status in ('APPROVED', 'REJECTED', 'CANCELLED')`);
    await db.execute(sql`
      update bookings b set
        organization_number = case when ${u('b.id * 13 + 1')} < 0.67 then lpad((900000000 + b.id % 5000)::text, 9, '0') end,
        organization_name = case when ${u('b.id * 13 + 1')} < 0.67 then 'Forening ' || (b.id % 5000) end,
        form_answers = case when ${u('b.id * 13 + 2')} < 0.5
          then jsonb_build_object('ageGroup', (array['CHILDREN', 'YOUTH', 'ADULTS', 'ALL'])[1 + floor(${u('b.id * 13 + 3')} * 4)::int])
          else '{}'::jsonb end`);
    await db.execute(sql`analyze bookings`);
    await db.execute(sql`analyze change_log`);
    console.log(`[statistics] added decisions, organisations and age groups in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const today = todayInOslo(new Date());
  // The longest period a request may ask: 400 days, about half behind and half ahead (the data set runs 24 weeks back, 82 ahead).
  const from = addDays(today, -182);
  const to = addDays(from, 399);
  // The busiest location: the most reservations on the period's dates.
  const [busiest] = await queryRows<{ id: number; name: string; rooms: number; reservations: number }>(
    db,
    sql`select l.id, l.name, (select count(*) from bookable_assets x where x.location_id = l.id)::int as rooms, count(*)::int as reservations
      from reservations r join bookable_assets a on a.id = r.bookable_asset_id join locations l on l.id = a.location_id
      where r.date between ${from}::date and ${to}::date group by l.id order by count(*) desc limit 1`,
  );
  if (!busiest) throw new Error('no reservations in the period');

  await db.execute(sql`insert into city_admins (email) values (${testAdmins[3]!.email.toLowerCase()}) on conflict do nothing`);
  const token = await signAccessToken(app, {
    claims: {
      sub: testAdmins[3]!.sub,
      client_id: app.config.oidc.adminClientId,
      name: 'Bente Byadmin',
      email: testAdmins[3]!.email,
      acr: undefined,
      pid: undefined,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const timed = async (pathname: string): Promise<[string, number]> => {
    const started = performance.now();
    const res = await fetch(`${base}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}: ${text}`);
    return [text, ms];
  };
  const measure = async (pathname: string, requests: number) => {
    const samples: number[] = [];
    let last = '';
    for (let i = 0; i < WARM_UP + requests; i++) {
      const [text, ms] = await timed(pathname);
      last = text;
      if (i >= WARM_UP) samples.push(ms);
    }
    return { samples, last };
  };

  const [counts] = await queryRows<{ rooms: number; reservations: number; locations: number }>(
    db,
    sql`select (select count(*) from bookable_assets)::int as rooms, (select count(*) from reservations)::int as reservations,
      (select count(*) from locations)::int as locations`,
  );
  console.log(
    `[statistics] ${counts!.locations} locations, ${counts!.rooms} rooms, ${counts!.reservations} reservations; period ${from}–${to} (400 days)`,
  );
  const location = await measure(`/api/statistics?locationId=${busiest.id}&from=${from}&to=${to}`, REQUESTS);
  const one = JSON.parse(location.last) as StatisticsReport;
  const booked = one.utilisation.rows.flatMap((r) => r.bookedMinutes).reduce((s, m) => s + m, 0);
  const open = one.utilisation.rows.flatMap((r) => r.openMinutes).reduce((s, m) => s + m, 0);
  console.log(
    `[statistics] busiest location '${busiest.name}' (${busiest.rooms} rooms, ${busiest.reservations} reservations in the period; ` +
      `${Math.round(booked / 60)} of ${Math.round(open / 60)} open hours booked, ${one.handlingTimes.total.decided} decisions): ` +
      `${show(location.samples)} — target ≤ 1000 ms: ${percentile(location.samples, 95) <= 1000 ? 'met' : 'NOT met'}`,
  );
  const city = await measure(`/api/statistics?from=${from}&to=${to}`, CITY_REQUESTS);
  const all = JSON.parse(city.last) as StatisticsReport;
  console.log(
    `[statistics] city-wide (${all.utilisation.rows.length} locations × ${all.utilisation.columns.length} months, ${all.handlingTimes.total.decided} decisions, ` +
      `${(city.last.length / 1024).toFixed(0)} KiB): ${show(city.samples)} — target ≤ 5000 ms: ${percentile(city.samples, 95) <= 5000 ? 'met' : 'NOT met'}`,
  );
  const csv = await measure(`/api/statistics/csv?figure=utilisation&from=${from}&to=${to}`, CITY_REQUESTS);
  console.log(
    `[statistics] city-wide utilisation CSV (${(csv.last.length / 1024).toFixed(0)} KiB): ${show(csv.samples)} — target ≤ 5000 ms: ` +
      `${percentile(csv.samples, 95) <= 5000 ? 'met' : 'NOT met'}`,
  );
  const load = (await import('node:os')).loadavg();
  console.log(`[statistics] load average ${load.map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await app.close();
  await database.close();
  if (!KEEP) await onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
