import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, startServerProcess, type ScratchDatabase, type ServerProcess } from '../../test/server-process';
import { migrationsFolder } from '../paths';
import { openDatabase, queryRows, type Database, type DatabaseTarget } from './client';
import { STARTUP_LOCK_KEY } from './migrate-with-lock';
import { venueSeeds } from '../seed/venues';

/** Decision 035: migrations (and the demo data) under one start-up lock. */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

/** Each migration's row in Drizzle's bookkeeping, with how often it is there. */
async function appliedMigrations(database: Database): Promise<{ hash: string; times: number }[]> {
  return queryRows(database.db, sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`);
}

describe(`migrate() (${engine})`, () => {
  let scratch: ScratchDatabase | undefined;
  let target: DatabaseTarget = { engine: 'pglite' };
  const opened: Database[] = [];
  const open = async () => {
    const database = await openDatabase(target);
    opened.push(database);
    return database;
  };
  beforeAll(async () => {
    if (engine === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lokaler_migrate');
      target = { engine: 'postgres', url: scratch.url, maxConnections: 4 };
    }
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await scratch?.drop();
  });

  it('succeeds twice at once on one empty database, applying each migration once', async () => {
    // PostgreSQL: two pools, as two processes have; PGlite: one database, as only one process can open it.
    const [first, second] = engine === 'postgres' ? [await open(), await open()] : await open().then((d) => [d, d]);
    const order: string[] = [];
    await Promise.all([
      first!.migrate(async () => {
        order.push('first');
      }),
      second!.migrate(async () => {
        order.push('second');
      }),
    ]);
    expect(order.sort()).toEqual(['first', 'second']);
    const applied = await appliedMigrations(first!);
    expect(applied).toHaveLength(journal.entries.length);
    expect(applied.every((m) => m.times === 1)).toBe(true);
  }, 120_000); // Every migration on an empty database, twice at once: not a speed bound, and a busy machine stretches it (decision 072).

  if (engine === 'postgres')
    it(`waits for the lock ${STARTUP_LOCK_KEY} held elsewhere, while its pool still answers`, async () => {
      const database = await open();
      const other = new pg.Client({ connectionString: scratch!.url });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
        let finished = false;
        const migrating = database.migrate(async () => {
          finished = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(finished).toBe(false);
        expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
        await other.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
        await migrating;
        expect(finished).toBe(true);
        // And released afterwards: another session takes it at once.
        expect(
          (await other.query<{ taken: boolean }>('select pg_try_advisory_lock($1::bigint) as taken', [STARTUP_LOCK_KEY])).rows,
        ).toEqual([{ taken: true }]);
        await other.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
      } finally {
        await other.end();
      }
    });

  // The lock has a connection of its own: the benches' scripts open a pool of one.
  if (engine === 'postgres')
    it('migrates with a pool of one connection', async () => {
      const single = await openDatabase({ engine: 'postgres', url: scratch!.url, maxConnections: 1 });
      opened.push(single);
      expect(await single.migrate(async () => 'migrated')).toBe('migrated');
    });
});

// Three processes on one database: PGlite is one process's own.
if (engine === 'postgres') {
  describe('three server processes started at once on one empty PostgreSQL database', () => {
    let scratch: ScratchDatabase;
    let servers: ServerProcess[] = [];
    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lokaler_three');
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await scratch?.drop();
    });

    it('all come up; the schema is migrated once and the demo data loaded once', async () => {
      const env = { DATABASE_URL: scratch.url, SEED_DEMO_DATA: 'true', DATABASE_POOL_SIZE: '4' };
      // The processes compile for seconds each, unevenly: the test holds the start-up lock until all
      // three wait for it, so they do reach the database together.
      const gate = new pg.Client({ connectionString: scratch.url });
      await gate.connect();
      await gate.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
      const started = Date.now();
      const starting = Promise.allSettled([startServerProcess(env), startServerProcess(env), startServerProcess(env)]);
      let settled = false;
      void starting.then(() => {
        settled = true;
      });
      let waiting = 0;
      // Ends without three waiting when they all came up past the lock (a start-up without it).
      while (waiting < 3 && !settled && Date.now() - started < 150_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        waiting = (
          await gate.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
          and (classid::bigint << 32) + objid::bigint = $1::bigint`,
            [STARTUP_LOCK_KEY],
          )
        ).rows[0]!.n;
      }
      const gatheredAfter = Date.now() - started;
      await gate.end();
      const results = await starting;
      servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      // eslint-disable-next-line no-console -- the figures are the test's report
      console.log(
        `three processes on an empty database: all waiting for the lock after ${gatheredAfter} ms, all ready after ${Date.now() - started} ms`,
      );
      expect(waiting).toBe(3);
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason).slice(0, 2000))).toEqual(
        [],
      );
      for (const server of servers) expect((await fetch(`${server.baseUrl}/api/health/ready`)).status).toBe(200);

      const database = await openDatabase({ engine: 'postgres', url: scratch.url, maxConnections: 2 });
      try {
        const applied = await appliedMigrations(database);
        expect(applied).toHaveLength(journal.entries.length);
        expect(applied.every((m) => m.times === 1)).toBe(true);
        const [locations] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from locations`);
        expect(locations!.n).toBe(venueSeeds.length);
      } finally {
        await database.close();
      }
    }, 300_000);
  });
}
