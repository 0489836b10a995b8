import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { signAccessToken } from '../apps/server/test/access-tokens';
import { sql } from 'drizzle-orm';
import { benchServerUrl, onBenchServer } from './bench-database';
import { percentile } from './percentile';

/**
 * The target for the reimbursement report: the largest location over one year, p95 ≤ 500 ms,
 * the CSV streamed. A throwaway database lokaler_reimbursement_bench on BENCH_POSTGRES_URL's server
 * (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards, filled with set-based SQL:
 *
 * - the big location: --rooms rooms (default 60), each busy four evening lanes on every weekday of
 *   the year in 13-week series — 62,400 reservations in 4,800 bookings, 80 % approved; of those half
 *   FREE, a quarter MARKET and a quarter COST, 70 % for one of 300 organisations;
 * - --others other locations (default 100) with 10 rooms and one lane each (260,000 reservations),
 *   so the tables are not the big location's alone.
 *
 * Measures, over one keep-alive HTTP connection to the real app, --requests sequential requests
 * (default 100, after 10 to warm up) of GET /api/location/{id}/reimbursement for the year, and of
 * the .csv: time to the first byte and to the last, and that it arrived chunked. Prints, not asserts.
 *
 *   node --import tsx bench/reimbursement.ts [--rooms=60] [--others=100] [--requests=100] [--keep | --reuse] [--database=lokaler_reimbursement_bench]
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ROOMS = Number(option('rooms') ?? 60);
const OTHERS = Number(option('others') ?? 100);
const REQUESTS = Number(option('requests') ?? 100);
const WARM_UP = 10;
/** --keep leaves the database for a look at the plans (drop it by hand, or run again). */
const KEEP = process.argv.includes('--keep') || process.argv.includes('--reuse');
/** --reuse measures again on the database a --keep run left (no new data). */
const REUSE = process.argv.includes('--reuse');
// --database: another name, for two runs on one server at once.
const DB_NAME = option('database') ?? 'lokaler_reimbursement_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`Unexpected database name '${DB_NAME}'`);
const ADMIN_EMAIL = 'bench.admin@oslo.kommune.no';

const show = (label: string, samples: number[]) =>
  console.log(
    `  ${label}: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`,
  );

/** The location with id 1 is the big one; 2 … others+1 the rest. One statement per step, triggers off during the load. */
function loadSql(firstMonday: string): { label: string; sql: string }[] {
  const triggers = (action: 'disable' | 'enable') =>
    ['insert', 'update', 'delete']
      .flatMap((e) => [`reservations_room_day_busy_${e}`, `reservations_schedule_versions_${e}`, `reservations_busy_changes_${e}`])
      .map((name) => `alter table reservations ${action} trigger ${name};`)
      .join(' ');
  // A deterministic "random" number in [0, 1) per integer, so every run builds the same rows.
  const u = (expr: string) => `(('x' || substr(md5((${expr})::text), 1, 8))::bit(32)::bigint / 4294967296.0)`;
  return [
    { label: 'triggers off', sql: triggers('disable') },
    {
      label: 'area, locations, rooms, users, admin, plan',
      sql: `
      insert into geographic_areas (id, name) values ('sagene', 'Sagene') on conflict do nothing;
      insert into locations (id, name, status, public_location_type, filter_category, geographic_area_id)
        select i, case when i = 1 then 'Storskolen' else 'Lokale ' || i end, 'PUBLISHED', 'SCHOOLS', 'SCHOOLS', 'sagene' from generate_series(1, ${OTHERS + 1}) i;
      insert into bookable_assets (location_id, name, capacity)
        select 1, 'Rom ' || r, 30 from generate_series(1, ${ROOMS}) r
        union all select l, 'Rom ' || r, 30 from generate_series(2, ${OTHERS + 1}) l, generate_series(1, 10) r;
      insert into users (sub, name, email) select 'bench-user-' || i, 'Bruker ' || i, 'bruker' || i || '@example.no' from generate_series(1, 500) i;
      insert into location_admins (location_id, email) values (1, '${ADMIN_EMAIL}');
      -- One row per booking: where and when its 13 weekly times are (a lane is a 2-hour evening slot).
      create table bench_plan as select row_number() over () as k, x.* from (
        select 1 as location_id, room, weekday, lane, term
          from generate_series(1, ${ROOMS}) room, generate_series(0, 4) weekday, generate_series(0, 3) lane, generate_series(0, 3) term
        union all
        select l, room, weekday, 0, term
          from generate_series(2, ${OTHERS + 1}) l, generate_series(1, 10) room, generate_series(0, 4) weekday, generate_series(0, 3) term
      ) x;`,
    },
    {
      label: 'bookings',
      sql: `
      insert into bookings (status, user_id, organization_number, organization_name, location_id, duration_type, case_number)
        select (case when ${u('k')} < 0.8 then 'APPROVED' when ${u('k')} < 0.92 then 'UNPROCESSED' else 'REJECTED' end)::booking_status,
          (select min(id) from users) + floor(${u('k * 7')} * 500)::int,
          case when ${u('k * 11')} < 0.7 then (900000000 + floor(${u('k * 13')} * 300)::int)::text end,
          case when ${u('k * 11')} < 0.7 then 'Lag ' || floor(${u('k * 13')} * 300)::int end,
          location_id, 'SEMESTERLOAN', 'BENCH-' || k
        from bench_plan;`,
    },
    {
      label: 'reservations (13 weekly times per booking)',
      sql: `
      insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, initial_repetition_date, status)
        select b.id, a.id, '${firstMonday}'::date + ((p.term * 13 + w) * 7 + p.weekday)::int, make_time(16 + 2 * p.lane::int, 0, 0), 90,
          '${firstMonday}'::date + (p.term * 13 * 7 + p.weekday)::int,
          (case when b.status = 'APPROVED' then 'APPROVED' when b.status = 'UNPROCESSED' then 'UNPROCESSED' else 'REJECTED' end)::reservation_status
        from bench_plan p
        join bookings b on b.case_number = 'BENCH-' || p.k
        join bookable_assets a on a.location_id = p.location_id and a.name = 'Rom ' || p.room
        cross join generate_series(0, 12) w;
      drop table bench_plan;`,
    },
    {
      label: 'approval terms',
      sql: `
      insert into booking_approvals (booking_id, cost_category, market_price_ore, calculated_price_ore)
        select id, c.category::cost_category,
          case when c.category = 'MARKET' then 100000 + (id % 50) * 1000 end,
          case when c.category = 'COST' then 80000 + (id % 70) * 500 end
        from bookings, lateral (select case when ${u('id * 17')} < 0.5 then 'FREE' when ${u('id * 17')} < 0.75 then 'MARKET' else 'COST' end as category) c
        where status = 'APPROVED';
      update bookings b set cost_category = a.cost_category from booking_approvals a where a.booking_id = b.id;`,
    },
    { label: 'triggers on, analyze', sql: `${triggers('enable')} analyze;` },
  ];
}

function timedGet(
  agent: http.Agent,
  port: number,
  path: string,
  token: string,
): Promise<{ firstByte: number; total: number; chunked: boolean; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let firstByte = 0;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (!firstByte) firstByte = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ firstByte, total: performance.now() - started, chunked: res.headers['transfer-encoding'] === 'chunked', bytes })
          : reject(new Error(`${path}: status ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}

function adminToken(app: App): Promise<string> {
  return signAccessToken(app, {
    claims: {
      iss: app.config.oidc.adminIssuer,
      client_id: app.config.oidc.adminClientId,
      sub: 'bench-admin',
      name: 'Bench Admin',
      email: ADMIN_EMAIL,
      pid: undefined,
      acr: undefined,
    },
  });
}

async function main(): Promise<void> {
  if (!REUSE) {
    await onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await onBenchServer(`CREATE DATABASE ${DB_NAME}`);
  }
  const url = new URL(benchServerUrl);
  url.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString() });
  try {
    if (!REUSE) await database.migrate();
    const today = todayInOslo(new Date());
    const from = `${today.slice(0, 4)}-01-01`;
    const to = `${Number(today.slice(0, 4)) + 1}-01-01`;
    for (const step of REUSE ? [] : loadSql(weekStart(addDays(from, 7)))) {
      const t = performance.now();
      await database.db.execute(sql.raw(step.sql));
      console.log(`  ${step.label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const [counts] = await queryRows<{ reservations: number; big: number; approved_big: number; bookings_big: number }>(
      database.db,
      sql`select
      (select count(*)::int from reservations) as reservations,
      (select count(*)::int from reservations r join bookings b on b.id = r.booking_id where b.location_id = 1) as big,
      (select count(*)::int from reservations r join bookings b on b.id = r.booking_id where b.location_id = 1 and r.status = 'APPROVED' and r.date >= ${from}::date and r.date < ${to}::date) as approved_big,
      (select count(*)::int from bookings where location_id = 1 and status = 'APPROVED') as bookings_big`,
    );
    console.log(`Data: ${JSON.stringify(counts)}`);

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', DATABASE_URL: url.toString() });
    const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const token = await adminToken(app);
      const range = `fromDateInclusive=${from}&toDateExclusive=${to}`;
      for (const [label, path] of [
        ['report (JSON)', `/api/location/1/reimbursement?${range}`],
        ['report (CSV)', `/api/location/1/reimbursement.csv?${range}`],
      ] as const) {
        for (let i = 0; i < WARM_UP; i++) await timedGet(agent, port, path, token);
        const results = [];
        for (let i = 0; i < REQUESTS; i++) results.push(await timedGet(agent, port, path, token));
        console.log(
          `${label}, ${REQUESTS} requests, ${results[0]!.bytes.toLocaleString('en')} bytes each, chunked: ${results.every((r) => r.chunked)}`,
        );
        show(
          'first byte',
          results.map((r) => r.firstByte),
        );
        show(
          'last byte',
          results.map((r) => r.total),
        );
        const p95 = percentile(
          results.map((r) => r.total),
          95,
        );
        console.log(`  target p95 ≤ 500 ms: ${p95 <= 500 ? 'met' : 'NOT met'} (${p95.toFixed(1)} ms)`);
      }
    } finally {
      agent.destroy();
      await app.close();
    }
  } finally {
    await database.close();
    if (!KEEP) await onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

await main();
