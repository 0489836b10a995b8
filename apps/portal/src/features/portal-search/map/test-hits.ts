import type { SearchAssetHit } from '@lokaler/domain/search-request';

let nextId = 9000;

/** A room of a single-date search answer (GET /api/search/assets), free that day unless told otherwise. */
export function buildHit(overrides: Partial<SearchAssetHit> = {}): SearchAssetHit {
  const id = overrides.bookableAssetId ?? nextId++;
  const name = overrides.name ?? `Rom ${id}`;
  return {
    bookableAssetId: id,
    locationId: 1,
    datesCount: 1,
    unavailableDates: [],
    name,
    displayName: name,
    capacity: 30,
    assetTypeId: null,
    locationName: 'Tøyen skole',
    geographicAreaId: 'gamle-oslo',
    geographicAreaName: 'Gamle Oslo',
    latLng: { lat: 59.9105, lng: 10.779 },
    tagIds: [],
    behandlingstid: 0,
    ...overrides,
  };
}
