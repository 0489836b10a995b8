import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import { tagTypes, type Tag } from '@lokaler/domain/tag';
import type { DbOrTx } from '../../db/client';
import { listAllTags } from './repository';

/** Every tag, grouped by type (facility, uu, purpose) and in Norwegian order within a type. */
export async function listTags({ db }: { db: DbOrTx }): Promise<Tag[]> {
  const rows = await listAllTags(db);
  return rows.sort((a, b) => tagTypes.indexOf(a.tagType) - tagTypes.indexOf(b.tagType) || compareNorwegian(a.name, b.name));
}
