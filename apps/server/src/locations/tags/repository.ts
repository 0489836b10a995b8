import type { Tag } from '@lokaler/domain/tag';
import type { DbOrTx } from '../../db/client';
import { tags } from '../../db/schema/assets';

export async function listAllTags(db: DbOrTx): Promise<Tag[]> {
  return db.select({ id: tags.id, name: tags.name, tagType: tags.tagType }).from(tags);
}
