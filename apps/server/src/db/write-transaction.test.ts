import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createTestDatabase } from '../../test/test-db';
import { queryRows, type Database, type Tx } from './client';
import { MAX_CONFLICT_ATTEMPTS, withSavepoint, writeTransaction } from './write-transaction';

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

  it.each(['40P01', '40001'])('runs again after %s, and only the last run\'s writes stay', async (code) => {
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
    const failure = await writeTransaction(database.db, async () => {
      runs++;
      throw drizzleError('40001');
    }, { retry: false }).catch((error: unknown) => error);
    expect(runs).toBe(1);
    expect((failure as AppError).status).toBe(503);
  });

  it('passes other errors through as they are, without running again', async () => {
    let runs = 0;
    const unique = drizzleError('23505');
    await expect(writeTransaction(database.db, async () => { runs++; throw unique; })).rejects.toBe(unique);
    const refused = AppError.notFound('Booking 1');
    await expect(writeTransaction(database.db, async () => { runs++; throw refused; })).rejects.toBe(refused);
    expect(runs).toBe(2);
  });

  it('takes the rooms\' advisory locks first when asked (lockRooms)', async () => {
    const held = await writeTransaction(database.db, async (tx) => queryRows<{ objid: number }>(tx, sql`
      select objid::int as objid from pg_locks where locktype = 'advisory' and classid = 7301 and pid = pg_backend_pid() order by objid`), { lockRooms: [12, 3, 12] });
    expect(held.map((l) => l.objid)).toEqual([3, 12]);
  });

  it('inside a transaction runs as a savepoint, once: only the outermost transaction is retried', async () => {
    let inner = 0;
    const failure = await writeTransaction(database.db, async (tx) => {
      await write(tx, 'outer');
      await withSavepoint(tx, (savepoint) => write(savepoint, 'kept'));
      await writeTransaction(tx, async (nested) => { inner++; await write(nested, 'undone'); throw drizzleError('23505'); }).catch(() => undefined);
      return queryRows<{ note: string }>(tx, sql`select note from write_probe order by id`);
    }).catch((error: unknown) => error);
    expect(inner).toBe(1);
    expect(failure).toEqual([{ note: 'outer' }, { note: 'kept' }]);
  });

  // PGlite is one in-process connection: nothing can end it from outside.
  if (engine === 'postgres') it('runs again on a fresh connection when its own backend is terminated mid-transaction', async () => {
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
    expect((await queryRows<{ note: string }>(database.db, sql`select note from write_probe order by id`)).map((r) => r.note)).toEqual([`on ${pids[1]}`, `again on ${pids[1]}`]);
  });

  if (engine === 'postgres') it('answers 503 when the fresh connection is lost too', async () => {
    let runs = 0;
    const failure = await writeTransaction(database.db, async (tx) => {
      runs++;
      const [{ pid }] = (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
      await database.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
      await write(tx, 'lost');
    }).catch((error: unknown) => error);
    expect(runs).toBe(2);
    expect((failure as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect(await rows()).toBe(0);
  });
});
