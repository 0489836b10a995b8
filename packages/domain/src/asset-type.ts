import { z } from 'zod';

/** GET /api/preferences/options/assettypes: the kinds of rooms (Gymsal, Møterom …). */
export const assetType = z.object({ id: z.number().int(), name: z.string() });
export type AssetType = z.infer<typeof assetType>;
export const assetTypes = z.array(assetType);
