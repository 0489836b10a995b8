import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';

/**
 * Counts one request of `key` in the fixed window of `windowMs` that holds the database's now, in one
 * statement: concurrent requests of any process serialise on the row, none is lost. Returns the count
 * so far and the milliseconds until the window ends. The database's clock, not the process's, so
 * processes on machines whose clocks differ still share windows.
 */
export async function countRequest(db: DbOrTx, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const [row] = await queryRows<{ count: number; ttl_ms: string }>(
    db,
    sql`
    insert into rate_limit_counters as c (key, window_start, count)
    values (${key}, to_timestamp(floor(extract(epoch from clock_timestamp()) * 1000 / ${windowMs}) * ${windowMs} / 1000.0), 1)
    on conflict (key, window_start) do update set count = c.count + 1
    returning c.count, (extract(epoch from c.window_start) * 1000 + ${windowMs} - extract(epoch from clock_timestamp()) * 1000)::bigint as ttl_ms`,
  );
  if (!row) throw new Error('rate limit counter not returned');
  return { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) };
}

/** Deletes the windows that ended long ago (no route limits over a window longer than a day). */
export async function deleteOldRequestCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '1 day'`);
}
