import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { listAssets } from './list-assets';

export async function getAsset({ db, id }: { db: DbOrTx; id: number }): Promise<BookableAsset> {
  const [asset] = await listAssets({ db, ids: [id] });
  if (!asset) throw AppError.notFound(`Bookable asset ${id}`);
  return asset;
}
