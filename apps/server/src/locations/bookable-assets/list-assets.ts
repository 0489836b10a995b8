import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { DbOrTx } from '../../db/client';
import { findTagsOfAssets, findVisibleAssets, type AssetRow } from './repository';
import { byDisplayName, toBookableAsset } from './to-bookable-asset';

/** Two queries whatever the number of rooms: the rooms, then all their tags. */
export async function withTags(db: DbOrTx, rows: readonly AssetRow[]): Promise<BookableAsset[]> {
  const tags = await findTagsOfAssets(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toBookableAsset(row, tags.get(row.id) ?? [])).sort(byDisplayName);
}

/** The rooms with these ids that exist and are published; the others are left out. */
export async function listAssets({ db, ids }: { db: DbOrTx; ids: readonly number[] }): Promise<BookableAsset[]> {
  return withTags(db, await findVisibleAssets(db, [...new Set(ids)]));
}
