import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { mapSettingsQuery } from '@lokaler/api-client/map-settings';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { locationMarkers, type LocationMarker } from './map-markers';
import { ResultsMapView, type MarkerLinks } from './results-map-view';
import 'leaflet/dist/leaflet.css';
// The plugin's layout and animations only: its Default.css colours give way to results-map.css.
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './results-map.css';

export interface ResultsMapProps {
  /** The rooms to show (already filtered); rooms without latLng are left off the map. */
  hits?: readonly SearchAssetHit[];
  /** Or the markers as the server makes them (shape=markers, decision 019): then no hits are needed. */
  markers?: readonly LocationMarker[];
  /** The location page link for a location's marker (built by the page with locationHrefsFor). */
  locationHref: (locationId: number) => string;
}

/**
 * The map of the map view (decision 005): one marker per location with free rooms, over Oslo, on the
 * tiles the server is configured with (GET /api/client-settings/map.json). Without tiles (none
 * configured, or none reachable) the markers and their popups work the same on a plain background,
 * and a quiet note says the background is missing.
 */
export function ResultsMap({ hits, markers: given, locationHref }: ResultsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const view = useRef<ResultsMapView | null>(null);
  const navigate = useNavigate();
  const links = useRef<MarkerLinks>({ href: locationHref, navigate: (href) => void navigate(href) });
  useEffect(() => {
    links.current = { href: locationHref, navigate: (href) => void navigate(href) };
  });

  const settings = useQuery(mapSettingsQuery());
  const [tiles, setTiles] = useState({ failed: false, loaded: false });
  const markers = useMemo(() => given ?? locationMarkers(hits ?? []), [given, hits]);

  // Made once; the effects below run after it (in order) whenever React mounts this again.
  useEffect(() => {
    if (!containerRef.current) return;
    const created = new ResultsMapView(containerRef.current, () => links.current);
    view.current = created;
    return () => {
      created.remove();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.setTiles(settings.data ?? null, {
      onTileError: () => setTiles((t) => (t.failed ? t : { ...t, failed: true })),
      onTileLoad: () => setTiles((t) => (t.loaded ? t : { ...t, loaded: true })),
    });
  }, [settings.data]);

  useEffect(() => {
    view.current?.setMarkers(markers);
  }, [markers]);

  // Some tiles failing while others show is a network hiccup, not a missing background.
  const backgroundMissing = settings.isError || (tiles.failed && !tiles.loaded);
  return (
    <div className="lk-results-map">
      <div
        ref={containerRef}
        className="lk-results-map__map"
        role="region"
        aria-label={`Kart over ledige rom: ${markers.length === 1 ? 'ett sted' : `${markers.length} steder`}`}
      />
      <p className="lk-results-map__note" role="status">
        {backgroundMissing ? 'Kartbakgrunnen kunne ikke lastes. Stedene med ledige rom vises likevel.' : ''}
      </p>
    </div>
  );
}
