import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { ensureFeed, LOCATION_FEED_DAYS } from '../apps/server/src/availability/calendar-feeds/repository';
import { feedUrl } from '../apps/server/src/availability/calendar-feeds/feeds';
import { benchDatabaseName, benchServerUrl, onBenchServer } from './bench-database';
import { percentile } from './percentile';

/**
 * Decision 024: a calendar feed must answer p95 ≤ 50 ms for a person with 500 reservations at
 * city scale. On a copy of the city data set (`CREATE DATABASE lokaler_feeds_bench TEMPLATE
 * lokaler_bench`, made only when nobody is connected to lokaler_bench, which is never changed), the
 * app's migrations are applied, one new person gets whole bookings of the city until ~500 of their
 * reservations fall in the feed's window, and the real app answers over one keep-alive HTTP connection:
 * the person's feed (200, whole body), the same with If-None-Match (304), and the feed of the location
 * with the most reservations. `node --import tsx bench/calendar-feed.ts [--requests=200] [--reuse] [--keep]
 * [--database=lokaler_bench]` (another data set, copied to NAME_feeds).
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const REQUESTS = Number(option('requests') ?? 200);
const WARM_UP = 20;
const TARGET = Number(option('reservations') ?? 500);
const REUSE = process.argv.includes('--reuse');
const KEEP = process.argv.includes('--keep') || REUSE;
// The data set copied: lokaler_bench, or the one BENCH_DATABASE_URL or --database names (e.g. lokaler_bench_x10).
const SOURCE = benchDatabaseName();
const DB_NAME = SOURCE === 'lokaler_bench' ? 'lokaler_feeds_bench' : `${SOURCE}_feeds`;

async function serverQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function copyCity(): Promise<void> {
  const exists = await serverQuery('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (exists.length && REUSE) return;
  if (exists.length) await onBenchServer(`DROP DATABASE ${DB_NAME} WITH (FORCE)`);
  const source = await serverQuery('select 1 from pg_database where datname = $1', [SOURCE]);
  if (!source.length) throw new Error(`${SOURCE} is missing: npm run generate -w bench`);
  const connected = await serverQuery<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [SOURCE]);
  if (connected[0]!.n > 0)
    throw new Error(`${connected[0]!.n} connection(s) to ${SOURCE}: a template copy needs none; try again when its bench is done`);
  const started = performance.now();
  await onBenchServer(`CREATE DATABASE ${DB_NAME} TEMPLATE ${SOURCE}`);
  console.log(`copied ${SOURCE} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

function get(
  agent: http.Agent,
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: number; etag: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, bytes, etag: String(res.headers.etag ?? ''), ms: performance.now() - started }),
        );
      })
      .on('error', reject);
  });
}

async function measure(label: string, agent: http.Agent, port: number, path: string, headers: Record<string, string>, expected: number) {
  for (let i = 0; i < WARM_UP; i++) await get(agent, port, path, headers);
  const samples: number[] = [];
  let bytes = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await get(agent, port, path, headers);
    if (res.status !== expected) throw new Error(`${label}: ${res.status}, expected ${expected}`);
    samples.push(res.ms);
    bytes = res.bytes;
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `  ${label}: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms; ` +
      `${bytes} bytes; CPU of this process (app + client) ${((used.user + used.system) / 1000 / REQUESTS).toFixed(2)} ms/request`,
  );
}

async function main(): Promise<void> {
  await copyCity();
  const url = new URL(benchServerUrl);
  url.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString() });
  try {
    await database.migrate();
    const db = database.db;
    // The person: whole bookings of the city (by id, so the same ones each run) until ~TARGET of their times are in the window.
    await db.execute(
      sql`insert into users (sub, name, email) values ('bench-feed-person', 'Feed Person', 'feed.person@example.no') on conflict (sub) do nothing`,
    );
    const [person] = await queryRows<{ id: number }>(db, sql`select id from users where sub = 'bench-feed-person'`);
    const window = sql`r.date >= (now() at time zone 'Europe/Oslo')::date - 90`;
    const [already] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bookings b join reservations r on r.booking_id = b.id where b.user_id = ${person!.id} and b.organization_number is null and ${window}`,
    );
    if (already!.n < TARGET) {
      await db.execute(sql`
        with counted as (
          select b.id, count(*) as n from bookings b join reservations r on r.booking_id = b.id
          where ${window} and b.user_id is distinct from ${person!.id} group by b.id order by b.id limit 5000
        ), running as (select id, sum(n) over (order by id) as total from counted)
        update bookings set user_id = ${person!.id}, organization_number = null, organization_name = null
        where id in (select id from running where total <= ${TARGET - already!.n})`);
    }
    const [shape] = await queryRows<{ reservations: number; bookings: number; statuses: string }>(
      db,
      sql`
      select count(*)::int as reservations, count(distinct b.id)::int as bookings, string_agg(distinct r.status::text, ',') as statuses
      from bookings b join reservations r on r.booking_id = b.id where b.user_id = ${person!.id} and b.organization_number is null and ${window}`,
    );
    const [busiest] = await queryRows<{ id: number; n: number }>(
      db,
      sql`
      select b.location_id as id, count(*)::int as n from bookings b join reservations r on r.booking_id = b.id where ${window}
      group by b.location_id order by n desc limit 1`,
    );
    const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reservations`);
    const [inLocationFeed] = await queryRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from bookings b join reservations r on r.booking_id = b.id where b.location_id = ${busiest!.id}
      and r.date between (now() at time zone 'Europe/Oslo')::date - ${LOCATION_FEED_DAYS.back}::int and (now() at time zone 'Europe/Oslo')::date + ${LOCATION_FEED_DAYS.ahead}::int`,
    );
    console.log(
      `city: ${total!.n} reservations; the person: ${shape!.reservations} reservations in the feed's window (${shape!.bookings} bookings; ${shape!.statuses}); ` +
        `busiest location ${busiest!.id}: ${busiest!.n} in that window`,
    );

    const personFeed = await ensureFeed(db, { kind: 'PERSON', userId: person!.id });
    const locationFeed = await ensureFeed(db, { kind: 'LOCATION', locationId: busiest!.id });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', DATABASE_URL: url.toString(), SERVE_SPAS: 'false' });
    const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const port = (app.server.address() as AddressInfo).port;
      const personPath = new URL(feedUrl('http://x', personFeed)).pathname;
      const locationPath = new URL(feedUrl('http://x', locationFeed)).pathname;
      const { etag } = await get(agent, port, personPath);
      console.log(
        `load average before: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ')} (${os.cpus().length} cores); ${REQUESTS} sequential requests each after ${WARM_UP} to warm up`,
      );
      await measure(`person feed, ${shape!.reservations} reservations (200)`, agent, port, personPath, {}, 200);
      await measure('person feed, If-None-Match (304)', agent, port, personPath, { 'if-none-match': etag }, 304);
      await measure(`location feed of the busiest location, ${inLocationFeed!.n} reservations (200)`, agent, port, locationPath, {}, 200);
      console.log(
        `load average after: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ')}`,
      );
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
