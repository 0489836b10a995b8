import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import type { SearchAssetHit, SearchAssetsResponse } from '@lokaler/domain/search-request';
import type { SearchRoomRow } from './search-rooms-repository';

/** One room's line in the answer (spec 01 §3 Bookable asset, the fields the lists and the map show). */
export function toSearchHit(row: SearchRoomRow, datesCount: number, unavailableDates: string[]): SearchAssetHit {
  const lat = row.lat ?? row.locationLat;
  const lng = row.lng ?? row.locationLng;
  return {
    bookableAssetId: row.id,
    locationId: row.locationId,
    datesCount,
    unavailableDates,
    name: row.name,
    displayName: assetDisplayName(row.name, row.externalAssetNumber),
    capacity: row.capacity,
    assetTypeId: row.assetTypeId,
    locationName: row.locationName,
    geographicAreaId: row.geographicAreaId,
    geographicAreaName: row.geographicAreaName,
    // Six decimals are a tenth of a metre: the answer is a sixth shorter than with full doubles.
    latLng: lat !== null && lng !== null ? { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 } : null,
    tagIds: row.tagIds === '' ? [] : row.tagIds.split(',').map(Number),
    behandlingstid: row.behandlingstid,
  };
}

/**
 * Positions of names in Norwegian order (compareNorwegian, the collation compareByShareThenName
 * uses), so sorting thousands of rooms compares numbers, not strings through Intl. Remembered for
 * the last list of names: the rooms of a city rarely change between two searches.
 */
let lastNames = '';
let lastRanks = new Map<string, number>();
function norwegianRanks(names: readonly string[]): Map<string, number> {
  const key = names.join('\u0000');
  if (key !== lastNames) {
    const unique = [...new Set(names)].sort(compareNorwegian);
    lastRanks = new Map(unique.map((name, i) => [name, i]));
    lastNames = key;
  }
  return lastRanks;
}

/**
 * Spec 01 §5: sorted by share of available dates, descending, then by name (Norwegian order) — the
 * order of compareByShareThenName; rooms of the same name by location, then id, so the order never
 * changes between two identical searches. A room is available when its share is above zero.
 */
export function toSearchResponse(hits: readonly SearchAssetHit[]): SearchAssetsResponse {
  const ranks = norwegianRanks(hits.flatMap((h) => [h.displayName, h.locationName]));
  const ranked = hits.map((hit) => ({
    hit,
    share: hit.datesCount === 0 ? 0 : (hit.datesCount - hit.unavailableDates.length) / hit.datesCount,
    name: ranks.get(hit.displayName) ?? 0,
    location: ranks.get(hit.locationName) ?? 0,
  }));
  ranked.sort((a, b) => b.share - a.share || a.name - b.name || a.location - b.location || a.hit.bookableAssetId - b.hit.bookableAssetId);
  const available: SearchAssetHit[] = [];
  const unavailable: SearchAssetHit[] = [];
  for (const r of ranked) (r.share > 0 ? available : unavailable).push(r.hit);
  return { available, unavailable };
}
