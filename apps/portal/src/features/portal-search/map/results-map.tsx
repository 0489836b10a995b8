import type { SearchAssetHit } from '@lokaler/domain/search-request';

export interface ResultsMapProps {
  /** The rooms to show (already filtered); rooms without latLng are left off the map. */
  hits: readonly SearchAssetHit[];
  /** The location page link for a location's marker (built by the page with portalLocationHref). */
  locationHref: (locationId: number) => string;
}

/** The map of the map view (being built: Leaflet, one marker per location, tiles from configuration). */
export function ResultsMap({ hits }: ResultsMapProps) {
  return <div className="lk-results-map" aria-label={`Kart med ${hits.length} rom`} />;
}
