import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
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
    behandlingstid: row.rules.location.behandlingstid,
  };
}

/**
 * Positions of names in Norwegian order (compareNorwegian, the collation compareByShareThenName
 * uses), so sorting thousands of rooms compares numbers, not strings through Intl. Equal names get
 * equal positions; positions among all rooms keep their order among any of them.
 */
export function norwegianRanks(names: Iterable<string>): Map<string, number> {
  const unique = [...new Set(names)].sort(compareNorwegian);
  return new Map(unique.map((name, i) => [name, i]));
}

/** A room's answer as the order sees it. */
export interface SearchOrderKey {
  /** Share of the search's dates the room is free on (0 when there are no dates). */
  share: number;
  /** norwegianRanks of the display name and of the location's name. */
  nameRank: number;
  locationRank: number;
  id: number;
}

/**
 * Spec 01 §5: sorted by share of available dates, descending, then by name (Norwegian order) — the
 * order of compareByShareThenName; rooms of the same name by location, then id, so the order never
 * changes between two identical searches. A room is available when its share is above zero.
 */
export function inSearchOrder<T extends SearchOrderKey>(entries: T[]): { available: T[]; unavailable: T[] } {
  let ordered = entries;
  if (entries.every((e, i) => i === 0 || byName(entries[i - 1]!, e) <= 0)) {
    // Already in name order (the city-wide search passes its kept rooms so, search-assets.ts): grouped by share,
    // a stable pass, instead of a sort of thousands of rooms.
    const byShare = new Map<number, T[]>();
    for (const e of entries) {
      const group = byShare.get(e.share);
      if (group) group.push(e);
      else byShare.set(e.share, [e]);
    }
    ordered = [...byShare.keys()].sort((a, b) => b - a).flatMap((share) => byShare.get(share)!);
  } else ordered.sort((a, b) => b.share - a.share || byName(a, b));
  const available: T[] = [];
  const unavailable: T[] = [];
  for (const e of ordered) (e.share > 0 ? available : unavailable).push(e);
  return { available, unavailable };
}

function byName(a: SearchOrderKey, b: SearchOrderKey): number {
  return a.nameRank - b.nameRank || a.locationRank - b.locationRank || a.id - b.id;
}
