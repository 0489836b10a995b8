import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isReadOnlyStatement, MAX_CONNECTION_ATTEMPTS, retryIdempotentWrite, RetryingPool } from './connection-retry';

const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** Which lone statements the pool may run again after a lost connection (decision 043): reads only. */
describe('isReadOnlyStatement', () => {
  it.each([
    'select 1',
    '\n  select id, name from users where sub = $1',
    '(select 1) union (select 2)',
    '-- the calendars\nselect * from reservations',
    'with r as (select 1) select * from r',
    'select pg_xact_status($1::xid8) as status',
  ])('runs again: %s', (text) => {
    expect(isReadOnlyStatement(text)).toBe(true);
  });

  it.each([
    'insert into users (sub) values ($1)',
    'update users set name = $1',
    'delete from bookings',
    'with moved as (update reservations set status = $1 returning id) select * from moved',
    "select nextval('bookings_id_seq')",
    'select pg_advisory_lock(1)',
    'select * from bookings for update',
    'commit',
    'begin',
  ])('never runs again: %s', (text) => {
    expect(isReadOnlyStatement(text)).toBe(false);
  });
});

/** A request counter's write runs again after a lost connection, nothing else does (decision 043). */
describe('retryIdempotentWrite', () => {
  const lost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

  it('runs the write again on a fresh connection after the connection was lost', async () => {
    let calls = 0;
    const answer = await retryIdempotentWrite(async () => {
      calls++;
      if (calls < MAX_CONNECTION_ATTEMPTS) throw lost();
      return 'counted';
    });
    expect(answer).toBe('counted');
    expect(calls).toBe(MAX_CONNECTION_ATTEMPTS);
  });

  it('gives up after the last attempt and on any other error at once', async () => {
    let calls = 0;
    await expect(
      retryIdempotentWrite(async () => {
        calls++;
        throw lost();
      }),
    ).rejects.toThrow('terminating connection');
    expect(calls).toBe(MAX_CONNECTION_ATTEMPTS);

    calls = 0;
    await expect(
      retryIdempotentWrite(async () => {
        calls++;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });
});

/** A transaction's client whose BEGIN met a lost connection goes back to the pool (Drizzle does not release it then). */
if (engine === 'postgres')
  describe('RetryingPool on PostgreSQL', () => {
    it('discards a client whose BEGIN failed on a lost connection, so the pool can end', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const pool = new RetryingPool({ connectionString: url, max: 2 });
      pool.on('error', () => {});
      const client = await pool.connect();
      client.on('error', () => {});
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const outside = new pg.Client({ connectionString: url });
      await outside.connect();
      await outside.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await outside.end();

      await expect(client.query('begin')).rejects.toThrow();
      expect(pool.totalCount).toBe(0);
      await pool.end();
    });

    it('leaves a client whose BEGIN worked checked out until it is released', async () => {
      const pool = new RetryingPool({ connectionString: process.env.TEST_DATABASE_URL!, max: 2 });
      const client = await pool.connect();
      await client.query('begin');
      expect(pool.totalCount - pool.idleCount).toBe(1);
      await client.query('rollback');
      client.release();
      expect(pool.idleCount).toBe(1);
      await pool.end();
    });
  });
