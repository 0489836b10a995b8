import { sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';

/**
 * search_rooms_version (migration 0012): moved by every statement that changes the rooms, locations,
 * areas, tags, opening hours or closed dates, in the writing transaction. The search's kept rooms
 * (search-rooms-cache.ts) carry the version they were read at.
 */

/** Reads the version in the same statement as something else: a column of its select list. */
export const searchRoomsVersionColumn = sql`(select version::text from search_rooms_version where id = 1) as version`;

const versionStatement = preparedQuery<{ version: string | null }>('search_rooms_version', sql`select ${searchRoomsVersionColumn}`);

/**
 * The version now. One query, prepared (db/client.ts preparedQuery): every venue list and search
 * asks it, and parsing and planning it each time cost more than running it.
 */
export async function readSearchRoomsVersion(db: DbOrTx): Promise<string | null> {
  const rows = await versionStatement(db, {});
  return rows[0]?.version ?? null;
}

/** What changed in the rooms' fixed data since a snapshot (decision 047). */
export interface SearchRoomsChanges {
  /** search_rooms_version now. */
  version: string | null;
  /** The snapshot this was read under (pg_snapshot as text): pass it as `since` next time. */
  snapshot: string;
  /**
   * The locations whose fixed data changed in a transaction not visible in `since`
   * (search_location_versions, migration 0029); 0 stands for every location. Empty without `since`.
   */
  locationIds: number[];
}

const changesStatement = preparedQuery<{ version: string | null; snapshot: string; changed: string | null }>(
  'search_rooms_changes',
  sql`select ${searchRoomsVersionColumn}, pg_current_snapshot()::text as snapshot,
  (select string_agg(v.location_id::text, ',') from search_location_versions v
    where v.version >= pg_snapshot_xmin(${sql.placeholder('since')}::pg_snapshot)
      and not pg_visible_in_snapshot(v.version, ${sql.placeholder('since')}::pg_snapshot)) as changed`,
);

/**
 * search_rooms_version, the snapshot of the statement, and the locations changed since `since` (the
 * snapshot of an earlier call), in one prepared statement: a transaction either is visible in a
 * snapshot or committed after it, so the locations not visible in `since` are exactly those changed
 * since, whatever order the writers started or ended in.
 */
export async function readSearchRoomsChanges(db: DbOrTx, since: string | null): Promise<SearchRoomsChanges> {
  const [row] = await changesStatement(db, { since });
  return {
    version: row?.version ?? null,
    snapshot: row?.snapshot ?? '',
    locationIds: row?.changed ? row.changed.split(',').map(Number) : [],
  };
}
