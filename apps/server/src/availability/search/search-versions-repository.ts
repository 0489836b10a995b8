import { sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { searchRoomsVersionColumn } from '../../locations';
import type { BusyChange, BusyChanges } from './search-answer-cache';

/**
 * What a city-wide search's kept answer depends on in the database, as written by triggers in the
 * writing transactions: search_rooms_version (migration 0012: rooms, locations, areas, tags, opening
 * hours, closed dates), and the changes of reservations and blocked times committed since a
 * snapshot: the busy_changes rows (migration 0029, one per room and date a statement touched) whose
 * transaction is not visible in it. One prepared statement (decision 047).
 */
export interface SearchVersions extends BusyChanges {
  rooms: string | null;
}

/** More changes than this at once drop every kept answer (a round's close writes tens of thousands). */
export const MAX_BUSY_CHANGES = 10_000;

const since = sql`${sql.placeholder('since')}::pg_snapshot`;
const versionsStatement = preparedQuery<{ version: string | null; snapshot: string; lost: boolean | null; changes: string | null }>(
  'search_versions',
  sql`select ${searchRoomsVersionColumn}, pg_current_snapshot()::text as snapshot,
  (select pg_snapshot_xmin(${since}) < p.below from busy_changes_pruned p where p.id = 1) as lost,
  (select string_agg(c.bookable_asset_id::text || ':' || c.date::text, ',') from (select c.bookable_asset_id, c.date from busy_changes c
    where c.xid >= pg_snapshot_xmin(${since}) and not pg_visible_in_snapshot(c.xid, ${since}) limit ${sql.raw(String(MAX_BUSY_CHANGES + 1))}) c) as changes`,
);

/** The versions now and the busy changes since `since` (without one: `lost`). */
export async function readSearchVersions(db: DbOrTx, since: string | null): Promise<SearchVersions> {
  const [row] = await versionsStatement(db, { since });
  const changes: BusyChange[] = [];
  for (const change of row?.changes ? row.changes.split(',') : []) {
    const at = change.indexOf(':');
    changes.push({ room: Number(change.slice(0, at)), date: change.slice(at + 1) });
  }
  return {
    rooms: row?.version ?? null,
    snapshot: row?.snapshot ?? '',
    changes,
    // Without `since` nothing says what changed: any answer kept meanwhile (by a request that read
    // first, at a process's start) is dropped.
    lost: since === null || row?.lost === true || changes.length > MAX_BUSY_CHANGES,
  };
}

/**
 * Deletes the busy changes of transactions older than the snapshot the previous run took, and
 * takes one for the next run: a process that read the log since the previous run misses nothing;
 * one that did not finds `lost` and drops its kept answers. One statement.
 */
export async function pruneBusyChanges(db: DbOrTx): Promise<void> {
  await db.execute(sql`with p as (select pending from busy_changes_pruned where id = 1 for update),
    gone as (delete from busy_changes c using p where c.xid < p.pending)
    update busy_changes_pruned b set below = p.pending, pending = pg_snapshot_xmin(pg_current_snapshot()) from p where b.id = 1`);
}
