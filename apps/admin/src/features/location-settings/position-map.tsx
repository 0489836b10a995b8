import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as L from 'leaflet';
import { mapSettingsQuery } from '@lokaler/api-client/map-settings';
import { escapeHtml } from '@lokaler/domain/escape-html';
import 'leaflet/dist/leaflet.css';

/** The map opens over Oslo (as the portal's), closer in when the location has a position. */
const OSLO_CENTRE: L.LatLngTuple = [59.913, 10.746];
const OSLO_ZOOM = 11;
const POSITION_ZOOM = 15;
const MARKER_SIZE = 24;

export interface PositionMapProps {
  lat: number | null;
  lng: number | null;
  /** A click on the map: the position, rounded to 6 decimals (about 10 cm). */
  onPick: (lat: number, lng: number) => void;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A small map to pick the location's position with a click, on the tiles the server is configured
 * with (the portal's map settings). The two number fields beside it are the keyboard's way to the
 * same value (Leaflet's own keyboard panning is off: it would not pick anything).
 */
export function PositionMap({ lat, lng, onPick }: PositionMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  const settings = useQuery(mapSettingsQuery());

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { center: OSLO_CENTRE, zoom: OSLO_ZOOM, keyboard: false, attributionControl: false });
    L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => pick.current(round6(event.latlng.lat), round6(event.latlng.lng)));
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  const tileUrl = settings.data?.tileUrl ?? null;
  const attribution = settings.data?.tileAttribution ?? '';
  useEffect(() => {
    if (!map.current || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { attribution: escapeHtml(attribution), maxZoom: 19 }).addTo(map.current);
    return () => {
      layer.remove();
    };
  }, [tileUrl, attribution]);

  const valid = lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (!valid) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const position: L.LatLngTuple = [lat, lng];
    if (marker.current) marker.current.setLatLng(position);
    else {
      const icon = L.divIcon({ className: 'lk-position-marker', iconSize: [MARKER_SIZE, MARKER_SIZE] });
      marker.current = L.marker(position, { icon, keyboard: false, interactive: false }).addTo(current);
    }
    if (!current.getBounds().contains(position)) current.setView(position, Math.max(current.getZoom(), POSITION_ZOOM));
  }, [valid, lat, lng]);

  return <div ref={container} className="lk-position-map" role="region" aria-label="Kart: klikk der lokalet ligger" />;
}
