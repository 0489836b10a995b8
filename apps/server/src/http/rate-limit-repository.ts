import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
import { retryIdempotentWrite } from '../db/connection-retry';

/**
 * Counts one request of `key` in the fixed window of `windowMs` that holds the database's now, in one
 * statement: concurrent requests of any process serialise on the row, none is lost. Returns the count
 * so far and the milliseconds until the window ends. The database's clock, not the process's, so
 * processes on machines whose clocks differ still share windows.
 */
export async function countRequest(db: DbOrTx, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const [row] = await retryIdempotentWrite(() =>
    queryRows<{ count: number; ttl_ms: string }>(db, countRequestSql(sql`${key}`, sql`${windowMs}`)),
  );
  if (!row) throw new Error('rate limit counter not returned');
  return { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) };
}

/**
 * countRequest's statement (columns `count` and `ttl_ms`), for a caller that counts as part of a
 * statement of its own (a CTE); key and window as SQL: values or a prepared statement's placeholders.
 * With `onlyIf`, a condition, nothing is counted (and no row returned) unless it holds.
 */
export function countRequestSql(key: SQL, windowMs: SQL, onlyIf?: SQL): SQL {
  const window = sql`(${windowMs})::numeric`;
  return sql`
    insert into rate_limit_counters as c (key, window_start, count)
    select ${key}::text, to_timestamp(floor(extract(epoch from clock_timestamp()) * 1000 / ${window}) * ${window} / 1000.0), 1
    ${onlyIf ? sql`where ${onlyIf}` : sql``}
    on conflict (key, window_start) do update set count = c.count + 1
    returning c.count, (extract(epoch from c.window_start) * 1000 + ${window} - extract(epoch from clock_timestamp()) * 1000)::bigint as ttl_ms`;
}

/** Deletes the windows that ended long ago (no route limits over a window longer than a day). */
export async function deleteOldRequestCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '1 day'`);
}
