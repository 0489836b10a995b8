import { z } from 'zod';

/** GET /api/geographicareas: Oslo's districts, sorted in Norwegian order; never the id 'unknown'. */
export const geographicArea = z.object({ id: z.string(), name: z.string() });
export type GeographicArea = z.infer<typeof geographicArea>;
export const geographicAreas = z.array(geographicArea);

/** The area id of locations without a known district; it is never listed. */
export const UNKNOWN_AREA_ID = 'unknown';
