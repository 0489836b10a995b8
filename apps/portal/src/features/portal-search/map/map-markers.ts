import type { LatLng } from '@lokaler/domain/location';
import type { SearchAssetHit } from '@lokaler/domain/search-request';

/** One marker of the results map: a location and its rooms that are free on at least one date of the search. */
export interface LocationMarker {
  locationId: number;
  locationName: string;
  /** The middle of its rooms' points (rooms of one location stand in the same place, or close). */
  latLng: LatLng;
  /** Display names of its free rooms, in the order of the hits (the list's order). */
  freeRooms: string[];
}

/** Free on at least one date of the search (a hit of the `unavailable` list is free on none). */
export const isFreeRoom = (hit: SearchAssetHit): boolean => hit.unavailableDates.length < hit.datesCount;

/**
 * The markers for these hits: one per location that has a free room with a place on the map, in the
 * order its first room comes in the hits. Rooms without latLng are left off; a location whose rooms
 * are all taken gets no marker (the map shows where one can borrow).
 */
export function locationMarkers(hits: readonly SearchAssetHit[]): LocationMarker[] {
  const byLocation = new Map<number, { marker: LocationMarker; points: LatLng[] }>();
  for (const hit of hits) {
    if (!hit.latLng || !isFreeRoom(hit)) continue;
    let entry = byLocation.get(hit.locationId);
    if (!entry) {
      entry = { marker: { locationId: hit.locationId, locationName: hit.locationName, latLng: hit.latLng, freeRooms: [] }, points: [] };
      byLocation.set(hit.locationId, entry);
    }
    entry.marker.freeRooms.push(hit.displayName);
    entry.points.push(hit.latLng);
  }
  return [...byLocation.values()].map(({ marker, points }) => ({ ...marker, latLng: middle(points) }));
}

function middle(points: readonly LatLng[]): LatLng {
  const sum = points.reduce((acc, p) => ({ lat: acc.lat + p.lat, lng: acc.lng + p.lng }), { lat: 0, lng: 0 });
  return { lat: sum.lat / points.length, lng: sum.lng / points.length };
}

/** '1 ledig rom', '3 ledige rom'. */
export const freeRoomsText = (count: number): string => (count === 1 ? '1 ledig rom' : `${count} ledige rom`);

/** The marker's accessible name: 'Tøyen skole: 3 ledige rom'. */
export const markerLabel = (marker: LocationMarker): string => `${marker.locationName}: ${freeRoomsText(marker.freeRooms.length)}`;

/** A cluster's accessible name: '12 lokaler her – zoom inn' (a cluster holds locations, each its own marker). */
export const clusterLabel = (locations: number): string => `${locations} lokaler her – zoom inn`;

/** Changes only when what the markers show changes, so a re-render with equal hits keeps the map (and an open popup) as it is. */
export const markersSignature = (markers: readonly LocationMarker[]): string =>
  JSON.stringify(markers.map((m) => [m.locationId, m.locationName, m.latLng.lat, m.latLng.lng, m.freeRooms]));
