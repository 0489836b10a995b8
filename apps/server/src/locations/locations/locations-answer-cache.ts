import type { DbOrTx } from '../../db/client';
import { keepCompressed } from '../../http/compression';
import { readSearchRoomsVersion } from './search-rooms-version-repository';
import { listLocations } from './list-locations';

type Shape = 'full' | 'list';

/**
 * GET /api/location's answers kept as the bytes sent, one per shape, with the search_rooms_version
 * they were made at (migration 0012: moved in the writing transaction by every change to locations,
 * areas and rooms — all this answer reads). Each request reads the version (one row) and rebuilds
 * only when it moved, so every process answers every writer's change in its next request, and the
 * venue list costs no query of a thousand rows and no Norwegian sort per request (decision 023).
 * The bytes are compressed once per encoding (keepCompressed), not per request.
 */
export class LocationsAnswerCache {
  private readonly kept = new Map<Shape, { version: string | null; body: Buffer }>();

  async body(db: DbOrTx, shape: Shape): Promise<Buffer> {
    const version = await readSearchRoomsVersion(db);
    const kept = this.kept.get(shape);
    if (kept && version !== null && kept.version === version) return kept.body;
    const locations = await listLocations({ db });
    const answer =
      shape === 'list'
        ? locations.map(({ id, name, externalUrl, publicLocationType, geographicAreaId, geographicAreaName }) => ({
            id,
            name,
            externalUrl,
            publicLocationType,
            geographicAreaId,
            geographicAreaName,
          }))
        : locations;
    const body = keepCompressed(Buffer.from(JSON.stringify(answer)));
    this.kept.set(shape, { version, body });
    return body;
  }
}
