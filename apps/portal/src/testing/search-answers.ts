import {
  capacityBuckets,
  passesFilters,
  roomHaystack,
  searchWords,
  SEARCH_PAGE_SIZE,
  type CapacityBucketId,
} from '@lokaler/domain/search-filters';
import type { SearchAssetHit, SearchAssetsResponse } from '@lokaler/domain/search-request';

/**
 * A fake server's answer to a search request with the additive parameters of decision 019 (shape=page,
 * shape=markers, the filters), made from the whole answer by the domain's filter rules — as the
 * server does — so a page test states the rooms once and sees what the screens ask for.
 */
export function shapedSearchAnswer(whole: SearchAssetsResponse, url: URL): unknown {
  const params = url.searchParams;
  const capacity = params.getAll('capacity').filter((c): c is CapacityBucketId => capacityBuckets.some((b) => b.id === c));
  const filters = { capacity, words: searchWords(params.get('text') ?? ''), areas: new Set(params.getAll('area')) };
  const passes = (hit: SearchAssetHit) => passesFilters(hit, roomHaystack(hit), filters);
  const available = whole.available.filter(passes);
  const unavailable = whole.unavailable.filter(passes);
  const shape = params.get('shape');
  if (shape === 'markers') {
    const byLocation = new Map<
      number,
      { locationId: number; locationName: string; latLng: { lat: number; lng: number }; freeRooms: string[] }
    >();
    for (const hit of available) {
      if (!hit.latLng) continue;
      const marker = byLocation.get(hit.locationId) ?? {
        locationId: hit.locationId,
        locationName: hit.locationName,
        latLng: hit.latLng,
        freeRooms: [],
      };
      marker.freeRooms.push(hit.displayName);
      byLocation.set(hit.locationId, marker);
    }
    return { markers: [...byLocation.values()] };
  }
  if (shape !== 'page') return { available, unavailable };
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? SEARCH_PAGE_SIZE);
  const list = params.get('list');
  const areas = new Map<string, { id: string; name: string; count: number }>();
  for (const hit of whole.available) {
    const area = areas.get(hit.geographicAreaId) ?? { id: hit.geographicAreaId, name: hit.geographicAreaName, count: 0 };
    area.count += 1;
    areas.set(hit.geographicAreaId, area);
  }
  return {
    available: list === null || list === 'available' ? available.slice(offset, offset + limit) : [],
    unavailable: list === null || list === 'unavailable' ? unavailable.slice(offset, offset + limit) : [],
    totalAvailable: available.length,
    totalUnavailable: unavailable.length,
    allAvailable: whole.available.length,
    allUnavailable: whole.unavailable.length,
    areas: [...areas.values()].sort((a, b) => a.name.localeCompare(b.name, 'nb')),
    offset,
    limit,
  };
}
