import { z } from 'zod';

/**
 * GET /api/client-settings/map.json: where the new portal's map takes its background (decision 005). The
 * server's MAP_TILE_URL and MAP_TILE_ATTRIBUTION; tileUrl null means no background at all, and the
 * markers stand on a plain surface.
 */
export const mapSettings = z.object({
  /** A Leaflet URL template with {z}, {x} and {y} (and optionally {s}), or null for none. */
  tileUrl: z.string().nullable(),
  /** Plain text shown in the map's corner while tiles are in use, e.g. '© OpenStreetMap-bidragsytere'. */
  tileAttribution: z.string(),
});
export type MapSettings = z.infer<typeof mapSettings>;
