import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db';
import { queryRows, type Database } from './client';
import { ROOM_LOCK_NAMESPACE, lockRoomsThen } from './lock-rooms';
import { writeTransaction } from './write-transaction';

/**
 * lockRoomsThen (decision 048): the rooms' locks in ascending id order and then one more lock, all
 * in one statement, as lockRooms takes them one statement each (ARCHITECTURE.md "Data").
 */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const AFTER_NAMESPACE = 7399;

describe(`lockRoomsThen (${engine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** The advisory locks this transaction holds, as [namespace, key], in no particular order. */
  const heldLocks = async (db: Parameters<typeof queryRows>[0]) =>
    (
      await queryRows<{ ns: number; key: number }>(
        db,
        sql`select classid::int as ns, objid::int as key from pg_locks
            where locktype = 'advisory' and pid = pg_backend_pid() and granted order by 1, 2`,
      )
    ).map((r) => [r.ns, r.key]);

  it('takes every room lock once, and the one after them, in one statement', async () => {
    const held = await writeTransaction(database.db, async (tx) => {
      await lockRoomsThen(tx, [3, 1, 2, 3], sql`pg_advisory_xact_lock(${AFTER_NAMESPACE}::int, 42)`);
      return heldLocks(tx);
    });
    expect(held).toEqual([
      [ROOM_LOCK_NAMESPACE, 1],
      [ROOM_LOCK_NAMESPACE, 2],
      [ROOM_LOCK_NAMESPACE, 3],
      [AFTER_NAMESPACE, 42],
    ]);
  });

  if (engine === 'postgres')
    it('takes them in ascending id order and the last one last: waiting for room 2, it holds room 1 but not room 3 nor the last', async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(await queryRows<{ name: string }>(database.db, sql`select current_database() as name`))[0]!.name}`;
      const holder = new pg.Client({ connectionString: url.toString() });
      const observer = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      await observer.connect();
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock($1::int, 2)', [ROOM_LOCK_NAMESPACE]);
        const locking = writeTransaction(database.db, async (tx) => {
          await lockRoomsThen(tx, [3, 2, 1], sql`pg_advisory_xact_lock(${AFTER_NAMESPACE}::int, 42)`);
          return heldLocks(tx);
        });
        // Until the statement waits for room 2 (seen in pg_locks as a lock not granted).
        for (let i = 0; i < 250; i++) {
          const { rows } = await observer.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and classid = $1 and objid = 2`,
            [ROOM_LOCK_NAMESPACE],
          );
          if (rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const free = async (ns: number, key: number) =>
          (await observer.query<{ free: boolean }>('select pg_try_advisory_xact_lock($1::int, $2::int) as free', [ns, key])).rows[0]!.free;
        expect(await free(ROOM_LOCK_NAMESPACE, 1)).toBe(false);
        expect(await free(ROOM_LOCK_NAMESPACE, 3)).toBe(true);
        expect(await free(AFTER_NAMESPACE, 42)).toBe(true);
        await holder.query('commit');
        expect(await locking).toHaveLength(4);
      } finally {
        await holder.end();
        await observer.end();
      }
    });
});
