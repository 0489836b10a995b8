import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { SEARCH_DAYS_AHEAD } from '@lokaler/domain/scheduling/booking-window';
import { openDatabase } from '../apps/server/src/db/client';
import { benchDatabaseUrl, readCityShape } from './bench-database';
import { runLoad } from './load';
import { processCpuMs } from './storm/cpu';

/**
 * Decisions 019 and 023 on the city data set (npm run generate -w bench first): what the portal's first
 * answers weigh on the wire (brotli, as a browser asks) before — the whole search answer, the full
 * venue list — and after — the list's first page (shape=page), the map's markers (shape=markers), the
 * venue list shape (shape=list) — and the one-date search's and the venue list's latencies at 50
 * connections with the application in 1 and in BENCH_PROCESSES processes (node:cluster, one port).
 * Beside each latency: the CPU time per request of the server processes, of PostgreSQL's backends
 * serving them (by application_name) and of this process (the load generator), and the load average
 * before the run — the machine is shared, so compare by CPU time when it is busy.
 *
 *   node --import tsx bench/light-data.ts [--seconds=10] [--processes=1,2]
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const seconds = Number(option('seconds') ?? 10);
const processCounts = (option('processes') ?? '1,2').split(',').map(Number);
const browser = { 'accept-encoding': 'br, gzip' };

if (!(await readCityShape())) throw new Error('No city data set: npm run generate -w bench');
const database = await openDatabase({ engine: 'postgres', url: benchDatabaseUrl, maxConnections: 1 });
const applicationName = `light_data_${process.pid}`;
const serverUrl = new URL(benchDatabaseUrl);
serverUrl.searchParams.set('application_name', applicationName);
await database.migrate();
await database.close();

const today = osloClock(new Date()).today;
const tomorrow = addDays(today, 1);
const single = `date=${addDays(today, 7)}&duration=PT1H`;
const recurring = `from=${tomorrow}&to=${addDays(tomorrow, 364)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY`;
const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((d) => `daysOfWeek=${d}`).join('&');
const worst = `from=${tomorrow}&to=${addDays(today, SEARCH_DAYS_AHEAD)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&${weekdays}`;
const answers = [
  {
    name: 'search, one date',
    before: `/api/search/assets?${single}`,
    after: [`/api/search/assets?${single}&shape=page&limit=30`, `/api/search/assets?${single}&shape=markers`],
  },
  {
    name: 'search, Tue+Thu for a year',
    before: `/api/search/assets/repeating?${recurring}`,
    after: [`/api/search/assets/repeating?${recurring}&shape=page&limit=30`, `/api/search/assets/repeating?${recurring}&shape=markers`],
  },
  {
    name: 'search, Mon–Fri for 1.5 years',
    before: `/api/search/assets/repeating?${worst}`,
    after: [`/api/search/assets/repeating?${worst}&shape=page&limit=30`, `/api/search/assets/repeating?${worst}&shape=markers`],
  },
  { name: 'venue list', before: '/api/location', after: ['/api/location?shape=list'] },
];

/** The bytes of the body as sent (compressed), with the Content-Encoding. */
function onTheWire(port: number, url: string): Promise<{ bytes: number; raw: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, headers: browser }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
        resolve({ bytes, raw: 0, encoding: String(res.headers['content-encoding'] ?? 'none') });
      });
    });
    request.on('error', reject);
  });
}

async function rawBytes(port: number, url: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { 'accept-encoding': 'identity' } });
  return (await res.arrayBuffer()).byteLength;
}

function start(processes: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'cluster-server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: serverUrl.toString(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      COOKIE_SECRET: randomBytes(32).toString('hex'),
      OIDC_ISSUER: 'https://idporten.invalid',
      BENCH_PROCESSES: String(processes),
      // The production rails (decision 033): no request here sends mail, pushes a key or asks the register.
      ALLOW_DEMO_SERVICES: 'true',
      PUBLIC_URL: 'http://127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /LISTENING (\d+)/.exec(out);
      if (listening && out.split('LISTENING').length - 1 >= processes + (processes > 1 ? 1 : 0))
        resolve({ child, port: Number(listening[1]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** The server's processes: the cluster's primary and its workers (Linux /proc). */
function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    try {
      all.push(...fs.readFileSync(`/proc/${all[i]}/task/${all[i]}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      /* gone, or no /proc */
    }
  }
  return all;
}

const monitor = new pg.Client({ connectionString: benchDatabaseUrl });
await monitor.connect();
async function backendPids(): Promise<number[]> {
  const { rows } = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
  return rows.map((r) => r.pid);
}
const cpuOf = (pids: readonly number[]) => new Map(pids.map((pid) => [pid, processCpuMs(pid) ?? 0]));
const spent = (before: Map<number, number>) => [...before].reduce((sum, [pid, ms]) => sum + Math.max(0, (processCpuMs(pid) ?? ms) - ms), 0);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** Waits until the server's processes use under a tenth of a core over half a second (at most 60 s). */
async function settle(pids: readonly number[]): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 500) {
    const before = cpuOf(pids);
    await new Promise((r) => setTimeout(r, 500));
    if (spent(before) < 50) return;
  }
}

const ms = (v: number) => v.toFixed(0);
const kib = (v: number) => `${(v / 1024).toFixed(1)} KiB`;
let first = true;
for (const processes of processCounts) {
  const { child, port } = await start(processes);
  try {
    // Warm: the kept rooms of the search and the kept venue lists, in every process.
    for (const a of answers)
      for (const url of [a.before, ...a.after]) for (let i = 0; i < 2 * processes + 1; i++) await rawBytes(port, url);
    if (first) {
      first = false;
      console.log('\n| answer | before: raw / on the wire (br) | after: raw / on the wire (br) |\n|---|---:|---:|');
      for (const a of answers) {
        const before = await onTheWire(port, a.before);
        const after = await Promise.all(
          a.after.map(async (url) => ({ url, wire: await onTheWire(port, url), raw: await rawBytes(port, url) })),
        );
        const afterText = after
          .map((x) => `${new URL(x.url, 'http://x').searchParams.get('shape')}: ${kib(x.raw)} / ${kib(x.wire.bytes)}`)
          .join('; ');
        console.log(`| ${a.name} | ${kib(await rawBytes(port, a.before))} / ${kib(before.bytes)} (${before.encoding}) | ${afterText} |`);
      }
    }
    console.log(
      `\n${processes} process(es) on ${os.cpus().length} cores, 50 connections, ${seconds} s each, Accept-Encoding: br, gzip\n\n` +
        '| request | p50 / p95 / p99 ms | req/s | failed | CPU ms per request: server + PostgreSQL + load generator | load average before |\n|---|---:|---:|---:|---:|---|',
    );
    const loads = [
      ['search, one date, whole answer (before)', answers[0]!.before],
      ['search, one date, shape=page (after)', answers[0]!.after[0]!],
      ['search, one date, shape=markers (after)', answers[0]!.after[1]!],
      ['venue list, full (before)', answers[3]!.before],
      ['venue list, shape=list (after)', answers[3]!.after[0]!],
    ] as const;
    for (const [name, url] of loads) {
      // The previous run's last requests are still being answered when its clock stops (the whole
      // answer takes seconds under load): let them finish before this run's clock and CPU count.
      await settle(processTree(child.pid!));
      const load = loadAverage();
      const server = cpuOf(processTree(child.pid!));
      const postgres = cpuOf(await backendPids());
      const generator = process.cpuUsage();
      const r = await runLoad(`http://127.0.0.1:${port}${url}`, 50, seconds, browser);
      const used = process.cpuUsage(generator);
      // Backends opened during the run count from zero.
      for (const pid of await backendPids()) if (!postgres.has(pid)) postgres.set(pid, 0);
      const per = (total: number) => (r.requests > 0 ? total / r.requests : Number.NaN).toFixed(2);
      const cpu = `${per(spent(server))} + ${per(spent(postgres))} + ${per((used.user + used.system) / 1000)}`;
      console.log(
        `| ${name} | ${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)} | ${r.requestsPerSecond.toFixed(0)} | ${r.failures} | ${cpu} | ${load} |`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}
await monitor.end();
