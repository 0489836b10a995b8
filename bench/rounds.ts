import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { freePort, startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import { benchServerUrl, onBenchServer } from './bench-database';
import { cityAdmin, locationAdmin, roundDataSql, ROUND_ID, SEMESTER_WEEKS, type RoundShape } from './rounds/round-data-sql';
import { accessTokenOverHttp } from './storm/http-login';
import { percentile } from './percentile';
import { call, expectStatus, pool, printServerErrors, shuffled } from './rounds/round-requests';

/**
 * Decision 031's targets for semester rounds: a round of 2,000 applications across 300 rooms — the
 * conflict view loads in p95 ≤ 500 ms, the suggestion is computed in ≤ 5 s, closing the round takes
 * ≤ 30 s, on PostgreSQL. Prints figures, asserts nothing (never part of npm test).
 *
 * The data (rounds/round-data-sql.ts) is generated once into lokaler_rounds_bench_data on
 * BENCH_POSTGRES_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), and again when it
 * was made on another day or for another size, or with --fresh; each run measures a copy of it,
 * lokaler_rounds_bench (CREATE DATABASE … TEMPLATE, a second or two), migrated, since closing the
 * round changes it. The real app runs as its own process (apps/server/src/main.ts through tsx, as the
 * storm runs it), Siri logs in through the local provider over HTTP (she administers all 60
 * locations; --city-admin: Bente, a city-wide administrator), and over real HTTP:
 *
 * 1. GET /api/admin/rounds/{id} (the round page) — --page-requests sequential requests;
 * 2. GET /api/admin/rounds/{id}/conflicts?roomId= for every room, --passes passes in random order at
 *    --concurrency requests at a time — p50/p95/max;
 * 3. POST /api/admin/rounds/{id}/suggestion once — wall time and its counts; then one more pass of
 *    the conflict view (now with allocations);
 * 4. POST /api/admin/rounds/{id}/close once — wall time and counts (waiting for CLOSED if it answers
 *    CLOSING); then SQL checks: no overlapping active reservations, every application decided and no
 *    IN_ROUND reservation left, exactly one outbox e-mail per application.
 *
 *   node --import tsx bench/rounds.ts [--fresh] [--keep] [--passes=3] [--concurrency=8] [--page-requests=20]
 *     [--applications=2000] [--locations=60] [--city-admin] [--no-close] [--data-only] [--database=lokaler_rounds_bench]
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const flag = (name: string) => process.argv.includes(`--${name}`);
const PASSES = Number(option('passes') ?? 3);
const CONCURRENCY = Number(option('concurrency') ?? 8);
const PAGE_REQUESTS = Number(option('page-requests') ?? 20);
const APPLICATIONS = Number(option('applications') ?? 2000);
const LOCATIONS = Number(option('locations') ?? 60);
const FRESH = flag('fresh');
/** --keep leaves the measured copy lokaler_rounds_bench for a look at the plans (it is replaced on the next run). */
const KEEP = flag('keep');
const NO_CLOSE = flag('no-close');
/** --data-only makes (or checks) the data and stops before the server. */
const DATA_ONLY = flag('data-only');
// --database: another name for the measured copy (the data: NAME_data), for two runs on one server at once.
const RUN_DB = option('database') ?? 'lokaler_rounds_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(RUN_DB)) throw new Error(`Unexpected database name '${RUN_DB}'`);
const DATA_DB = `${RUN_DB}_data`;
const TARGETS = { conflictsP95Ms: 500, suggestionMs: 5_000, closeMs: 30_000 };

const figures = (samples: readonly number[]) =>
  `p50 ${percentile(samples, 50).toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms, max ${Math.max(...samples).toFixed(0)} ms (${samples.length} requests)`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function databaseUrl(name: string): string {
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function serverQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = [], database = 'postgres'): Promise<T[]> {
  const client = new pg.Client({ connectionString: database === 'postgres' ? benchServerUrl : databaseUrl(database) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function shapeFor(today: string): RoundShape {
  // The semester: 20 weeks from the first Monday at least five weeks ahead, ending on a Friday.
  let semesterStart = addDays(today, 35);
  while (isoWeekday(semesterStart) !== 1) semesterStart = addDays(semesterStart, 1);
  return {
    today,
    locations: LOCATIONS,
    applications: APPLICATIONS,
    applicationStart: addDays(today, -60),
    deadline: addDays(today, -2),
    semesterStart,
    semesterEnd: addDays(semesterStart, SEMESTER_WEEKS * 7 - 3),
  };
}

/** Generates DATA_DB unless it holds this shape already; the shape is kept as the database's comment. */
async function ensureData(shape: RoundShape): Promise<void> {
  const [found] = await serverQuery<{ shape: string | null }>(
    `select shobj_description(oid, 'pg_database') as shape from pg_database where datname = $1`,
    [DATA_DB],
  );
  if (found?.shape === JSON.stringify(shape) && !FRESH) return;
  console.log(`Generating ${DATA_DB} (${FRESH ? '--fresh' : found ? 'made for another day or size' : 'none yet'}) …`);
  const started = performance.now();
  await onBenchServer(`DROP DATABASE IF EXISTS ${DATA_DB} WITH (FORCE)`);
  await onBenchServer(`CREATE DATABASE ${DATA_DB}`);
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl(DATA_DB), maxConnections: 1 });
  try {
    await database.migrate();
    const client = new pg.Client({ connectionString: databaseUrl(DATA_DB) });
    await client.connect();
    try {
      for (const step of roundDataSql(shape)) {
        const t = performance.now();
        await client.query(step.sql);
        console.log(`  ${step.label}: ${seconds(performance.now() - t)}`);
      }
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
  await onBenchServer(`COMMENT ON DATABASE ${DATA_DB} IS '${JSON.stringify(shape)}'`);
  console.log(`  generated in ${seconds(performance.now() - started)}`);
}

async function copyData(): Promise<void> {
  await onBenchServer(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
  await onBenchServer(`CREATE DATABASE ${RUN_DB} TEMPLATE ${DATA_DB}`);
  // Migrations added since the data was made (a merged branch's, say).
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl(RUN_DB), maxConnections: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

async function deadlockCount(): Promise<number> {
  const [row] = await serverQuery<{ n: number }>('select deadlocks::int as n from pg_stat_database where datname = $1', [RUN_DB]);
  return row?.n ?? 0;
}

/**
 * Which statements PostgreSQL is running for the measured database, sampled from pg_stat_activity:
 * where a slow request spends its time, without pg_stat_statements (not preloaded here).
 */
class ActivitySampler {
  static readonly INTERVAL_MS = 20;
  private readonly counts = new Map<string, { wait: string; query: string; n: number }>();
  private samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  static async start(database: string): Promise<ActivitySampler> {
    const client = new pg.Client({ connectionString: benchServerUrl });
    await client.connect();
    const sampler = new ActivitySampler(client, database);
    sampler.timer = setInterval(() => void sampler.sample(), ActivitySampler.INTERVAL_MS);
    return sampler;
  }

  private async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.client.query<{ wait: string; query: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait,
          left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query
        from pg_stat_activity where datname = $1 and state = 'active' and backend_type = 'client backend'`,
        [this.database],
      );
      if (rows.length) this.samples++;
      for (const r of rows) {
        const key = `${r.wait}|${r.query}`;
        const entry = this.counts.get(key) ?? { wait: r.wait, query: r.query, n: 0 };
        entry.n++;
        this.counts.set(key, entry);
      }
    } catch {
      // the sampler's own connection is no part of the measurement
    } finally {
      this.busy = false;
    }
  }

  stop(top = 8): { samples: number; top: Array<{ wait: string; query: string; n: number }> } {
    clearInterval(this.timer);
    void this.client.end();
    return { samples: this.samples, top: [...this.counts.values()].sort((a, b) => b.n - a.n).slice(0, top) };
  }
}

interface RoomFigure {
  roomId: number;
  wishes: number;
  ms: number;
  bytes: number;
  undecided: Array<{ id: number; version: number }>;
}
interface ConflictWish {
  id: number;
  version: number;
  roomId: number;
  decision: string;
}

async function main(): Promise<void> {
  const today = todayInOslo(new Date());
  const shape = shapeFor(today);
  await ensureData(shape);
  await copyData();
  const dataCounts = await serverQuery<Record<string, number>>(
    `select
      (select count(*)::int from bookable_assets) as rooms,
      (select count(distinct booking_id)::int from round_wishes) as applications,
      (select count(*)::int from round_wishes) as wishes,
      (select count(*)::int from reservations where status = 'IN_ROUND') as in_round_reservations,
      (select count(*)::int from reservations where status in ('APPROVED', 'UNPROCESSED') and date >= $1::date) as busy_reservations,
      (select count(*)::int from reservations where status = 'APPROVED' and date < $1::date) as earlier_reservations,
      (select count(*)::int from (select distinct a.id from round_wishes a join round_wishes o on o.bookable_asset_id = a.bookable_asset_id
         and o.weekday = a.weekday and o.id <> a.id and o.start_minute < a.end_minute and a.start_minute < o.end_minute) c) as clashing_wishes`,
    [shape.semesterStart],
    RUN_DB,
  );
  console.log(
    `Round ${ROUND_ID}: application period ${shape.applicationStart} – ${shape.deadline} (today ${today}), semester ${shape.semesterStart} – ${shape.semesterEnd}`,
  );
  console.log(`Data: ${JSON.stringify(dataCounts[0])}`);
  if (DATA_ONLY) {
    if (!KEEP) await onBenchServer(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
    return;
  }

  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-rounds-mail-'));
  let server: ServerProcess | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    server = await startServerProcess(
      {
        DATABASE_URL: databaseUrl(RUN_DB),
        PUBLIC_URL: publicUrl,
        LOCAL_MAIL_DIR: mailDir,
        OIDC_ACCESS_TOKEN_TTL_SECONDS: '3600',
        LOG_LEVEL: 'warn',
      },
      { port },
    );
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: publicUrl, DATABASE_URL: databaseUrl(RUN_DB) });
    const admin = flag('city-admin') ? cityAdmin : locationAdmin;
    const token = await accessTokenOverHttp(server.baseUrl, config, admin);
    const api = (method: string, urlPath: string, body?: unknown) => call(agent, port, token, method, urlPath, body);
    console.log(
      `Server: apps/server/src/main.ts (tsx, NODE_ENV=test) on ${server.baseUrl}, PostgreSQL ${RUN_DB}; caller ${admin.givenName} (${flag('city-admin') ? 'city-wide' : `administers all ${LOCATIONS} locations`})`,
    );
    console.log(`Load average before: ${load()} (${os.cpus().length} cores)`);

    // 1. The round page.
    const roundPath = `/api/admin/rounds/${ROUND_ID}`;
    const first = expectStatus('round page', await api('GET', roundPath));
    const detail = JSON.parse(first.body) as {
      rooms: Array<{ id: number; wishCount: number; clashCount: number }>;
      applicationCount: number;
      undecidedCount: number;
      phase: string;
      canClose: boolean;
    };
    const pageSamples: number[] = [];
    for (let i = 0; i < PAGE_REQUESTS; i++) pageSamples.push(expectStatus('round page', await api('GET', roundPath)).ms);
    console.log(
      `Round page GET ${roundPath}: first ${first.ms.toFixed(0)} ms, then ${figures(pageSamples)}; ${first.body.length.toLocaleString('en')} bytes; ` +
        `${detail.rooms.length} rooms, ${detail.applicationCount} applications, ${detail.undecidedCount} undecided wishes, phase ${detail.phase}, canClose ${detail.canClose}`,
    );
    const rooms = detail.rooms.map((r) => r.id);

    // 2. The conflict view of every room.
    const conflictPass = async (label: string, seed: number): Promise<RoomFigure[]> => {
      const tasks = shuffled(rooms, seed).map((roomId) => async () => {
        const answer = expectStatus(
          `conflicts of room ${roomId}`,
          await api('GET', `/api/admin/rounds/${ROUND_ID}/conflicts?roomId=${roomId}`),
        );
        const body = JSON.parse(answer.body) as { wishes: ConflictWish[] };
        const undecided = body.wishes
          .filter((w) => w.roomId === roomId && w.decision === 'UNDECIDED')
          .map((w) => ({ id: w.id, version: w.version }));
        return { roomId, wishes: body.wishes.length, ms: answer.ms, bytes: answer.body.length, undecided };
      });
      const t = performance.now();
      const results = await pool(tasks, CONCURRENCY);
      const wall = performance.now() - t;
      console.log(`  ${label}: ${figures(results.map((r) => r.ms))}, ${seconds(wall)} for ${results.length} rooms`);
      return results;
    };
    console.log(
      `Conflict view GET /api/admin/rounds/${ROUND_ID}/conflicts?roomId=…, ${rooms.length} rooms per pass, ${CONCURRENCY} at a time:`,
    );
    const before: RoomFigure[] = [];
    for (let p = 0; p < PASSES; p++) before.push(...(await conflictPass(`pass ${p + 1}`, 17 + p)));
    const busiest = [...before].sort((a, b) => b.wishes - a.wishes)[0]!;
    const slowest = [...before].sort((a, b) => b.ms - a.ms)[0]!;
    const conflictP95 = percentile(
      before.map((r) => r.ms),
      95,
    );
    console.log(
      `  all passes: ${figures(before.map((r) => r.ms))}; wishes per room: max ${busiest.wishes} (room ${busiest.roomId}), ` +
        `mean ${(before.reduce((s, r) => s + r.wishes, 0) / before.length).toFixed(1)}; largest answer ${Math.max(...before.map((r) => r.bytes)).toLocaleString('en')} bytes; ` +
        `slowest: room ${slowest.roomId} (${slowest.wishes} wishes) ${slowest.ms.toFixed(0)} ms`,
    );

    // 3. The suggestion.
    const suggestionSampler = await ActivitySampler.start(RUN_DB);
    const suggestion = expectStatus('suggestion', await api('POST', `/api/admin/rounds/${ROUND_ID}/suggestion`, {}));
    const suggestionActivity = suggestionSampler.stop(4);
    console.log(`Suggestion POST /api/admin/rounds/${ROUND_ID}/suggestion: ${seconds(suggestion.ms)} wall; answer ${suggestion.body}`);
    console.log(`  PostgreSQL meanwhile (${suggestionActivity.samples} samples with a statement running):`);
    for (const top of suggestionActivity.top) console.log(`    ${String(top.n).padStart(5)} ${top.wait.padEnd(22)} ${top.query}`);
    const after = await conflictPass('conflict view after the suggestion, 1 pass', 99);
    const afterP95 = percentile(
      after.map((r) => r.ms),
      95,
    );
    const afterDetail = JSON.parse(expectStatus('round page', await api('GET', roundPath)).body) as { undecidedCount: number };
    console.log(`  undecided wishes after the suggestion: ${afterDetail.undecidedCount}`);
    const undecided = after.flatMap((r) => r.undecided);
    if (undecided.length > 0 && !NO_CLOSE) {
      // Closing takes every wish decided: the rest NONE, as an administrator would (PUT, 500 a request).
      const t = performance.now();
      for (let i = 0; i < undecided.length; i += 500) {
        const changes = undecided
          .slice(i, i + 500)
          .map((w) => ({ wishId: w.id, version: w.version, decision: 'NONE', reason: 'Ikke plass i denne runden' }));
        expectStatus('allocations', await api('PUT', `/api/admin/rounds/${ROUND_ID}/allocations`, { changes }));
      }
      console.log(
        `  the ${undecided.length} wishes the suggestion left undecided set to NONE (PUT …/allocations): ${seconds(performance.now() - t)}`,
      );
    }

    let closeMs: number | undefined;
    let checks: Record<string, number> | undefined;
    if (!NO_CLOSE) {
      // 4. Closing.
      const closeStarted = new Date();
      // A 503 (an application's transaction gave up) leaves the round CLOSING; the answer asks to close
      // again, so do that, as the administrator would, until CLOSED (at most 6 attempts or 5 minutes).
      const deadlocksBefore = await deadlockCount();
      const sampler = await ActivitySampler.start(RUN_DB);
      let attempts = 0;
      let answer = '';
      for (;;) {
        attempts++;
        const close = await api('POST', `/api/admin/rounds/${ROUND_ID}/close`, {});
        answer = close.body.slice(0, 300);
        console.log(
          `Close POST /api/admin/rounds/${ROUND_ID}/close, attempt ${attempts}: ${close.status} in ${seconds(close.ms)}; answer ${answer}`,
        );
        if (close.status >= 500) printServerErrors(server.output());
        let status = close.status === 200 ? (JSON.parse(close.body) as { status: string }).status : 'CLOSING';
        while (close.status === 200 && status === 'CLOSING' && Date.now() - closeStarted.getTime() < 300_000) {
          await new Promise((r) => setTimeout(r, 250));
          status = (JSON.parse((await api('GET', roundPath)).body) as { status: string }).status;
        }
        closeMs = Date.now() - closeStarted.getTime();
        if (status === 'CLOSED' || attempts >= 6 || closeMs > 300_000 || (close.status !== 200 && close.status < 500)) break;
      }
      const activity = sampler.stop();
      await new Promise((r) => setTimeout(r, 600)); // pg_stat_database is updated every 500 ms
      const [round] = await serverQuery<{ status: string }>(
        'select status::text from application_rounds where id = $1',
        [ROUND_ID],
        RUN_DB,
      );
      console.log(
        `  round ${round!.status} ${seconds(closeMs)} after the first request, ${attempts} request(s); deadlocks in ${RUN_DB} meanwhile: ${(await deadlockCount()) - deadlocksBefore}`,
      );
      console.log(
        `  what PostgreSQL was doing (pg_stat_activity every ${ActivitySampler.INTERVAL_MS} ms, ${activity.samples} samples with a statement running): `,
      );
      for (const top of activity.top) console.log(`    ${String(top.n).padStart(5)} ${top.wait.padEnd(22)} ${top.query}`);
      const [row] = await serverQuery<Record<string, number>>(
        `
        with apps as (select distinct booking_id as id from round_wishes where round_id = $1),
        mails as (select (topic->>'bookingId')::int as id, count(*)::int as n from mail_outbox
                  where created_at >= $2 and topic ? 'bookingId' group by 1)
        select
          (select count(*)::int from reservations a join reservations b on b.bookable_asset_id = a.bookable_asset_id and b.date = a.date and b.id > a.id
             and a.period && b.period where a.status in ('UNPROCESSED', 'APPROVED') and b.status in ('UNPROCESSED', 'APPROVED')) as overlapping_active_pairs,
          (select count(*)::int from apps join bookings b using (id) where b.status = 'UNPROCESSED') as undecided_applications,
          (select count(*)::int from reservations r join apps on apps.id = r.booking_id where r.status = 'IN_ROUND') as in_round_reservations_left,
          (select count(*)::int from apps left join mails using (id) where coalesce(mails.n, 0) <> 1) as applications_without_exactly_one_mail,
          (select count(*)::int from mails where id not in (select id from apps)) as mails_to_others,
          (select count(*)::int from apps join bookings b using (id) where b.status = 'APPROVED') as approved_bookings,
          (select count(*)::int from apps join bookings b using (id) where b.status = 'REJECTED') as rejected_bookings,
          (select count(*)::int from reservations r join apps on apps.id = r.booking_id where r.status = 'APPROVED') as approved_reservations`,
        [ROUND_ID, closeStarted.toISOString()],
        RUN_DB,
      );
      checks = row!;
      console.log(`  checks: ${JSON.stringify(checks)}`);
    }
    console.log(`Load average after: ${load()}`);

    console.log('Targets (decision 031, PostgreSQL):');
    const line = (label: string, met: boolean, value: string) => console.log(`  ${label}: ${met ? 'met' : 'NOT met'} (${value})`);
    line(
      `conflict view p95 ≤ ${TARGETS.conflictsP95Ms} ms`,
      conflictP95 <= TARGETS.conflictsP95Ms && afterP95 <= TARGETS.conflictsP95Ms,
      `${conflictP95.toFixed(0)} ms before the suggestion, ${afterP95.toFixed(0)} ms after`,
    );
    line(
      `suggestion ≤ ${TARGETS.suggestionMs / 1000} s`,
      suggestion.status === 200 && suggestion.ms <= TARGETS.suggestionMs,
      seconds(suggestion.ms),
    );
    if (closeMs !== undefined && checks) {
      const sound =
        checks.overlapping_active_pairs === 0 &&
        checks.undecided_applications === 0 &&
        checks.in_round_reservations_left === 0 &&
        checks.applications_without_exactly_one_mail === 0;
      line(`closing ≤ ${TARGETS.closeMs / 1000} s`, closeMs <= TARGETS.closeMs, seconds(closeMs));
      line('after closing: no overlap, all decided, one e-mail each', sound, JSON.stringify(checks));
    }
  } finally {
    agent.destroy();
    await server?.stop();
    fs.rmSync(mailDir, { recursive: true, force: true });
    if (!KEEP) await onBenchServer(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
  }
}

await main();
