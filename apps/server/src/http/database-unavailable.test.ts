import Fastify from 'fastify';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { createTestApp, type TestContext } from '../../test/test-app';
import { loginAs } from '../../test/login';
import { createAsset, createLocation, createUser } from '../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../test/factories/calendar';
import { MAX_CONNECTION_ATTEMPTS } from '../db/connection-retry';
import { queryRows } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { testAdmins } from '../seed/test-users';
import { bookingWithTimes, call } from '../../test/admin-test-support';
import { registerErrorHandling } from './error-handler';

/**
 * Decision 016: a request whose database connection breaks answers 503 with Retry-After, never
 * 500 — a write after the wrapper's one retry on a fresh connection, a plain read at once.
 */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

describe('database errors as answers', () => {
  const app = Fastify({ logger: false });
  const thrown: Record<string, () => Error> = {
    // node-postgres when the server ends the socket; Drizzle wraps the driver's error with its SQLSTATE.
    terminated: () => new Error('Connection terminated unexpectedly'),
    'admin-shutdown': () =>
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      }),
    reset: () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    deadlock: () =>
      new Error('Failed query: update reservations', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) }),
    // A user's text in the quoted parameters is not a lost connection.
    'unique-with-odd-text': () =>
      new Error('Failed query: insert …\nparams: connection terminated', {
        cause: Object.assign(new Error('duplicate key'), { code: '23505' }),
      }),
  };
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/:kind', async (request) => {
      throw thrown[(request.params as { kind: string }).kind]!();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['terminated', 'admin-shutdown', 'reset', 'deadlock'])('%s: 503 SERVICE_UNAVAILABLE with Retry-After', async (kind) => {
    const res = await app.inject({ method: 'GET', url: `/${kind}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json<ApiError>()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', userMsg: expect.stringMatching(/Prøv igjen/) });
  });

  it('leaves other database errors alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/unique-with-odd-text' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});

// PGlite is one in-process connection: nothing can end it from outside.
if (engine === 'postgres') {
  describe('a request whose PostgreSQL connection is terminated', () => {
    let ctx: TestContext;
    let holder: pg.Client;
    let admin: string;
    let school: number;
    let gym: number;
    let userId: number;

    beforeAll(async () => {
      ctx = await createTestApp();
      const db = ctx.database.db;
      school = (await createLocation(db, { name: 'Bryn skole' })).id;
      await setOpeningHours(db, school, '08:00', '23:00');
      await addLocationAdmin(db, school, testAdmins[0]!.email);
      gym = (await createAsset(db, school, { name: 'Gymsal' })).id;
      userId = (await createUser(db)).id;
      admin = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
      const [{ name }] = (await queryRows<{ name: string }>(db, sql`select current_database() as name`)) as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
    });
    afterAll(async () => {
      await holder.end();
      await ctx.close();
    });

    /** Waits (up to 30 s on a busy machine) until a backend other than `seen` waits for a lock, and terminates it; answers its pid. */
    async function terminateNextWaiter(seen: readonly number[]): Promise<number> {
      for (let i = 0; i < 3000; i++) {
        // pg_stat_activity is read once per transaction unless the snapshot is cleared, and the holder is in one.
        await holder.query('select pg_stat_clear_snapshot()');
        const { rows } = await holder.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        const waiter = rows.find((r) => !seen.includes(r.pid));
        if (waiter) {
          await holder.query('select pg_terminate_backend($1)', [waiter.pid]);
          return waiter.pid;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('no request waited for the lock');
    }

    let day = 20;
    const booking = () =>
      bookingWithTimes(ctx.database.db, school, userId, [
        { bookableAssetId: gym, date: inDays(day++), startTime: '18:00', durationMinutes: 60 },
      ]);
    const statusOf = async (id: number) =>
      (await ctx.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.status;

    it('a rejection whose connection is ended once runs again on a fresh one and succeeds', async () => {
      const { bookingId } = await booking();
      await holder.query('begin');
      await holder.query('select id from bookings where id = $1 for update', [bookingId]);
      const answer = call(ctx.app, admin, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionText: 'Lokalet er opptatt.' });
      const first = await terminateNextWaiter([]);
      // The retry waits for the same row lock on a new connection; then the holder lets go.
      for (let i = 0; i < 3000; i++) {
        await holder.query('select pg_stat_clear_snapshot()');
        const { rows } = await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
          [first],
        );
        if (rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query('commit');
      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
      expect(await statusOf(bookingId)).toBe('REJECTED');
    });

    it(`a rejection whose connection is ended on each of its ${MAX_CONNECTION_ATTEMPTS} attempts answers 503 with Retry-After and changes nothing`, async () => {
      const { bookingId } = await booking();
      await holder.query('begin');
      await holder.query('select id from bookings where id = $1 for update', [bookingId]);
      const answer = call(ctx.app, admin, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionText: 'Lokalet er opptatt.' });
      // Decision 043: a write transaction gets MAX_CONNECTION_ATTEMPTS runs, each on a fresh connection.
      const seen: number[] = [];
      for (let i = 0; i < MAX_CONNECTION_ATTEMPTS; i++) seen.push(await terminateNextWaiter(seen));
      const res = await answer;
      await holder.query('commit');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json<ApiError>().code).toBe('SERVICE_UNAVAILABLE');
      expect(await statusOf(bookingId)).toBe('UNPROCESSED');
    });

    it(`a plain read whose connection is ended on each of its ${MAX_CONNECTION_ATTEMPTS} attempts answers 503 with Retry-After`, async () => {
      const { bookingId } = await booking();
      await holder.query('begin');
      await holder.query('lock table bookings in access exclusive mode');
      const answer = call(ctx.app, admin, 'GET', `/api/booking/${bookingId}`);
      // Decision 043: the pool runs a lone read again on a fresh connection, MAX_CONNECTION_ATTEMPTS times in all.
      const seen: number[] = [];
      for (let i = 0; i < MAX_CONNECTION_ATTEMPTS; i++) seen.push(await terminateNextWaiter(seen));
      const res = await answer;
      await holder.query('commit');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      // The server goes on: the same read on a fresh connection works.
      expect((await call(ctx.app, admin, 'GET', `/api/booking/${bookingId}`)).statusCode).toBe(200);
    });
  });
}
