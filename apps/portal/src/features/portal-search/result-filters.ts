import type { SearchAssetHit } from '@lokaler/domain/search-request';

/**
 * The result list's filters and order (spec 01 §5): capacity buckets, free text over the room's name,
 * its location and its area ignoring case and accents, and the area (bydel). Pure functions over the
 * search answer, which may hold six thousand rooms: the text each room is matched against is
 * prepared once per answer (prepareHits), so typing only compares strings.
 */

export const capacityBuckets = [
  { id: '1-10', label: '1–10 personer', min: 1, max: 10 },
  { id: '11-20', label: '11–20 personer', min: 11, max: 20 },
  { id: '21-50', label: '21–50 personer', min: 21, max: 50 },
  { id: '51-100', label: '51–100 personer', min: 51, max: 100 },
  { id: 'over-100', label: 'Over 100 personer', min: 101, max: Number.POSITIVE_INFINITY },
] as const;
export type CapacityBucketId = (typeof capacityBuckets)[number]['id'];

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
 * Text for matching: lower case, accents dropped ('é' → 'e', 'ü' → 'u'). Æ, ø and å are letters of
 * their own in Norwegian, not accented ones: 'å' stays 'å', so 'Tåsen' is not found by 'tasen' and
 * 'sa' does not find 'Så'.
 */
export function normalizeText(text: string): string {
  return text
    .toLocaleLowerCase('nb')
    .normalize('NFD')
    .replace(/a\u030A/g, 'å')
    .replace(/\p{M}/gu, '')
    .normalize('NFC');
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

export interface PreparedHit {
  hit: SearchAssetHit;
  /** Name, location and area, normalized. */
  haystack: string;
}

export function prepareHits(hits: readonly SearchAssetHit[]): PreparedHit[] {
  return hits.map((hit) => ({ hit, haystack: normalizeText(`${hit.displayName} ${hit.name} ${hit.locationName} ${hit.geographicAreaName}`) }));
}

/** The rooms that pass every filter, in the order given. Each word of the text must occur. */
export function filterHits(prepared: readonly PreparedHit[], filters: ResultFilters): SearchAssetHit[] {
  const words = normalizeText(filters.text).split(/\s+/).filter(Boolean);
  const areas = new Set(filters.areas);
  const out: SearchAssetHit[] = [];
  for (const { hit, haystack } of prepared) {
    if (areas.size > 0 && !areas.has(hit.geographicAreaId)) continue;
    if (!matchesCapacity(hit.capacity, filters.capacity)) continue;
    if (!words.every((w) => haystack.includes(w))) continue;
    out.push(hit);
  }
  return out;
}

/** Dates of the search the room is free on. */
export function availableDates(hit: SearchAssetHit): number {
  return Math.max(0, hit.datesCount - hit.unavailableDates.length);
}

function share(hit: SearchAssetHit): number {
  return hit.datesCount > 0 ? availableDates(hit) / hit.datesCount : 0;
}

const collator = new Intl.Collator('nb', { sensitivity: 'base', numeric: true });

/** Spec 01 §5: by share of available dates, descending, then by name (Norwegian order). The server sends them so; this keeps it so. */
export function sortHits(hits: readonly SearchAssetHit[]): SearchAssetHit[] {
  return [...hits].sort((a, b) => share(b) - share(a) || collator.compare(a.displayName, b.displayName) || a.bookableAssetId - b.bookableAssetId);
}

/** 'Ledig på valgt dato' (single date), 'Ledig alle datoer', 'Ledig {n} av {m} datoer', 'Ikke ledig'. */
export function availabilityText(hit: SearchAssetHit): string {
  const free = availableDates(hit);
  if (free === 0) return hit.datesCount === 1 ? 'Ikke ledig på valgt dato' : 'Ikke ledig på noen av datoene';
  if (hit.datesCount === 1) return 'Ledig på valgt dato';
  if (free === hit.datesCount) return 'Ledig alle datoer';
  return `Ledig ${free} av ${hit.datesCount} datoer`;
}

export interface AreaOption {
  id: string;
  name: string;
  count: number;
}

/** The areas of the rooms, by name, with how many rooms each has (for the area filter). */
export function areaOptions(hits: readonly SearchAssetHit[]): AreaOption[] {
  const byId = new Map<string, AreaOption>();
  for (const hit of hits) {
    if (!hit.geographicAreaId) continue;
    const option = byId.get(hit.geographicAreaId);
    if (option) option.count += 1;
    else byId.set(hit.geographicAreaId, { id: hit.geographicAreaId, name: hit.geographicAreaName, count: 1 });
  }
  return [...byId.values()].sort((a, b) => collator.compare(a.name, b.name));
}

/** Filters from the URL: kapasitet and bydel repeated, tekst once. Unknown buckets are dropped. */
export function readResultFilters(params: URLSearchParams): ResultFilters {
  return {
    capacity: capacityBuckets.map((b) => b.id).filter((id) => params.getAll('kapasitet').includes(id)),
    text: params.get('tekst') ?? '',
    areas: [...new Set(params.getAll('bydel').filter(Boolean))],
  };
}

/** The filters written into `base`, keeping its other parameters (the search, the view). */
export function writeResultFilters(filters: ResultFilters, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of ['kapasitet', 'tekst', 'bydel']) params.delete(name);
  for (const id of filters.capacity) params.append('kapasitet', id);
  if (filters.text.trim()) params.set('tekst', filters.text.trim());
  for (const id of filters.areas) params.append('bydel', id);
  return params;
}
