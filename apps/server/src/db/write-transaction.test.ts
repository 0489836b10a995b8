import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createTestDatabase } from '../../test/test-db';
import { queryRows, type Database, type Tx } from './client';
import { readRetryStats } from './connection-retry';
import { isConnectionLost } from './database-errors';
import {
  MAX_CONFLICT_ATTEMPTS,
  MAX_CONNECTION_ATTEMPTS,
  noteTransactionId,
  withSavepoint,
  writeTransaction,
  writeTransactionStats,
} from './write-transaction';

/**
 * Decision 016: the one write-transaction wrapper. A deadlock or serialization failure rolls the
 * transaction back and runs it again (bounded), a lost connection is tried once more on a fresh one,
 * and what still fails is a 503 AppError, never a raw database error (a 500).
 */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** What Drizzle throws for a failed statement: the driver's error, with its SQLSTATE, as the cause. */
function drizzleError(code: string): Error {
  return new Error('Failed query: update reservations …', { cause: Object.assign(new Error(`sqlstate ${code}`), { code }) });
}

describe(`writeTransaction (${engine})`, () => {
  let database: Database;
  const rows = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from write_probe`))[0]!.n;
  const write = (tx: Tx, note: string) => tx.execute(sql`insert into write_probe (note) values (${note})`);

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table write_probe (id serial primary key, note text not null)`);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`truncate write_probe`);
  });

  it.each(['40P01', '40001'])("runs again after %s, and only the last run's writes stay", async (code) => {
    let runs = 0;
    const result = await writeTransaction(database.db, async (tx) => {
      runs++;
      await write(tx, `run ${runs}`);
      if (runs <= 2) throw drizzleError(code);
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(3);
    expect(await queryRows(database.db, sql`select note from write_probe`)).toEqual([{ note: 'run 3' }]);
  });

  it(`gives up after ${MAX_CONFLICT_ATTEMPTS} attempts with a 503 SERVICE_UNAVAILABLE, nothing written`, async () => {
    let runs = 0;
    const failure = await writeTransaction(database.db, async (tx) => {
      runs++;
      await write(tx, 'never');
      throw drizzleError('40P01');
    }).catch((error: unknown) => error);
    expect(runs).toBe(MAX_CONFLICT_ATTEMPTS);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect((failure as AppError).status).toBe(503);
    expect(await rows()).toBe(0);
  });

  it('runs a transaction marked retry: false once (it does something outside the database)', async () => {
    let runs = 0;
    const failure = await writeTransaction(
      database.db,
      async () => {
        runs++;
        throw drizzleError('40001');
      },
      { retry: false },
    ).catch((error: unknown) => error);
    expect(runs).toBe(1);
    expect((failure as AppError).status).toBe(503);
  });

  it('passes other errors through as they are, without running again', async () => {
    let runs = 0;
    const unique = drizzleError('23505');
    await expect(
      writeTransaction(database.db, async () => {
        runs++;
        throw unique;
      }),
    ).rejects.toBe(unique);
    const refused = AppError.notFound('Booking 1');
    await expect(
      writeTransaction(database.db, async () => {
        runs++;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(runs).toBe(2);
  });

  it("takes the rooms' advisory locks first when asked (lockRooms)", async () => {
    const held = await writeTransaction(
      database.db,
      async (tx) =>
        queryRows<{ objid: number }>(
          tx,
          sql`
      select objid::int as objid from pg_locks where locktype = 'advisory' and classid = 7301 and pid = pg_backend_pid() order by objid`,
        ),
      { lockRooms: [12, 3, 12] },
    );
    expect(held.map((l) => l.objid)).toEqual([3, 12]);
  });

  it('inside a transaction runs as a savepoint, once: only the outermost transaction is retried', async () => {
    let inner = 0;
    const failure = await writeTransaction(database.db, async (tx) => {
      await write(tx, 'outer');
      await withSavepoint(tx, (savepoint) => write(savepoint, 'kept'));
      await writeTransaction(tx, async (nested) => {
        inner++;
        await write(nested, 'undone');
        throw drizzleError('23505');
      }).catch(() => undefined);
      return queryRows<{ note: string }>(tx, sql`select note from write_probe order by id`);
    }).catch((error: unknown) => error);
    expect(inner).toBe(1);
    expect(failure).toEqual([{ note: 'outer' }, { note: 'kept' }]);
  });

  // PGlite is one in-process connection: nothing can end it from outside.
  if (engine === 'postgres')
    it('runs again on a fresh connection when its own backend is terminated mid-transaction', async () => {
      const pids: number[] = [];
      const result = await writeTransaction(database.db, async (tx) => {
        const [{ pid }] = (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
        pids.push(pid);
        await write(tx, `on ${pid}`);
        // A second connection ends this one (what an operator or a failover does): the next statement fails.
        if (pids.length === 1) await database.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
        await write(tx, `again on ${pid}`);
        return pid;
      });
      expect(pids).toHaveLength(2);
      expect(result).toBe(pids[1]);
      expect(pids[1]).not.toBe(pids[0]);
      expect((await queryRows<{ note: string }>(database.db, sql`select note from write_probe order by id`)).map((r) => r.note)).toEqual([
        `on ${pids[1]}`,
        `again on ${pids[1]}`,
      ]);
    });

  if (engine === 'postgres')
    it(`answers 503 only when ${MAX_CONNECTION_ATTEMPTS} connections in a row are lost, nothing written`, async () => {
      let runs = 0;
      const failure = await writeTransaction(database.db, async (tx) => {
        runs++;
        const [{ pid }] = (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
        await database.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
        await write(tx, 'lost');
      }).catch((error: unknown) => error);
      expect(runs).toBe(MAX_CONNECTION_ATTEMPTS);
      expect((failure as AppError).code).toBe('SERVICE_UNAVAILABLE');
      expect(await rows()).toBe(0);
    });

  /** Every backend of this database ended from outside the pool (what the storm and a failover do). */
  async function terminateAll(): Promise<number> {
    const outside = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await outside.connect();
    try {
      const result = await outside.query<{ n: number }>(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [(await queryRows<{ name: string }>(database.db, sql`select current_database() as name`))[0]!.name],
      );
      return result.rows[0]!.n;
    } finally {
      await outside.end();
    }
  }

  /** Fills the pool with idle connections (each of these reads holds one at the same time). */
  async function fillPool(n: number): Promise<void> {
    await Promise.all(Array.from({ length: n }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
  }

  if (engine === 'postgres')
    it('runs again until a fresh connection works when every backend is terminated and the pool still holds the dead ones', async () => {
      await fillPool(6);
      const before = writeTransactionStats().reconnects;
      let runs = 0;
      const result = await writeTransaction(database.db, async (tx) => {
        runs++;
        await write(tx, `run ${runs}`);
        if (runs === 1) expect(await terminateAll()).toBeGreaterThanOrEqual(6);
        await write(tx, `again ${runs}`);
        return runs;
      });
      expect(result).toBeGreaterThanOrEqual(2);
      expect(result).toBeLessThanOrEqual(MAX_CONNECTION_ATTEMPTS);
      expect(writeTransactionStats().reconnects - before).toBe(result - 1);
      // Only the last run's writes: nothing twice.
      expect((await queryRows<{ note: string }>(database.db, sql`select note from write_probe order by id`)).map((r) => r.note)).toEqual([
        `run ${result}`,
        `again ${result}`,
      ]);
    });

  /** Waits until `n` backends of this database sleep in pg_sleep, then terminates every backend. */
  async function terminateWhenSleeping(n: number): Promise<void> {
    for (let i = 0; i < 250; i++) {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`,
      );
      if (row!.n >= n) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await terminateAll();
  }

  if (engine === 'postgres')
    it('lone reads cut off mid-statement run again on a fresh connection; a lone write does not', async () => {
      const before = readRetryStats().readRetries;
      const reads = Promise.all(
        Array.from({ length: 6 }, (_, i) => queryRows<{ n: number }>(database.db, sql`select ${i}::int as n from pg_sleep(0.3)`)),
      );
      await terminateWhenSleeping(6);
      expect((await reads).map((r) => r[0]!.n)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(readRetryStats().readRetries - before).toBeGreaterThanOrEqual(6);

      // A lone write whose connection broke may have committed: it is not run again (the error
      // handler answers 503); writes belong in writeTransaction, which asks what became of them.
      const lone = database.db
        .execute(sql`insert into write_probe (note) select 'lone' from pg_sleep(0.3)`)
        .catch((error: unknown) => error);
      await terminateWhenSleeping(1);
      expect(isConnectionLost(await lone)).toBe(true);
      expect(await rows()).toBe(0);
    });

  if (engine === 'postgres')
    it('a COMMIT lost after it committed answers the result, without running again', async () => {
      let runs = 0;
      const result = await writeTransaction(database.db, async (tx) => {
        runs++;
        await write(tx, 'committed once');
        // The answer to COMMIT is lost: the real COMMIT runs, then the connection is cut before the
        // answer is read (what a terminated backend or a reset socket between the two does).
        const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
        const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
          const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
          if (text !== 'commit') return query(...args);
          await query(...args);
          (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
          throw new Error('Connection terminated unexpectedly');
        };
        return 'answer';
      });
      expect(result).toBe('answer');
      expect(runs).toBe(1);
      expect((await queryRows<{ note: string }>(database.db, sql`select note from write_probe`)).map((r) => r.note)).toEqual([
        'committed once',
      ]);
    });

  if (engine === 'postgres')
    it('with the id noted by its own statement, asks no more for it, and a COMMIT lost after it committed still answers the result', async () => {
      let runs = 0;
      const sent: string[] = [];
      const result = await writeTransaction(database.db, async (tx) => {
        runs++;
        const [{ xid }] = (await queryRows<{ xid: string }>(
          tx,
          sql`with w as (insert into write_probe (note) values ('noted') returning id) select pg_current_xact_id()::text as xid from w`,
        )) as [{ xid: string }];
        noteTransactionId(tx, xid);
        const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
        const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
          const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
          sent.push(text);
          if (text !== 'commit') return query(...args);
          await query(...args);
          (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
          throw new Error('Connection terminated unexpectedly');
        };
        return 'answer';
      });
      expect(result).toBe('answer');
      expect(runs).toBe(1);
      // COMMIT (then drizzle's ROLLBACK on the broken connection), without asking for the id first.
      expect(sent[0]).toBe('commit');
      expect(sent.filter((text) => text.includes('xact_id'))).toEqual([]);
      expect((await queryRows<{ note: string }>(database.db, sql`select note from write_probe`)).map((r) => r.note)).toEqual(['noted']);
    });

  if (engine === 'postgres')
    it('a COMMIT lost before it committed runs again, once more in all', async () => {
      // A deferred trigger makes COMMIT take a while; the backend is terminated meanwhile, so the
      // transaction is rolled back and the client only sees its connection go.
      await database.db.execute(sql`create or replace function write_probe_slow_commit() returns trigger language plpgsql as $$
      begin if new.note like 'slow%' then perform pg_sleep(10); end if; return null; end $$`);
      await database.db.execute(sql`drop trigger if exists write_probe_slow_commit on write_probe`);
      await database.db
        .execute(sql`create constraint trigger write_probe_slow_commit after insert on write_probe deferrable initially deferred
      for each row execute function write_probe_slow_commit()`);
      try {
        let runs = 0;
        const before = writeTransactionStats().lostCommitsRolledBack;
        const result = await writeTransaction(database.db, async (tx) => {
          runs++;
          const [{ pid }] = (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
          await write(tx, runs === 1 ? 'slow run 1' : `run ${runs}`);
          // Ended while its COMMIT sleeps in the trigger (seen in pg_stat_activity), not before.
          if (runs === 1)
            void (async () => {
              for (let i = 0; i < 200; i++) {
                const [row] = await queryRows<{ waiting: boolean }>(
                  database.db,
                  sql`select coalesce(bool_or(wait_event = 'PgSleep'), false) as waiting from pg_stat_activity where pid = ${pid}::int`,
                );
                if (row?.waiting) break;
                await new Promise((resolve) => setTimeout(resolve, 20));
              }
              await database.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
            })();
          return runs;
        });
        expect(result).toBe(2);
        expect(writeTransactionStats().lostCommitsRolledBack - before).toBe(1);
        expect((await queryRows<{ note: string }>(database.db, sql`select note from write_probe`)).map((r) => r.note)).toEqual(['run 2']);
      } finally {
        await database.db.execute(sql`drop trigger if exists write_probe_slow_commit on write_probe`);
      }
    });
});
