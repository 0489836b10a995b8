import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type Database, type DbOrTx } from '../../db/client';
import { pgArray } from '../search/pg-array';

const versionsSql = `select
  coalesce((select version::text from search_rooms_version where id = 1), '') || '/' ||
  coalesce((select string_agg(bookable_asset_id || ':' || version, ',' order by bookable_asset_id)
    from schedule_room_versions where bookable_asset_id = any($1::int[])), '') as v`;

/** Reads the versions of these rooms' data (and row 0's): 'fixed/0:v,id:v,…' (rooms never written have no row). */
export type ScheduleVersionReader = (ids: readonly number[]) => Promise<string>;

const [versionsBefore, versionsAfter] = versionsSql.split('$1') as [string, string];

/** The versions in one query through Drizzle, on either engine. */
export async function readScheduleVersions(db: DbOrTx, ids: readonly number[]): Promise<string> {
  const [row] = await queryRows<{ v: string }>(db, sql`${sql.raw(versionsBefore)}${pgArray([0, ...ids])}${sql.raw(versionsAfter)}`);
  return row!.v;
}

/**
 * The reader for this database: on PostgreSQL a named prepared statement on the pool (parsed and
 * planned once per connection: at thousands of requests a second the planning of an unnamed
 * statement was a noticeable share of the database's CPU), else through Drizzle.
 */
export function scheduleVersionReader(database: Pick<Database, 'db' | 'engine'>): ScheduleVersionReader {
  if (database.engine !== 'postgres') return (ids) => readScheduleVersions(database.db, ids);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return async (ids) => {
    const result = await pool.query<{ v: string }>({ name: 'schedule_versions', text: versionsSql, values: [pgArray([0, ...ids])] });
    return result.rows[0]!.v;
  };
}
