import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Query, SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder } from '../paths';
import { isReadOnlyStatement, RetryingPool } from './connection-retry';
import { serialised, withStartupLock } from './migrate-with-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseTarget =
  // loadDataDir: a dumpDataDir() tarball to start from (the tests' migrated template).
  | { engine: 'pglite'; dataDir?: string | undefined; loadDataDir?: Blob | undefined }
  | { engine: 'postgres'; url: string; maxConnections?: number };

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Applies the pending migrations, then runs `afterwards` (the demo data), both under the start-up
   * lock: on PostgreSQL a session-level advisory lock (migrate-with-lock.ts), so processes starting
   * together on one database migrate and seed one after another; on PGlite one call after another.
   */
  migrate<T = void>(afterwards?: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

const overNetwork = new WeakSet<object>();
/** The database of generic plans beside each PostgreSQL database (see preparedQuery). */
const genericPlans = new WeakMap<object, Db>();

/**
 * Whether the database is reached over a connection that can break (PostgreSQL through the pool),
 * so a lost COMMIT's outcome must be asked for (writeTransaction). PGlite runs in this process.
 */
export function connectionCanBreak(db: DbOrTx): boolean {
  return overNetwork.has(db);
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.engine === 'pglite') {
    // PGlite does not create the parents of its data folder.
    if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      extensions: { btree_gist, pg_trgm, unaccent },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const oneAtATime = serialised();
    return {
      db,
      engine: 'pglite',
      migrate: <T>(afterwards?: () => Promise<T>) =>
        oneAtATime(async () => {
          await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
          return afterwards?.();
        }),
      close: () => client.close(),
    };
  }
  // Lone reads whose connection broke run again on a fresh one (connection-retry.ts, decision 043).
  const pool = new RetryingPool({ connectionString: target.url, max: target.maxConnections ?? 20 });
  // An idle connection the server ends (restart, failover, a dropped test database) must not take
  // the process down: the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => {
    console.error(`database connection lost: ${error.message}`);
  });
  // The same for a connection ended while checked out (pg_terminate_backend between two statements
  // of a transaction): the pool listens only to idle ones, and an 'error' nobody listens to ends the
  // process. The transaction's next statement fails instead, and writeTransaction runs it again.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      console.error(`database connection lost: ${error.message}`);
    });
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  overNetwork.add(db);
  // The named statements' lone reads (preparedQuery) run on a few connections of their own whose
  // plans are always generic: plan_cache_mode is a setting of the session, PostgreSQL has no switch
  // per statement, and on the main pool it would also make every unnamed statement generic.
  // (The setting goes with the connection's start-up packet; options given in the URL replace it.)
  const genericPool = new RetryingPool({
    connectionString: target.url,
    options: '-c plan_cache_mode=force_generic_plan',
    max: genericPlanConnections(target.maxConnections ?? 20),
  });
  genericPool.on('error', (error) => {
    console.error(`database connection lost: ${error.message}`);
  });
  genericPool.on('connect', (client) => {
    client.on('error', (error) => {
      console.error(`database connection lost: ${error.message}`);
    });
  });
  const generic = drizzlePg(genericPool, { schema }) as unknown as Db;
  overNetwork.add(generic);
  genericPlans.set(db, generic);
  return {
    db,
    engine: 'postgres',
    migrate: <T>(afterwards?: () => Promise<T>) =>
      withStartupLock(target.url, async () => {
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
        return afterwards?.();
      }),
    close: async () => {
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
}

/** A fifth of the main pool, at least 2: the named statements are short reads (about 1 ms each). */
function genericPlanConnections(maxConnections: number): number {
  return Math.max(2, Math.ceil(maxConnections / 5));
}

/**
 * Runs raw SQL and returns its rows, typed by the caller. Both drivers answer `{ rows }`; Drizzle's
 * engine-neutral type does not know that.
 */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A statement of the hot paths (booking creation, calendars): its text is built once, with
 * `sql.placeholder(name)` for the values, and on PostgreSQL it is a named prepared statement, parsed
 * once per connection and executed with a cached generic plan. A read run outside a transaction goes
 * to the connections that force generic plans (openDatabase): PostgreSQL's own choice kept the rooms'
 * calendar statement on custom plans, planned anew on every booking request for ~0.7–0.9 ms against
 * ~0.4 ms to run (decision 048). In a transaction it runs on the transaction's connection, where
 * PostgreSQL chooses. PGlite runs the same text unnamed. The name must be unique in the application.
 */
export function preparedQuery<T extends Record<string, unknown>>(
  name: string,
  query: SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<T[]> {
  let built: Query | undefined;
  return async (db, values) => {
    const { dialect } = db as unknown as { dialect: PgDialect };
    built ??= dialect.sqlToQuery(query);
    // Only reads: a lone write whose connection broke is not run again (connection-retry.ts), and a
    // write's plan is cheap; it stays on the main pool.
    const target = (isReadOnlyStatement(built.sql) && genericPlans.get(db)) || db;
    const { session } = target as unknown as { session: PgSession };
    const result = (await session.prepareQuery(built, undefined, name, false).execute(values)) as unknown as { rows: T[] };
    return result.rows;
  };
}
