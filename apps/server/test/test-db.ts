import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client';

let templateBytes: { file: string; bytes: Buffer } | undefined;

/**
 * A migrated database for one test file: an in-memory PGlite, or (TEST_ENGINE=postgres) a fresh
 * PostgreSQL database created on TEST_DATABASE_URL's server and dropped again by close().
 * Both start as a copy of the run's migrated template (test/template-database.ts) when there is one.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_ENGINE !== 'postgres') {
    const template = inject('pgliteTemplate');
    if (template && fs.existsSync(template)) {
      // Read once per worker (the files share its module graph): 44 MB from disk for every database was
      // 40 ms of CPU each, mostly the system's (decision 072). The Blob is a copy: nothing writes into the cache.
      if (templateBytes?.file !== template) templateBytes = { file: template, bytes: fs.readFileSync(template) };
      return openDatabase({ engine: 'pglite', loadDataDir: new Blob([templateBytes.bytes]) });
    }
    const database = await openDatabase({ engine: 'pglite' });
    await database.migrate();
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `lokaler_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: target.toString(), maxConnections: 30 });
  if (!template) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Empties every application table (keeps the migrations' bookkeeping). */
export async function truncateAll(database: Database): Promise<void> {
  const rows = await queryRows<{ tablename: string }>(database.db, sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = rows.map((r) => `"${r.tablename}"`);
  if (tables.length) await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}
