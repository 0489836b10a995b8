import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client';

/** Per application table: its row count and a checksum of its rows (order-independent). */
export type Fingerprint = Record<string, string>;

/**
 * A function that fingerprints every table of the public schema (the migrations' bookkeeping left
 * out) in one statement, so "a refused request wrote nothing" is checked on the data itself, not on
 * what a test thought to look at.
 */
export async function fingerprinter(database: Database, options: { ignore?: readonly string[] } = {}): Promise<() => Promise<Fingerprint>> {
  const ignored = new Set(options.ignore ?? []);
  const tables = (
    await queryRows<{ name: string }>(
      database.db,
      sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%'
    order by table_name`,
    )
  )
    .map((t) => t.name)
    .filter((name) => !ignored.has(name));
  const columns = tables.map((name) => {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    return `(select count(*) || ':' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') from ${quoted} t) as ${quoted}`;
  });
  const query = sql.raw(`select ${columns.join(', ')}`);
  const walPosition = sql`select pg_current_wal_insert_lsn()::text as lsn`;
  const position = async () => (await queryRows<{ lsn: string }>(database.db, walPosition))[0]!.lsn;
  // Nothing reaches a table without the write-ahead log moving, so an unmoved log spares the checksums
  // (on a shared PostgreSQL server other databases move it too: then every call computes them).
  let last: { lsn: string; fingerprint: Fingerprint } | undefined;
  return async () => {
    const before = await position();
    if (last?.lsn === before) return last.fingerprint;
    const fingerprint = (await queryRows<Fingerprint>(database.db, query))[0]!;
    last = { lsn: await position(), fingerprint };
    return fingerprint;
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(before).filter((name) => before[name] !== after[name]);
}
