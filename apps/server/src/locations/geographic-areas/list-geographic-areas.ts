import type { GeographicArea } from '@lokaler/domain/geographic-area';
import { sortByNorwegianName } from '@lokaler/domain/norwegian-order';
import type { DbOrTx } from '../../db/client';
import { listListedAreas } from './repository';

/** The districts, in Norwegian order (sorted here: the database's collation may be C). */
export async function listGeographicAreas({ db }: { db: DbOrTx }): Promise<GeographicArea[]> {
  return sortByNorwegianName(await listListedAreas(db));
}
