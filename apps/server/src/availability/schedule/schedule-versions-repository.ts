import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type Database, type DbOrTx } from '../../db/client';
import { pgArray } from '../search/pg-array';

// The fixed data's versions of the asked rooms' locations and of row 0, every location
// (search_location_versions, migration 0029, decision 047): a change to another location keeps these
// answers. A room moved between locations moves both; a location never changed has no row.
const versionsSql = `select
  coalesce((select string_agg(v.location_id || ':' || v.version::text, ',' order by v.location_id) from search_location_versions v
    where v.location_id = 0 or v.location_id in (select a.location_id from bookable_assets a where a.id = any($1::int[]))), '') || '/' ||
  coalesce((select string_agg(bookable_asset_id || ':' || version, ',' order by bookable_asset_id)
    from schedule_room_versions where bookable_asset_id = any($1::int[])), '') as v`;

/** Reads the versions of these rooms' data (and row 0's): 'location:v,…/0:v,id:v,…' (never written: no row). */
export type ScheduleVersionReader = (ids: readonly number[]) => Promise<string>;

const [versionsBefore, versionsBetween, versionsAfter] = versionsSql.split('$1') as [string, string, string];

/** The versions in one query through Drizzle, on either engine. */
export async function readScheduleVersions(db: DbOrTx, ids: readonly number[]): Promise<string> {
  const rooms = pgArray([0, ...ids]);
  const [row] = await queryRows<{ v: string }>(
    db,
    sql`${sql.raw(versionsBefore)}${rooms}${sql.raw(versionsBetween)}${rooms}${sql.raw(versionsAfter)}`,
  );
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
