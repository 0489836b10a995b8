import { z } from 'zod';

/** Spec 01 §3 Tag.tagType: facilities, accessibility (universell utforming) and purposes of a room. */
export const tagTypes = ['facility', 'uu', 'purpose'] as const;
export const tagType = z.enum(tagTypes);
export type TagType = z.infer<typeof tagType>;

/** GET /api/tags: every tag, grouped by type and sorted by name. */
export const tag = z.object({ id: z.number().int(), name: z.string(), tagType });
export type Tag = z.infer<typeof tag>;
export const tags = z.array(tag);
