import type { AssetType } from '@lokaler/domain/asset-type';
import type { DbOrTx } from '../../db/client';
import { assetTypes } from '../../db/schema/assets';

export async function listAllAssetTypes(db: DbOrTx): Promise<AssetType[]> {
  return db.select({ id: assetTypes.id, name: assetTypes.name }).from(assetTypes);
}
