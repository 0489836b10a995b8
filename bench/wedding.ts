import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { PROEVINGSATTEST_MAX_BYTES } from '@lokaler/domain/wedding-certificate';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client';
import { signAccessToken } from '../apps/server/test/access-tokens';
import { createWeddingVenue } from '../apps/server/test/factories/wedding';
import { applicantBooking } from '../apps/server/test/factories/applicant';
import { benchServerUrl, onBenchServer } from './bench-database';
import { percentile } from './percentile';

/**
 * Decision 012's speed targets, on the real app (buildApp, every module) on PostgreSQL, over HTTP:
 *
 *  rush    100 citizens try 20 wedding times at once (5 per time), in --rounds rounds of fresh times and
 *          fresh citizens: every time taken exactly once, p95 of POST /api/booking ≤ 300 ms, no 5xx.
 *  upload  a 10 MB prøvingsattest (the data URL of 10,485,760 bytes) PUT by a client in a child
 *          process: ≤ 1 s, and the server process's memory (sampled every millisecond and at the
 *          request's hooks) grows by no more than 3× the file.
 *
 *   node --expose-gc --import tsx bench/wedding.ts [--part=rush|upload|both] [--rounds=3] [--uploads=5] [--database=lokaler_wedding_bench]
 *
 * A throwaway database lokaler_wedding_bench on BENCH_POSTGRES_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Figures are printed, not asserted.
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PART = option('part') ?? 'both';
const ROUNDS = Number(option('rounds') ?? 3);
const UPLOADS = Number(option('uploads') ?? 5);
const CITIZENS = Number(option('citizens') ?? 100);
/** The app's pool of PostgreSQL connections (the server's default: 20). */
const POOL = option('pool') === undefined ? undefined : Number(option('pool'));
const TIMES = 20;
/** Another name (`--database=`) lets two runs on one PostgreSQL server not drop each other's database. */
const DB_NAME = option('database') ?? 'lokaler_wedding_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`--database: ${DB_NAME} is not a plain lower-case name`);
const MB = 1024 * 1024;

const citizenToken = (app: App, n: number) =>
  signAccessToken(app, {
    claims: { sub: `bench-citizen-${n}`, name: `Bench Borger ${n}`, email: `borger${n}@example.no`, pid: undefined },
  });

/** The first request of a citizen creates their user; done before the rush, as a login would. */
async function knownCitizen(base: string, token: string): Promise<void> {
  const res = await fetch(`${base}/api/currentuser/roles`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`roles answered ${res.status}: ${await res.text()}`);
}

async function rush(app: App, database: Database, base: string, roomId: number, today: string): Promise<void> {
  const all: number[] = [];
  let fiveHundreds = 0;
  // Round 0 warms the server up (JIT, the pool's connections, prepared plans) and is not counted, as
  // run-bench.ts sends requests before it measures.
  for (let round = -1; round < ROUNDS; round++) {
    // 20 half-hour times of one room: 12 on one day (10:00–16:00), 8 the next morning.
    const day = addDays(today, 44 + round * 2);
    const times = Array.from({ length: TIMES }, (_, i) => {
      const date = i < 12 ? day : addDays(day, 1);
      const minutes = 10 * 60 + (i < 12 ? i : i - 12) * 30;
      return { date, startTime: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00` };
    });
    const tokens = await Promise.all(Array.from({ length: CITIZENS }, (_, i) => citizenToken(app, (round + 1) * CITIZENS + i)));
    for (const token of tokens) await knownCitizen(base, token);
    const requests = tokens.map((token, i) => ({
      token,
      body: JSON.stringify({
        availabilityData: {
          probablyAvailable: [
            { bookableAssetId: roomId, datesAndTimes: [{ ...times[i % TIMES]!, duration: 'PT30M', initialRepetitionDate: null }] },
          ],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: { participants: 10, contactEmail: `borger${i}@example.no`, contactPhone: '41234567' },
      }),
    }));
    const cpuBefore = { app: process.cpuUsage(), postgres: postgresCpuMs() };
    const { results, cpuMs: clientCpuMs } = await runChild<{ results: Array<{ status: number; ms: number }>; cpuMs: number }>(
      RUSH_CLIENT,
      { URL: `${base}/api/booking` },
      JSON.stringify(requests),
    );
    const appCpu = process.cpuUsage(cpuBefore.app);
    const cpu = `CPU ${((appCpu.user + appCpu.system) / 1000).toFixed(0)} ms in the app, ${(postgresCpuMs() - cpuBefore.postgres).toFixed(0)} ms in PostgreSQL, ${clientCpuMs.toFixed(0)} ms in the client (the same two cores)`;
    const latencies = results.map((r) => r.ms);
    const statuses = new Map<number, number>();
    for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    fiveHundreds += results.filter((r) => r.status >= 500).length;
    if (round < 0) {
      console.log(
        `[wedding rush warm-up] statuses ${JSON.stringify(Object.fromEntries(statuses))}, p95 ${percentile(latencies, 95).toFixed(0)} ms (not counted)`,
      );
      continue;
    }
    all.push(...latencies);
    const taken = await queryRows<{ date: string; start_time: string; n: number }>(
      database.db,
      sql`
      select r.date::text as date, r.start_time::text as start_time, count(*)::int as n from reservations r
      where r.bookable_asset_id = ${roomId} and r.status in ('UNPROCESSED', 'APPROVED') and r.date in (${day}, ${addDays(day, 1)})
      group by r.date, r.start_time`,
    );
    const exactlyOnce = taken.length === TIMES && taken.every((t) => Number(t.n) === 1);
    console.log(
      `[wedding rush round ${round + 1}] ${CITIZENS} citizens → ${TIMES} times at once: statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `times taken ${taken.length}/${TIMES}, each exactly once: ${exactlyOnce}; p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms; ${cpu}`,
    );
  }
  console.log(
    `[wedding rush] all ${all.length} requests: p50 ${percentile(all, 50).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms; 5xx: ${fiveHundreds}`,
  );
}

/**
 * CPU time (user + system) of the PostgreSQL server's processes on this machine so far, in ms, from
 * /proc (0 elsewhere, or when the server runs on another machine): what the rush cost the database.
 */
function postgresCpuMs(): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        const fields = stat.slice(close + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    return 0;
  }
  return (ticks * 1000) / 100;
}

/** The rush's client, in its own process (as autocannon in run-bench.ts): every request at once, each timed. */
const RUSH_CLIENT = `
let input = '';
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', async () => {
  const requests = JSON.parse(input);
  // Citizens watching the calendar for a free time have the site open: their connections exist
  // before the rush (keep-alive), so the rush times the takes, not 100 TCP handshakes.
  await Promise.all(requests.map(() => fetch(new URL('/api/health', process.env.URL)).then((r) => r.arrayBuffer())));
  const cpu = process.cpuUsage();
  const results = await Promise.all(requests.map(async ({ token, body }) => {
    const started = performance.now();
    const res = await fetch(process.env.URL, { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  }));
  const used = process.cpuUsage(cpu);
  process.stdout.write(JSON.stringify({ results, cpuMs: (used.user + used.system) / 1000 }));
});
`;

/** The upload's client, in its own process so that its 14 MB body is not counted in the server's memory. */
const UPLOAD_CLIENT = `
const size = Number(process.env.SIZE);
const bytes = Buffer.alloc(size);
bytes.write('%PDF-1.4\\n');
const body = JSON.stringify({ proevingsattestFile: 'data:application/pdf;name=file;base64,' + bytes.toString('base64') });
const started = performance.now();
fetch(process.env.URL, { method: 'PUT', headers: { authorization: 'Bearer ' + process.env.TOKEN, 'content-type': 'application/json' }, body })
  .then(async (res) => { await res.arrayBuffer(); process.stdout.write(JSON.stringify({ status: res.status, ms: performance.now() - started, bodyBytes: Buffer.byteLength(body) })); });
`;

function runChild<T>(code: string, env: Record<string, string>, input = ''): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(input);
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`client exited ${code}`))));
  });
}

/** One sample; `heapExternal` is heapUsed + external of the same sample (not the sum of two peaks). */
interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  heapExternal: number;
}
const memory = (): Memory => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, heapExternal: m.heapUsed + m.external };
};
/** The peaks of one upload: over the whole request, and up to preValidation (the body streamed in). */
interface Sampler {
  peak: Memory | null;
  streamed: Memory | null;
}
const gc = (globalThis as { gc?: () => void }).gc;

async function upload(app: App, base: string, locationId: number, roomId: number, today: string, sampler: Sampler): Promise<void> {
  const token = await citizenToken(app, 999_999);
  await knownCitizen(base, token);
  const [user] = await queryRows<{ id: number }>(app.database.db, sql`select id from users where sub = 'bench-citizen-999999'`);
  const rows: Array<{
    ms: number;
    status: number;
    rss: number;
    heap: number;
    external: number;
    heapExternal: number;
    streamRss: number;
    rssAfter: number;
  }> = [];
  for (let i = 0; i < UPLOADS; i++) {
    const booking = await applicantBooking(app.database.db, {
      locationId,
      userId: Number(user!.id),
      sourceForm: 'wedding',
      requirements: [{ type: 'WEDDING_CERTIFICATE' }],
      times: [{ bookableAssetId: roomId, date: addDays(today, 60), startTime: `${10 + i}:00:00`, durationMinutes: 30 }],
    });
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
    const before = memory();
    sampler.peak = { ...before };
    sampler.streamed = null;
    const timer = setInterval(() => sample(sampler), 1);
    const result = await runChild<{ status: number; ms: number; bodyBytes: number }>(UPLOAD_CLIENT, {
      URL: `${base}/api/user/form/wedding/${booking.id}/proevingsattest`,
      TOKEN: token,
      SIZE: String(PROEVINGSATTEST_MAX_BYTES),
    });
    clearInterval(timer);
    const peak = sampler.peak;
    const streamed = sampler.streamed ?? peak;
    sampler.peak = null;
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
    const after = memory();
    rows.push({
      ms: result.ms,
      status: result.status,
      rss: peak.rss - before.rss,
      heap: peak.heapUsed - before.heapUsed,
      external: peak.external - before.external,
      heapExternal: peak.heapExternal - before.heapExternal,
      streamRss: streamed.rss - before.rss,
      rssAfter: after.rss - before.rss,
    });
    if (i === 0)
      console.log(
        `[wedding upload] body ${(result.bodyBytes / MB).toFixed(2)} MiB for a file of ${(PROEVINGSATTEST_MAX_BYTES / MB).toFixed(2)} MiB; gc between runs: ${gc ? 'yes' : 'no (run with --expose-gc)'}`,
      );
  }
  const file = PROEVINGSATTEST_MAX_BYTES;
  for (const [i, r] of rows.entries()) {
    console.log(
      `[wedding upload ${i + 1}] ${r.status} in ${r.ms.toFixed(0)} ms; growth at the peak: rss +${(r.rss / MB).toFixed(1)} MiB (${(r.rss / file).toFixed(2)}× the file; ` +
        `${(r.streamRss / file).toFixed(2)}× until the body was read), heap+external +${(r.heapExternal / MB).toFixed(1)} MiB (${(r.heapExternal / file).toFixed(2)}×; ` +
        `peaks apart: heap +${(r.heap / MB).toFixed(1)}, external +${(r.external / MB).toFixed(1)} MiB); rss after, gc'd: +${(r.rssAfter / MB).toFixed(1)} MiB`,
    );
  }
  const times = rows.map((r) => r.ms);
  const range = (values: number[]) => `${(Math.min(...values) / file).toFixed(2)}–${(Math.max(...values) / file).toFixed(2)}×`;
  console.log(
    `[wedding upload] ${rows.length} uploads: median ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; ` +
      `peak growth rss ${range(rows.map((r) => r.rss))}, heap+external ${range(rows.map((r) => r.heapExternal))} the file`,
  );
}

function sample(sampler: Sampler): void {
  if (!sampler.peak) return;
  const m = memory();
  const p = sampler.peak;
  sampler.peak = {
    rss: Math.max(p.rss, m.rss),
    heapUsed: Math.max(p.heapUsed, m.heapUsed),
    external: Math.max(p.external, m.external),
    heapExternal: Math.max(p.heapExternal, m.heapExternal),
  };
}

await onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await onBenchServer(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(benchServerUrl);
url.pathname = `/${DB_NAME}`;
const database = await openDatabase({ engine: 'postgres', url: url.toString(), ...(POOL ? { maxConnections: POOL } : {}) });
try {
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', DATABASE_URL: url.toString() });
  const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
  // The request's own points, where the event loop may not let the 1 ms sampler in.
  const sampler: Sampler = { peak: null, streamed: null };
  for (const hook of ['preValidation', 'preHandler', 'onSend', 'onResponse'] as const) {
    app.addHook(hook, async () => sample(sampler));
  }
  app.addHook('preValidation', async () => {
    if (sampler.peak) sampler.streamed = { ...sampler.peak };
  });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const today = todayInOslo(new Date());
    const { locationId, roomId } = await createWeddingVenue(database.db);
    if (PART !== 'upload') await rush(app, database, base, roomId, today);
    if (PART !== 'rush') await upload(app, base, locationId, roomId, today, sampler);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
