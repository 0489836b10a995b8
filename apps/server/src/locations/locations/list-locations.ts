import type { Location } from '@lokaler/domain/location';
import { sortByNorwegianName } from '@lokaler/domain/norwegian-order';
import type { DbOrTx } from '../../db/client';
import { listPortalLocations } from './repository';

/** Published locations shown in the portal, in Norwegian name order (the town hall among them). */
export async function listLocations({ db }: { db: DbOrTx }): Promise<Location[]> {
  return sortByNorwegianName(await listPortalLocations(db));
}
