import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/db/client';
import { processCpuMs } from './cpu';
import { inDays, setOpeningHours, addLocationAdmin } from '../../apps/server/test/factories/calendar';
import { createAsset, createLocation } from '../../apps/server/test/factories/places';
import { createScratchDatabase } from '../../apps/server/test/server-process';
import { signAccessToken } from '../../apps/server/test/access-tokens';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { testAdmins } from '../../apps/server/src/seed/test-users';

/**
 * The statements one `POST /api/booking` sends to PostgreSQL, won (201) and lost (409): each a round
 * trip, and under the storm each costs both processes CPU. Then the CPU time of each kind, in this
 * process (the app through app.inject, without HTTP) and in PostgreSQL's backends of the database
 * (/proc), over `--requests` sequential requests of each kind.
 * `node --import tsx bench/storm/round-trips.ts [--sql] [--requests=300] [--only=lost|won]`.
 */
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const showSql = process.argv.includes('--sql');
const only = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
const requests = Number(process.argv.find((a) => a.startsWith('--requests='))?.split('=')[1] ?? 300);
const scratch = await createScratchDatabase(serverUrl, 'lokaler_roundtrips');
const database = await openDatabase({ engine: 'postgres', url: scratch.url, maxConnections: 4 });
try {
  await database.migrate();
  const location = await createLocation(database.db, { name: 'Stormvik skole', maxPendingHours: 2000, maxPendingApplications: 500 });
  await setOpeningHours(database.db, location.id, '08:00', '23:00');
  const rooms = [
    (await createAsset(database.db, location.id, { name: 'Rom 1' })).id,
    (await createAsset(database.db, location.id, { name: 'Rom 2' })).id,
  ];
  await addLocationAdmin(database.db, location.id, testAdmins[0]!.email);
  const app = await buildApp({
    // One person sends every request: the per-person rate (decision 041, 20 in 10 minutes) at its highest,
    // or all but the first requests would measure a 429.
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000', BOOKINGS_PER_PERSON_PER_10_MINUTES: '1000' }),
    database,
    logger: false,
    jobs: { run: false },
  });
  await app.ready();
  const token = await signAccessToken(app);
  const statements: string[] = [];
  const captured: { text: string; values: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '?');
    statements.push(text.replace(/\s+/g, ' ').slice(0, 140));
    captured.push({ text, values: ((typeof first === 'string' ? args[1] : (first as { values?: unknown[] }).values) as unknown[]) ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const send = (roomIds: number[], startTime: string, date = inDays(8)) =>
    app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        availabilityData: {
          probablyAvailable: roomIds.map((bookableAssetId) => ({
            bookableAssetId,
            datesAndTimes: [{ date, startTime, duration: 'PT1H', initialRepetitionDate: null }],
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
      },
    });
  const book = async (roomIds: number[], label: string) => {
    statements.length = 0;
    const res = await send(roomIds, '18:00:00');
    console.log(`${label}: ${res.statusCode}, ${statements.length} statements`);
    if (showSql) statements.forEach((s, i) => console.log(`  ${i + 1}. ${s}`));
  };
  await book([rooms[1]!], 'warm-up');
  await book([rooms[0]!], 'one room, won');
  await book([rooms[0]!], 'one room, lost');
  await book([rooms[0]!, rooms[1]!], 'two rooms, lost');
  pg.Client.prototype.query = query;
  if (process.argv.includes('--explain')) {
    // Planning against execution time of every statement of a won booking and a lost one.
    for (const label of ['won', 'lost']) {
      captured.length = 0;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const first = args[0] as string | { text?: string; values?: unknown[] };
        captured.push({
          text: typeof first === 'string' ? first : (first.text ?? ''),
          values: ((typeof first === 'string' ? undefined : first.values) ?? args[1] ?? []) as unknown[],
        });
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      await send([rooms[0]!], label === 'won' ? '20:00:00' : '18:00:00');
      pg.Client.prototype.query = query;
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      for (const { text, values } of captured) {
        if (!/^\s*(select|insert|update|with)/i.test(text)) continue;
        const client = await pool.connect();
        try {
          await client.query('begin');
          const plan = await client.query(`explain (analyze, summary, format json) ${text}`, values);
          const [{ 'Planning Time': planning, 'Execution Time': execution, Triggers: triggers = [] }] = (
            plan.rows[0] as {
              'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number; Triggers?: { 'Trigger Name': string; Time: number }[] }];
            }
          )['QUERY PLAN'];
          // The run includes the triggers (the version tables, the busy structure): named apart.
          const inTriggers = triggers.map((t) => `${t['Trigger Name']} ${t.Time.toFixed(3)}`).join(', ');
          console.log(
            `  ${label}: plan ${planning.toFixed(3)} ms, run ${execution.toFixed(3)} ms${inTriggers ? ` (triggers: ${inTriggers} ms)` : ''}: ${text.replace(/\s+/g, ' ').slice(0, 90)}`,
          );
        } finally {
          await client.query('rollback');
          client.release();
        }
      }
    }
  }

  // CPU per request of each kind: this process (the app, no HTTP) and the database's backends.
  const backends = async () =>
    (await queryRows<{ pid: number }>(database.db, sql`select pid from pg_stat_activity where datname = current_database()`)).map(
      (r) => r.pid,
    );
  const postgresMs = async () => (await backends()).reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
  const measure = async (label: string, request: (i: number) => Promise<{ statusCode: number }>) => {
    for (let i = 0; i < 30; i++) await request(-1 - i);
    const pgBefore = await postgresMs();
    const own = process.cpuUsage();
    const started = performance.now();
    const statuses = new Map<number, number>();
    for (let i = 0; i < requests; i++) {
      const { statusCode } = await request(i);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    const used = process.cpuUsage(own);
    const pgMs = (await postgresMs()) - pgBefore;
    const appMs = (used.user + used.system) / 1000;
    console.log(
      `${label} (${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}): app ${(appMs / requests).toFixed(2)} ms + PostgreSQL ${(pgMs / requests).toFixed(2)} ms CPU per request; ` +
        `${((performance.now() - started) / requests).toFixed(2)} ms wall each`,
    );
  };
  // Lost: the time taken above. Won: every request a new quarter hour over the days ahead (free until then).
  if (only !== 'won') await measure('lost (409)', () => send([rooms[0]!], '18:00:00'));
  const slot = (i: number) => {
    const n = i + 40;
    return {
      date: inDays(20 + Math.floor(n / 56)),
      time: `${String(9 + Math.floor((n % 56) / 4)).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}:00`,
    };
  };
  if (only !== 'lost')
    await measure('won (201)', (i) => {
      const { date, time } = slot(i * 4);
      return send([rooms[1]!], time, date);
    });
  if (process.argv.includes('--plans')) {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    for (let i = 0; i < 4; i++)
      console.log((await pool.query('select name, generic_plans, custom_plans from pg_prepared_statements')).rows);
  }
  await app.close();
} finally {
  await database.close();
  await scratch.drop();
}
