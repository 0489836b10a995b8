import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * search_rooms_version (migration 0012): moved by every statement that changes the rooms, locations,
 * areas, tags, opening hours or closed dates, in the writing transaction. The search's kept rooms
 * (search-rooms-cache.ts) carry the version they were read at.
 */

/** Reads the version in the same statement as something else: a column of its select list. */
export const searchRoomsVersionColumn = sql`(select version::text from search_rooms_version where id = 1) as version`;

/** The version now. One query. */
export async function readSearchRoomsVersion(db: DbOrTx): Promise<string | null> {
  const rows = await queryRows<{ version: string | null }>(db, sql`select ${searchRoomsVersionColumn}`);
  return rows[0]?.version ?? null;
}
