import { z } from 'zod';
import { repeatedParam } from './scheduling/api-primitives';

/**
 * The search result filters (spec 01 §5): capacity buckets, free text over the room's name, its
 * location and its area, and the area (bydel). One definition for the server, which filters and
 * pages the answer (decision 019), and the portal, which keeps them in the URL.
 */

export const capacityBuckets = [
  { id: '1-10', label: '1–10 personer', min: 1, max: 10 },
  { id: '11-20', label: '11–20 personer', min: 11, max: 20 },
  { id: '21-50', label: '21–50 personer', min: 21, max: 50 },
  { id: '51-100', label: '51–100 personer', min: 51, max: 100 },
  { id: 'over-100', label: 'Over 100 personer', min: 101, max: Number.POSITIVE_INFINITY },
] as const;
export type CapacityBucketId = (typeof capacityBuckets)[number]['id'];
const capacityBucketIds = capacityBuckets.map((b) => b.id) as [CapacityBucketId, ...CapacityBucketId[]];

export function isCapacityBucketId(value: string): value is CapacityBucketId {
  return capacityBuckets.some((b) => b.id === value);
}

/** True when the room fits one of the chosen buckets; no bucket chosen lets every room through, and an unknown capacity fits none. */
export function matchesCapacity(capacity: number | null, chosen: readonly CapacityBucketId[]): boolean {
  if (chosen.length === 0) return true;
  if (capacity === null) return false;
  return capacityBuckets.some((b) => chosen.includes(b.id) && capacity >= b.min && capacity <= b.max);
}

/**
 * Text for matching, folded the same way on both sides (decision 019): lower case, accents dropped
 * ('é' → 'e', 'ü' → 'u'), and the Norwegian letters written as on a keyboard without them
 * ('ø' → 'o', 'æ' → 'ae', 'å' → 'a'), so 'grunerlokka' finds Grünerløkka and 'bjolsen' Bjølsen.
 */
export function foldText(text: string): string {
  return text.toLocaleLowerCase('nb').normalize('NFD').replace(/\p{M}/gu, '').replace(/ø/g, 'o').replace(/æ/g, 'ae').normalize('NFC');
}

/** The words of a free-text filter, folded; every one must occur. */
export function searchWords(text: string): string[] {
  return foldText(text).split(/\s+/).filter(Boolean);
}

/** What a room's free text is matched against: display name, name, location and area, folded. */
export function roomHaystack(room: { displayName: string; name: string; locationName: string; geographicAreaName: string }): string {
  return foldText(`${room.displayName} ${room.name} ${room.locationName} ${room.geographicAreaName}`);
}

export interface ResultFilters {
  capacity: CapacityBucketId[];
  /** The free text as typed (matched word by word). */
  text: string;
  /** geographicAreaId of the chosen areas; none chosen is every area. */
  areas: string[];
}

export const noFilters: ResultFilters = { capacity: [], text: '', areas: [] };

export function hasFilters(filters: ResultFilters): boolean {
  return filters.capacity.length > 0 || filters.text.trim() !== '' || filters.areas.length > 0;
}

/** A room passes every filter (words from searchWords, areas as a set). */
export function passesFilters(
  room: { capacity: number | null; geographicAreaId: string },
  haystack: string,
  filters: { capacity: readonly CapacityBucketId[]; words: readonly string[]; areas: ReadonlySet<string> },
): boolean {
  if (filters.areas.size > 0 && !filters.areas.has(room.geographicAreaId)) return false;
  if (!matchesCapacity(room.capacity, filters.capacity)) return false;
  return filters.words.every((w) => haystack.includes(w));
}

/**
 * The additive query parameters of GET /api/search/assets… (decision 019). Without `shape` the
 * answer is the whole lists, as spec 01 §7 has it. `shape=page`: the filtered lists' first `limit`
 * rooms from `offset` (of `list` only when given), with the counts and the area options;
 * `shape=markers`: one compact marker per location with free rooms, for the map. The filters apply to
 * every shape.
 */
export const searchResultShapes = ['page', 'markers'] as const;
export const SEARCH_PAGE_SIZE = 30;
export const MAX_SEARCH_PAGE_SIZE = 200;
export const searchResultParams = z.object({
  shape: z.enum(searchResultShapes).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  list: z.enum(['available', 'unavailable']).optional(),
  capacity: repeatedParam(z.enum(capacityBucketIds)).default([]),
  text: z.string().max(200).optional(),
  area: repeatedParam(z.string().min(1).max(50)).default([]),
});
export type SearchResultParams = z.infer<typeof searchResultParams>;
