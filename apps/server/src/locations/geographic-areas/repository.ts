import { ne } from 'drizzle-orm';
import { UNKNOWN_AREA_ID, type GeographicArea } from '@lokaler/domain/geographic-area';
import type { DbOrTx } from '../../db/client';
import { geographicAreas } from '../../db/schema/geography';

export async function listListedAreas(db: DbOrTx): Promise<GeographicArea[]> {
  return db
    .select({ id: geographicAreas.id, name: geographicAreas.name })
    .from(geographicAreas)
    .where(ne(geographicAreas.id, UNKNOWN_AREA_ID));
}
