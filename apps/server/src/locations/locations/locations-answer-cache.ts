import type { PublicLocationType } from '@lokaler/domain/location';
import type { DbOrTx } from '../../db/client';
import { keepCompressed } from '../../http/compression';
import { readSearchRoomsVersion } from './search-rooms-version-repository';
import { listLocations } from './list-locations';

/** The full list, the venue list's shape, or the full shape of one source's locations (GET /api/location/public, decision 061). */
type Shape = 'full' | 'list' | PublicLocationType;

/**
 * GET /api/location's and GET /api/location/public's answers kept as the bytes sent, one per shape, with the search_rooms_version
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
        : shape === 'full'
          ? locations
          : locations.filter((l) => l.publicLocationType === shape);
    const body = keepCompressed(Buffer.from(JSON.stringify(answer)));
    this.kept.set(shape, { version, body });
    return body;
  }
}
