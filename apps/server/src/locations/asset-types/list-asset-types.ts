import type { AssetType } from '@lokaler/domain/asset-type';
import { sortByNorwegianName } from '@lokaler/domain/norwegian-order';
import type { DbOrTx } from '../../db/client';
import { listAllAssetTypes } from './repository';

export async function listAssetTypes({ db }: { db: DbOrTx }): Promise<AssetType[]> {
  return sortByNorwegianName(await listAllAssetTypes(db));
}
