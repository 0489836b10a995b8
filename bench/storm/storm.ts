import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, queryRows, type Database } from '../../apps/server/src/db/client';
import { testAdmins, testCitizens } from '../../apps/server/src/seed/test-users';
import { addLocationAdmin, inDays, setOpeningHours } from '../../apps/server/test/factories/calendar';
import { createAsset, createLocation } from '../../apps/server/test/factories/places';
import { createScratchDatabase, freePort, startServerProcess, type ServerProcess } from '../../apps/server/test/server-process';
import { accessTokenOverHttp } from './http-login';
import { CpuMeter } from './cpu';
import { checkMail, type MailCheck } from './mail-check';
import { createRandom } from '../../apps/server/src/seed/prng';

export interface StormOptions {
  /** A PostgreSQL server; the storm creates its own database there and drops it afterwards. */
  serverUrl: string;
  /** Citizens booking at once. */
  clients: number;
  /** Administrators approving, rejecting and changing times at once. */
  admins: number;
  seconds: number;
  /** SIGKILL the second process at 35 % of the time (once it holds a job lease, waiting up to 15 % more). */
  kill: boolean;
  /** pg_terminate_backend every server connection at 65 % of the time. */
  terminate: boolean;
  /** A citizen's pause between two bookings, up to this many ms (uniform). */
  thinkMs: number;
  rooms: number;
  /** Write a V8 CPU profile of each server process into this folder (node --cpu-prof), read with Chrome's DevTools. */
  cpuProfileDir?: string | undefined;
  log(line: string): void;
}

type Phase = 'start' | 'after kill' | 'after terminate';
type Kind = 'booking' | 'approve' | 'reject' | 'change time';
interface Answer {
  kind: Kind;
  phase: Phase;
  server: 'A' | 'B';
  status: number;
  ms: number;
  retryAfter: boolean;
  error?: string;
}

export interface StormReport {
  options: Omit<StormOptions, 'log' | 'serverUrl' | 'cpuProfileDir'>;
  answers: Answer[];
  bookingMs: { p50: number; p95: number; max: number; count: number };
  overlaps: number;
  fiveHundreds: number;
  fiveHundredsWithoutRetryAfter: number;
  /** Deadlocks PostgreSQL detected in the storm's database (pg_stat_database), retried or not. */
  deadlocksDetected: number;
  /** Deadlock and serialization errors that reached a server's error log (not retried). */
  unretriedDeadlocks: number;
  mail: MailCheck;
  /** Background jobs the killed process held at the moment of the kill, and how many of them ran again afterwards. */
  jobsLeasedAtKill: number;
  jobsRunAgain: number;
  /** After the connections were terminated: readiness and one booking on the survivor, without a restart. */
  worksAfterTerminate: boolean | null;
  /** Requests that got no HTTP answer (connection refused or reset: the killed process). */
  connectionErrors: number;
  /** What each process wrote (warnings and errors), A then B. */
  serverLogs: string[];
  /** Exit codes (or signals) of the processes that ended before the storm stopped them. */
  exits: string[];
  /**
   * CPU time the storm cost, from its first request to its last answer (ms; from /proc, so 0 where
   * there is none): the two server processes, PostgreSQL's backends of the storm's database, and this
   * process (the load generator: 200 clients' HTTP and the administrators' candidate queries).
   */
  cpu: { servers: number; postgres: number; loadGenerator: number; wallMs: number };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; retryAfter: boolean; ms: number; error?: string }> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return { status: res.status, retryAfter: res.headers.has('retry-after'), ms: performance.now() - started };
  } catch (error) {
    return {
      status: 0,
      retryAfter: false,
      ms: performance.now() - started,
      error: (error as { cause?: { code?: string } }).cause?.code ?? String(error),
    };
  }
}

/**
 * Decision 016: two server processes on one fresh PostgreSQL database, `clients` citizens booking
 * overlapping times in a handful of rooms while `admins` administrators approve, reject and change
 * times; one process SIGKILLed, then every server connection terminated, mid-storm. Returns the
 * figures; asserting them is the caller's business (the CI test asserts, the bench script prints).
 */
export async function runStorm(options: StormOptions): Promise<StormReport> {
  const { log } = options;
  const scratch = await createScratchDatabase(options.serverUrl, 'lokaler_storm');
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-storm-mail-'));
  const servers: ServerProcess[] = [];
  // The storm's own connections carry a name, so terminating "the servers' connections" spares them.
  const ownUrl = new URL(scratch.url);
  ownUrl.searchParams.set('application_name', 'lokaler-storm');
  let database: Database | undefined;
  try {
    database = await openDatabase({ engine: 'postgres', url: ownUrl.toString(), maxConnections: 4 });
    await database.migrate();
    const db = database.db;
    const location = await createLocation(db, { name: 'Stormvik skole', maxPendingHours: 2000, maxPendingApplications: 500 });
    await setOpeningHours(db, location.id, '08:00', '23:00');
    const rooms: number[] = [];
    for (let i = 0; i < options.rooms; i++) rooms.push((await createAsset(db, location.id, { name: `Rom ${i + 1}` })).id);
    await addLocationAdmin(db, location.id, testAdmins[0]!.email);

    const portA = await freePort();
    // One issuer for both (the local provider's keys are in the database): each accepts the other's tokens.
    const publicUrl = `http://127.0.0.1:${portA}`;
    const env = {
      DATABASE_URL: scratch.url,
      PUBLIC_URL: publicUrl,
      LOCAL_MAIL_DIR: mailDir,
      JOB_LEASE_SECONDS: '5',
      MAIL_CLAIM_LEASE_SECONDS: '10',
      OIDC_ACCESS_TOKEN_TTL_SECONDS: '3600',
      // A storm of a few test people measures the write path, not fairness: the per-person rate and the
      // location's fair-share limits (decision 041, fair-share.test.ts) are lifted to their maximum (each
      // person sends ~1,600 applications in a 30-second storm of 200 clients).
      BOOKINGS_PER_PERSON_PER_10_MINUTES: '100000',
      LOG_LEVEL: 'warn',
      ...(options.cpuProfileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(options.cpuProfileDir)}` } : {}),
    };
    log(`starting two server processes on ${scratch.name}`);
    servers.push(...(await Promise.all([startServerProcess(env, { port: portA }), startServerProcess(env)])));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: publicUrl, DATABASE_URL: scratch.url });
    const citizenTokens = await Promise.all(testCitizens.map((c) => accessTokenOverHttp(a.baseUrl, config, c)));
    const adminToken = await accessTokenOverHttp(a.baseUrl, config, testAdmins[0]!);
    // The first call of a person creates their user; on B, so B is known to accept A's tokens.
    for (const token of [...citizenTokens, adminToken]) {
      const roles = await call(b.baseUrl, token, 'GET', '/api/currentuser/roles');
      if (roles.status !== 200) throw new Error(`B refused a token from A's provider: ${roles.status}`);
    }

    const deadlocksBefore = await deadlockCount(database, scratch.name);
    const serverCpu = new CpuMeter();
    const postgresCpu = new CpuMeter();
    const backends = async () =>
      (await queryRows<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`).catch(() => [])).map(
        (r) => r.pid,
      );
    serverCpu.start(servers.map((s) => s.child.pid!));
    postgresCpu.start(await backends());
    const ownCpu = process.cpuUsage();
    const answers: Answer[] = [];
    let phase: Phase = 'start';
    let bAlive = true;
    const started = Date.now();
    const endAt = started + options.seconds * 1000;
    // Seeded (mulberry32, as the demo data): a run can be replayed.
    const next = createRandom(20_261_126).next;
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const target = (i: number): ['A' | 'B', string] => (bAlive && i % 2 === 1 ? ['B', b.baseUrl] : ['A', a.baseUrl]);
    let sent = 0;

    const citizen = async (i: number) => {
      const token = citizenTokens[i % citizenTokens.length]!;
      while (Date.now() < endAt) {
        const roomSet = next() < 0.2 ? [pick(rooms), pick(rooms)].filter((r, k, all) => all.indexOf(r) === k) : [pick(rooms)];
        const date = inDays(7 + Math.floor(next() * 3));
        const startMinutes = 17 * 60 + 15 * Math.floor(next() * 16);
        const duration = pick([30, 45, 60, 90, 120]);
        const startTime = `${String(Math.floor(startMinutes / 60)).padStart(2, '0')}:${String(startMinutes % 60).padStart(2, '0')}:00`;
        const [server, base] = target(i + sent++);
        const answer = await call(base, token, 'POST', '/api/booking', {
          availabilityData: {
            probablyAvailable: roomSet.map((bookableAssetId) => ({
              bookableAssetId,
              datesAndTimes: [
                { date, startTime, duration: `PT${Math.floor(duration / 60)}H${duration % 60}M`, initialRepetitionDate: null },
              ],
            })),
          },
          isRepeating: false,
          bookingPortalClient: 'PUBLIC',
          bookingPurpose: 'PUBLICUSER_LOAN',
          formAnswers: {
            activity: 'Fotball',
            purpose: 'Trening',
            participants: 12,
            contactEmail: 'lag@example.no',
            contactPhone: '41234567',
          },
        });
        answers.push({ kind: 'booking', phase, server, ...answer });
        await sleep(next() * options.thinkMs);
      }
    };

    const admin = async (i: number) => {
      while (Date.now() < endAt) {
        const [candidate] = await queryRows<{ id: number; status: string; reservation_id: number | null; date: string | null }>(
          db,
          sql`
          select b.id, b.status, r.id as reservation_id, to_char(r.date, 'YYYY-MM-DD') as date
          from bookings b left join lateral (select id, date from reservations where booking_id = b.id and status in ('UNPROCESSED', 'APPROVED') limit 1) r on true
          where b.status in ('UNPROCESSED', 'APPROVED') order by random() limit 1`,
        ).catch(() => []);
        if (!candidate) {
          await sleep(100);
          continue;
        }
        const [server, base] = target(i + sent++);
        const roll = next();
        let kind: Kind;
        let answer;
        if (candidate.status === 'UNPROCESSED' && roll < 0.5) {
          kind = 'approve';
          answer = await call(base, adminToken, 'PUT', `/api/booking/${candidate.id}/approve`, { costCategory: 'FREE' });
        } else if (roll < 0.75 || !candidate.reservation_id || !candidate.date) {
          kind = 'reject';
          answer = await call(base, adminToken, 'PUT', `/api/booking/${candidate.id}/reject`, {
            rejectionText: 'Lokalet er dessverre opptatt.',
          });
        } else {
          kind = 'change time';
          const startMinutes = 17 * 60 + 15 * Math.floor(next() * 16);
          answer = await call(base, adminToken, 'PUT', `/api/reservation/${candidate.reservation_id}`, {
            updateReservations: [
              {
                newDate: addDays(candidate.date, Math.floor(next() * 2)),
                newStartTime: `${String(Math.floor(startMinutes / 60)).padStart(2, '0')}:${String(startMinutes % 60).padStart(2, '0')}:00`,
                newDuration: 'PT1H',
              },
            ],
          });
        }
        answers.push({ kind, phase, server, ...answer });
        await sleep(next() * 200);
      }
    };

    let jobsAtKill: { name: string }[] = [];
    let killedAt = 0;
    let worksAfterTerminate: boolean | null = null;
    const disasters = (async () => {
      if (options.kill) {
        await sleep(options.seconds * 350);
        // Killed while it holds a job's lease (for up to 5 s), so the survivor must take the job over.
        const holding = sql`select name from job_schedule where locked_until > now() and locked_by like ${`%:${b.child.pid}:%`}`;
        for (const until = Date.now() + Math.min(5000, options.seconds * 150); Date.now() < until; await sleep(10)) {
          jobsAtKill = await queryRows<{ name: string }>(db, holding);
          if (jobsAtKill.length) break;
        }
        killedAt = Date.now();
        b.child.kill('SIGKILL');
        bAlive = false;
        phase = 'after kill';
        log(`${((killedAt - started) / 1000).toFixed(1)} s: SIGKILL to process B (holding ${jobsAtKill.length} job leases)`);
      }
      if (options.terminate) {
        // At 65 %, and never sooner than a fifth of the storm after the kill: each phase gets its answers.
        await sleep(Math.max(0, started + options.seconds * 650 - Date.now(), killedAt + options.seconds * 200 - Date.now()));
        const [terminated] = await queryRows<{ n: number }>(
          db,
          sql`
          select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and application_name <> 'lokaler-storm'`,
        );
        phase = 'after terminate';
        log(`${((Date.now() - started) / 1000).toFixed(1)} s: pg_terminate_backend of ${terminated?.n ?? 0} server connections`);
      }
    })();

    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        serverCpu.sample(servers.map((s) => s.child.pid!));
        postgresCpu.sample(await backends());
        await sleep(250);
      }
    })();
    await Promise.all([
      ...Array.from({ length: options.clients }, (_, i) => citizen(i)),
      ...Array.from({ length: options.admins }, (_, i) => admin(i)),
      disasters,
    ]);
    sampling = false;
    await sampler;
    serverCpu.sample(servers.map((s) => s.child.pid!));
    postgresCpu.sample(await backends());
    const ownUsed = process.cpuUsage(ownCpu);
    const cpu = {
      servers: serverCpu.total(),
      postgres: postgresCpu.total(),
      loadGenerator: (ownUsed.user + ownUsed.system) / 1000,
      wallMs: Date.now() - started,
    };
    log(`storm over after ${((Date.now() - started) / 1000).toFixed(1)} s, ${answers.length} answers; waiting for the outbox`);

    if (options.terminate) {
      const ready = await fetch(`${a.baseUrl}/api/health/ready`).then(
        (r) => r.status,
        () => 0,
      );
      const booking = await call(a.baseUrl, citizenTokens[0]!, 'POST', '/api/booking', {
        availabilityData: {
          probablyAvailable: [
            {
              bookableAssetId: rooms[0]!,
              datesAndTimes: [{ date: inDays(30), startTime: '10:00:00', duration: 'PT1H', initialRepetitionDate: null }],
            },
          ],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: { activity: 'Sjakk', purpose: 'Trening', participants: 4, contactEmail: 'lag@example.no', contactPhone: '41234567' },
      });
      worksAfterTerminate = ready === 200 && booking.status === 201;
    }

    // Everything queued is sent by the survivor: within the lease of a dead holder plus a few runs.
    const drainUntil = Date.now() + 60_000;
    for (;;) {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_outbox where sent_at is null`);
      const senders = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null).length;
      if (!row?.n || !senders || Date.now() > drainUntil) break;
      await sleep(500);
    }
    let jobsRunAgain = 0;
    if (jobsAtKill.length) {
      const names = jobsAtKill.map((j) => j.name);
      // The leases of the dead process run out (5 s) and the survivor runs those jobs when they are due.
      const until = Date.now() + 20_000;
      for (;;) {
        const rows = await queryRows<{ name: string; last_finished_at: Date | null; next_run_at: Date }>(
          db,
          sql`select name, last_finished_at, next_run_at from job_schedule`,
        );
        const ranAgain = rows.filter(
          (r) => names.includes(r.name) && r.last_finished_at && new Date(r.last_finished_at).getTime() > killedAt,
        );
        jobsRunAgain = ranAgain.length;
        if (jobsRunAgain === names.length || a.child.exitCode !== null || Date.now() > until) break;
        await sleep(500);
      }
    }

    const [overlap] = await queryRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from reservations x join reservations y
        on x.bookable_asset_id = y.bookable_asset_id and x.id < y.id and x.period && y.period
      where x.status in ('UNPROCESSED', 'APPROVED') and y.status in ('UNPROCESSED', 'APPROVED')`,
    );
    const deadlocksAfter = await deadlockCount(database, scratch.name);
    const logs = servers.map((s) => s.output()).join('\n');
    const bookingTimes = answers
      .filter((x) => x.kind === 'booking' && x.status > 0)
      .map((x) => x.ms)
      .sort((p, q) => p - q);
    const fiveHundreds = answers.filter((x) => x.status >= 500);
    return {
      options: {
        clients: options.clients,
        admins: options.admins,
        seconds: options.seconds,
        kill: options.kill,
        terminate: options.terminate,
        thinkMs: options.thinkMs,
        rooms: options.rooms,
      },
      answers,
      bookingMs: {
        p50: percentile(bookingTimes, 50),
        p95: percentile(bookingTimes, 95),
        max: bookingTimes.at(-1) ?? 0,
        count: bookingTimes.length,
      },
      overlaps: overlap?.n ?? -1,
      fiveHundreds: fiveHundreds.length,
      fiveHundredsWithoutRetryAfter: fiveHundreds.filter((x) => !(x.status === 503 && x.retryAfter)).length,
      deadlocksDetected: deadlocksAfter - deadlocksBefore,
      unretriedDeadlocks: (logs.match(/40P01|40001|deadlock detected|could not serialize/g) ?? []).length,
      mail: await checkMail(db, mailDir),
      jobsLeasedAtKill: jobsAtKill.length,
      jobsRunAgain,
      worksAfterTerminate,
      connectionErrors: answers.filter((x) => x.status === 0).length,
      serverLogs: servers.map((s) => s.output()),
      exits: servers.map((s, i) => `${i ? 'B' : 'A'}: ${s.child.exitCode ?? s.child.signalCode ?? 'running'}`),
      cpu,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await scratch.drop();
    fs.rmSync(mailDir, { recursive: true, force: true });
  }
}

async function deadlockCount(database: Database, name: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select deadlocks::int as n from pg_stat_database where datname = ${name}`);
  return row?.n ?? 0;
}
