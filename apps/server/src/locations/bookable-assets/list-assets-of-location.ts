import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findVisibleAssetsOfLocation, locationExists } from './repository';
import { withTags } from './list-assets';

/** The published rooms of a location, by name; an unknown location is a 404. */
export async function listAssetsOfLocation({ db, locationId }: { db: DbOrTx; locationId: number }): Promise<BookableAsset[]> {
  if (!(await locationExists(db, locationId))) throw AppError.notFound(`Location ${locationId}`);
  return withTags(db, await findVisibleAssetsOfLocation(db, locationId));
}
