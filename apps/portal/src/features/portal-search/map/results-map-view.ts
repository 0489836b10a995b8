import * as L from 'leaflet';
import { escapeHtml } from '@lokaler/domain/escape-html';
import type { MapSettings } from '@lokaler/domain/map-settings';
import { freeRoomsText, markerLabel, markersSignature, type LocationMarker } from './map-markers';

/** Issue #4: the map opens over Oslo. */
export const OSLO_CENTRE: L.LatLngTuple = [59.913, 10.746];
export const OSLO_ZOOM = 10;
const MARKER_SIZE = 36;
/** Not closer than a street's worth when the markers are few (or one). */
const FIT_MAX_ZOOM = 15;
/** Rooms named in a popup before '… og {n} til'. */
const POPUP_ROOMS = 6;

export interface MarkerLinks {
  /** The location page of a marker's location. */
  href: (locationId: number) => string;
  /** Follows a link inside the app (the router's navigate), so the search in memory survives. */
  navigate: (href: string) => void;
}

export interface TileEvents {
  onTileError: () => void;
  onTileLoad: () => void;
}

/**
 * The Leaflet side of the results map: made once per container, then told which tiles and which
 * markers to show. Markers are div icons styled in results-map.css (Leaflet's PNG icons are left
 * alone: their URLs break under a bundler), keyboard-reachable buttons named 'Sted: n ledige rom'.
 */
export class ResultsMapView {
  private readonly map: L.Map;
  private readonly markerLayer = L.featureGroup();
  private tileLayer: L.TileLayer | null = null;
  private tileUrl: string | null | undefined;
  private drawn: string | null = null;
  /** The markers were fitted while the map had no size (laid out later): fit again once it has one. */
  private fitPending = false;
  private readonly resizeObserver: ResizeObserver | null;

  constructor(container: HTMLElement, private readonly links: () => MarkerLinks) {
    this.map = L.map(container, { center: OSLO_CENTRE, zoom: OSLO_ZOOM, zoomControl: false, attributionControl: false });
    L.control.zoom({ zoomInTitle: 'Zoom inn', zoomOutTitle: 'Zoom ut' }).addTo(this.map);
    L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(this.map);
    this.markerLayer.addTo(this.map);
    // Leaflet follows the window's size only; the page's layout can change the map's size on its own.
    this.resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resized());
    this.resizeObserver?.observe(container);
  }

  /** The background: the configured tiles, or none (null). Errors and loads are reported for the note under the map. */
  setTiles(settings: MapSettings | null, events: TileEvents): void {
    const url = settings?.tileUrl ?? null;
    if (url === this.tileUrl) return;
    this.tileUrl = url;
    this.tileLayer?.remove();
    this.tileLayer = null;
    if (!url || !settings) return;
    this.tileLayer = L.tileLayer(url, { attribution: escapeHtml(settings.tileAttribution), maxZoom: 19 })
      .on('tileerror', events.onTileError)
      .on('tileload', events.onTileLoad)
      .addTo(this.map);
  }

  /** Puts these markers on the map and fits the view to them (or Oslo when there are none); the same markers again change nothing. */
  setMarkers(markers: readonly LocationMarker[]): void {
    const signature = markersSignature(markers);
    if (signature === this.drawn) return;
    this.drawn = signature;
    this.markerLayer.clearLayers();
    for (const marker of markers) this.addMarker(marker);
    this.fit();
  }

  remove(): void {
    this.resizeObserver?.disconnect();
    this.map.remove();
  }

  private fit(): void {
    const size = this.map.getSize();
    this.fitPending = size.x === 0 || size.y === 0;
    if (this.markerLayer.getLayers().length) this.map.fitBounds(this.markerLayer.getBounds(), { padding: [MARKER_SIZE, MARKER_SIZE], maxZoom: FIT_MAX_ZOOM });
    else this.map.setView(OSLO_CENTRE, OSLO_ZOOM);
  }

  private resized(): void {
    this.map.invalidateSize();
    if (this.fitPending) this.fit();
  }

  private addMarker(marker: LocationMarker): void {
    const icon = L.divIcon({
      className: 'lk-map-marker',
      html: `<span aria-hidden="true">${marker.freeRooms.length}</span>`,
      iconSize: [MARKER_SIZE, MARKER_SIZE],
      popupAnchor: [0, -MARKER_SIZE / 2],
    });
    const layer = L.marker([marker.latLng.lat, marker.latLng.lng], { icon, keyboard: true, riseOnHover: true });
    let openedByKeyboard = false;
    layer.bindPopup(() => this.popupContent(marker, () => layer.closePopup()), { className: 'lk-map-popup', maxWidth: 280 });
    layer.on('popupopen', (e) => {
      const link = e.popup.getElement()?.querySelector<HTMLElement>('.leaflet-popup-close-button');
      link?.setAttribute('aria-label', 'Lukk');
      if (openedByKeyboard) e.popup.getElement()?.querySelector<HTMLElement>('.lk-map-popup__link')?.focus();
    });
    layer.on('popupclose', () => {
      // A keyboard user whose popup closes goes back to its marker, not to the top of the page.
      if (openedByKeyboard) layer.getElement()?.focus();
      openedByKeyboard = false;
    });
    layer.addTo(this.markerLayer);

    const element = layer.getElement();
    if (!element) return;
    element.setAttribute('aria-label', markerLabel(marker));
    // Leaflet opens the popup on Enter (keypress) only; a button opens on Space too, and says where focus goes.
    element.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      openedByKeyboard = true;
      layer.openPopup();
    });
    element.addEventListener('pointerdown', () => {
      openedByKeyboard = false;
    });
  }

  private popupContent(marker: LocationMarker, close: () => void): HTMLElement {
    const root = document.createElement('div');
    root.className = 'lk-map-popup__content';
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', marker.locationName);

    const title = document.createElement('p');
    title.className = 'lk-map-popup__title';
    title.textContent = marker.locationName;
    const count = document.createElement('p');
    count.className = 'lk-map-popup__count';
    count.textContent = freeRoomsText(marker.freeRooms.length);
    root.append(title, count);

    const rooms = document.createElement('ul');
    rooms.className = 'lk-map-popup__rooms';
    for (const name of marker.freeRooms.slice(0, POPUP_ROOMS)) {
      const item = document.createElement('li');
      item.textContent = name;
      rooms.append(item);
    }
    const more = marker.freeRooms.length - POPUP_ROOMS;
    if (more > 0) {
      const item = document.createElement('li');
      item.textContent = `… og ${more} til`;
      rooms.append(item);
    }
    root.append(rooms);

    const { href, navigate } = this.links();
    const link = document.createElement('a');
    link.className = 'lk-map-popup__link';
    link.href = href(marker.locationId);
    link.textContent = `Gå til ${marker.locationName}`;
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      close();
      navigate(href(marker.locationId));
    });
    root.append(link);

    root.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    });
    return root;
  }
}
