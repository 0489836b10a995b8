import { sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { pgArray } from './pg-array';
import { searchRoomsVersionColumn } from '../../locations';

/**
 * What a city-wide search's answer depends on in the database, as versions moved by triggers in the
 * writing transactions: search_rooms_version (migration 0012: rooms, locations, areas, tags, opening
 * hours, closed dates) and search_date_versions of the searched dates and of every date ('-infinity',
 * a TRUNCATE) (migration 0021: reservations and blocked times). One prepared statement.
 */
export interface SearchVersions {
  rooms: string | null;
  /** `date:version` of the dates that have a row, in date order, ',' between. */
  dates: string;
}

const versionsStatement = preparedQuery<{ version: string | null; dates: string | null }>(
  'search_versions',
  sql`select ${searchRoomsVersionColumn},
  (select string_agg(v.date::text || ':' || v.version::text, ',' order by v.date) from search_date_versions v
    where v.date = any(${sql.placeholder('dates')}::date[]) or v.date = '-infinity') as dates`,
);

export async function readSearchVersions(db: DbOrTx, dates: readonly string[]): Promise<SearchVersions> {
  const [row] = await versionsStatement(db, { dates: pgArray(dates) });
  return { rooms: row?.version ?? null, dates: row?.dates ?? '' };
}
