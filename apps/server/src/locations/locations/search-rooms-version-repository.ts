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
