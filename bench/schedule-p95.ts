import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { addDays, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client';
import { seedDemoDataIfEmpty } from '../apps/server/src/seed/index';
import { benchServerUrl, onBenchServer } from './bench-database';

/**
 * p95 of GET /api/schedule for 5 rooms of one venue over one week (next week, the busiest venue), on the demo data
 * (seedDemoDataIfEmpty), on each engine: 200 sequential requests after 20 to warm up, through
 * app.inject() (the server's own work) and over real HTTP on one keep-alive connection.
 *
 *   npx tsx bench/schedule-p95.ts [--engine=pglite|postgres|both] [--requests=200]
 *
 * PostgreSQL: a throwaway database lokaler_schedule_bench on BENCH_POSTGRES_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const REQUESTS = Number(option('requests') ?? 200);
const WARM_UP = 20;
// --database: another name, for two runs on one server at once.
const DB_NAME = option('database') ?? 'lokaler_schedule_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`Unexpected database name '${DB_NAME}'`);

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)!, mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

const show = (f: Figures) =>
  `p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms, mean ${f.mean.toFixed(1)} ms`;

async function open(engine: 'pglite' | 'postgres'): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({ engine: 'pglite' });
    return { database, drop: async () => {} };
  }
  await onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await onBenchServer(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString() });
  return { database, url: url.toString(), drop: () => onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`) };
}

/** GET over one keep-alive connection, as a browser's calendar would. */
function httpGet(agent: http.Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(res.statusCode) : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

async function run(engine: 'pglite' | 'postgres'): Promise<void> {
  const { database, url, drop } = await open(engine);
  try {
    await database.migrate();
    const today = todayInOslo(new Date());
    await seedDemoDataIfEmpty(database.db, { today });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', ...(url ? { DATABASE_URL: url } : {}) });
    const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
    await app.ready();
    try {
      // Next week (a whole week ahead, as the calendar's second page), at the venue with five or more
      // bookable rooms that has the most reservations then: its five busiest rooms.
      const from = weekStart(addDays(today, 7));
      const to = addDays(from, 6);
      const [venue] = await queryRows<{ location_id: number; name: string }>(
        database.db,
        sql`
        select a.location_id, l.name from bookable_assets a join locations l on l.id = a.location_id
        left join reservations r on r.bookable_asset_id = a.id and r.date between ${from} and ${to} and r.status in ('UNPROCESSED', 'APPROVED')
        where a.status = 'PUBLISHED' and l.status = 'PUBLISHED'
        group by a.location_id, l.name having count(distinct a.id) >= 5 order by count(r.id) desc, a.location_id limit 1`,
      );
      if (!venue) throw new Error('the demo data has no venue with five rooms');
      const rooms = await queryRows<{ id: number }>(
        database.db,
        sql`
        select a.id from bookable_assets a
        left join reservations r on r.bookable_asset_id = a.id and r.date between ${from} and ${to} and r.status in ('UNPROCESSED', 'APPROVED')
        where a.location_id = ${venue.location_id} and a.status = 'PUBLISHED'
        group by a.id order by count(r.id) desc, a.id limit 5`,
      );
      const [load] = await queryRows<{ n: number }>(
        database.db,
        sql`
        select count(*)::int as n from reservations
        where bookable_asset_id in (${sql.join(
          rooms.map((r) => sql`${r.id}`),
          sql`, `,
        )}) and date between ${from} and ${to}`,
      );
      const path = `/api/schedule?${rooms.map((r) => `bookableAssetIds=${r.id}`).join('&')}&fromInclusive=${from}&toInclusive=${to}`;

      const first = await app.inject({ method: 'GET', url: path });
      if (first.statusCode !== 200) throw new Error(`GET /api/schedule answered ${first.statusCode}: ${first.body}`);
      const slots = (first.json() as Array<{ timeslotsByDate: Record<string, unknown[]> }>).reduce(
        (n, r) => n + Object.values(r.timeslotsByDate).flat().length,
        0,
      );

      const inject: number[] = [];
      for (let i = 0; i < WARM_UP + REQUESTS; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: path });
        if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
        if (i >= WARM_UP) inject.push(performance.now() - started);
      }

      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const overHttp: number[] = [];
      for (let i = 0; i < WARM_UP + REQUESTS; i++) {
        const started = performance.now();
        await httpGet(agent, port, path);
        if (i >= WARM_UP) overHttp.push(performance.now() - started);
      }
      agent.destroy();

      console.log(
        `[schedule-p95 ${engine}] venue '${venue.name}', rooms ${rooms.map((r) => r.id).join(',')}, ${from}..${to}: ${slots} slots, ${load!.n} reservations in the week`,
      );
      console.log(`[schedule-p95 ${engine}] ${REQUESTS} sequential GET /api/schedule via app.inject: ${show(figures(inject))}`);
      console.log(`[schedule-p95 ${engine}] ${REQUESTS} sequential GET /api/schedule over HTTP (keep-alive): ${show(figures(overHttp))}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

const engineOption = option('engine') ?? 'both';
const engines = engineOption === 'both' ? (['pglite', 'postgres'] as const) : [engineOption as 'pglite' | 'postgres'];
for (const engine of engines) await run(engine);
