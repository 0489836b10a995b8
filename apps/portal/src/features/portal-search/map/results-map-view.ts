// The default import is Leaflet's own exports object, which the cluster plugin extends (through the
// global L that Leaflet sets); a namespace import is a bundler's copy made before the plugin ran.
import L from 'leaflet';
import 'leaflet.markercluster';
import { escapeHtml } from '@lokaler/domain/escape-html';
import type { MapSettings } from '@lokaler/domain/map-settings';
import { clusterLabel, freeRoomsText, markerLabel, markersSignature, type LocationMarker } from './map-markers';

/** Decision 005: the map opens over Oslo. */
export const OSLO_CENTRE: L.LatLngTuple = [59.913, 10.746];
export const OSLO_ZOOM = 10;
const MARKER_SIZE = 36;
const CLUSTER_SIZE = 44;
const MAX_ZOOM = 19;
/** Not closer than a street's worth when the markers are few (or one). */
const FIT_MAX_ZOOM = 15;
/** Rooms named in a popup before '… og {n} til'. */
const POPUP_ROOMS = 6;
/** Markers closer than this (pixels at the current zoom) are drawn as one cluster. */
const CLUSTER_RADIUS = 48;
/** From this zoom (a few streets) every location has its own marker. */
const NO_CLUSTERS_FROM_ZOOM = 16;
/** A keyboard user's focus follows a cluster's zoom once it is drawn; if no redraw comes, after this. */
const CLUSTER_FOCUS_FALLBACK_MS = 700;

interface KeyboardIconOptions extends L.DivIconOptions {
  /** The element's accessible name. */
  label: string;
  /** Enter or Space on the element. */
  onActivate: () => void;
}

/**
 * A div icon whose element is named for screen readers and answers Enter and Space: Leaflet makes a
 * keyboard marker's element a button (role, tabindex) but names it only by `title` and opens on Enter
 * only. Markers and clusters are made and dropped as the zoom changes, so both go on each new element.
 */
const KeyboardIcon = L.DivIcon.extend({
  createIcon(this: { options: KeyboardIconOptions }, oldIcon?: HTMLElement): HTMLElement {
    const element = (L.DivIcon.prototype.createIcon as (this: unknown, old?: HTMLElement) => HTMLElement).call(this, oldIcon);
    const { label, onActivate } = this.options;
    element.setAttribute('aria-label', label);
    // A property, not addEventListener: an element Leaflet hands back in again keeps one handler.
    element.onkeydown = (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      // Also stops Leaflet's and the cluster plugin's keypress handlers, which would act a second time.
      event.preventDefault();
      onActivate();
    };
    return element;
  },
}) as unknown as new (options: KeyboardIconOptions) => L.DivIcon;

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
  private readonly markerLayer: L.MarkerClusterGroup;
  private tileLayer: L.TileLayer | null = null;
  private tileUrl: string | null | undefined;
  private drawn: string | null = null;
  /** Each marker's place in the list's order: a cluster opened from the keyboard focuses its first. */
  private markerOrder = new WeakMap<L.Layer, number>();
  /** The markers were fitted while the map had no size (laid out later): fit again once it has one. */
  private fitPending = false;
  /** Between Leaflet's zoomstart and zoomend. */
  private zooming = false;
  private readonly resizeObserver: ResizeObserver | null;

  constructor(
    container: HTMLElement,
    private readonly links: () => MarkerLinks,
  ) {
    // A map without tiles has no maximum zoom of its own; the cluster plugin needs one.
    this.map = L.map(container, { center: OSLO_CENTRE, zoom: OSLO_ZOOM, maxZoom: MAX_ZOOM, zoomControl: false, attributionControl: false });
    L.control.zoom({ zoomInTitle: 'Zoom inn', zoomOutTitle: 'Zoom ut' }).addTo(this.map);
    L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(this.map);
    this.markerLayer = L.markerClusterGroup({
      maxClusterRadius: CLUSTER_RADIUS,
      disableClusteringAtZoom: NO_CLUSTERS_FROM_ZOOM,
      showCoverageOnHover: false,
      // Clusters split and merge at the end of Leaflet's own zoom animation, without a second one of their
      // own: less work on a phone, nothing moving for those who asked for less motion, and a cluster
      // answers at once (the plugin ignores clicks while it animates).
      animate: false,
      iconCreateFunction: (cluster) => this.clusterIcon(cluster),
    });
    this.markerLayer.addTo(this.map);
    // After the cluster layer's own zoomend (it was added first): by then its clusters are redrawn.
    this.map.on('zoomstart', () => (this.zooming = true)).on('zoomend', () => (this.zooming = false));
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
    this.tileLayer = L.tileLayer(url, { attribution: escapeHtml(settings.tileAttribution), maxZoom: MAX_ZOOM })
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
    // In one go: the plugin clusters a batch once instead of once per marker.
    this.markerOrder = new WeakMap();
    this.markerLayer.addLayers(
      markers.map((marker, index) => {
        const layer = this.createMarker(marker);
        this.markerOrder.set(layer, index);
        return layer;
      }),
    );
    this.fit();
  }

  remove(): void {
    this.resizeObserver?.disconnect();
    this.map.remove();
  }

  private fit(): void {
    const size = this.map.getSize();
    this.fitPending = size.x === 0 || size.y === 0;
    if (this.markerLayer.getLayers().length)
      this.map.fitBounds(this.markerLayer.getBounds(), { padding: [MARKER_SIZE, MARKER_SIZE], maxZoom: FIT_MAX_ZOOM });
    else this.map.setView(OSLO_CENTRE, OSLO_ZOOM);
  }

  private resized(): void {
    this.map.invalidateSize();
    if (this.fitPending) this.fit();
  }

  /**
   * A cluster of nearby markers at a low zoom: a button named '12 lokaler her – zoom inn'. Clicked or
   * activated, it zooms to its markers (or spreads them out when no zoom separates them, the plugin's
   * own choice); from the keyboard, focus then goes to the first of them, not to the top of the page.
   */
  private clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
    const count = cluster.getChildCount();
    return new KeyboardIcon({
      className: 'lk-map-cluster',
      html: `<span aria-hidden="true">${count}</span>`,
      iconSize: [CLUSTER_SIZE, CLUSTER_SIZE],
      label: clusterLabel(count),
      onActivate: () => {
        const first = minBy(cluster.getAllChildMarkers(), (child) => this.markerOrder.get(child) ?? Infinity);
        if (first) this.focusWhenDrawn(first);
        // The cluster's element goes with the zoom: until the new one is drawn, focus waits on the map, not the page.
        this.map.getContainer().focus({ preventScroll: true });
        // Zoom in while that tells its markers apart; where none does (the same building), spread them out.
        if (this.map.getZoom() < NO_CLUSTERS_FROM_ZOOM && this.map.getBoundsZoom(cluster.getBounds()) > this.map.getZoom())
          cluster.zoomToBounds({ padding: [MARKER_SIZE, MARKER_SIZE] });
        else cluster.spiderfy();
      },
    });
  }

  /**
   * Focuses what shows this marker (itself, or the cluster it is in) once the clusters are redrawn. The
   * fallback (for a zoom that changed nothing) waits while a zoom is still under way: on a slow device
   * it would otherwise focus an element the redraw is about to remove, and focus would fall to the page.
   */
  private focusWhenDrawn(marker: L.Marker): void {
    let done = false;
    const focus = () => {
      if (done) return;
      done = true;
      this.markerLayer.off('animationend', focus).off('spiderfied', focus);
      const shown = this.markerLayer.getVisibleParent(marker) as L.Marker | null;
      (shown?.getElement() ?? this.map.getContainer()).focus();
    };
    const fallback = () => {
      if (this.zooming) setTimeout(fallback, CLUSTER_FOCUS_FALLBACK_MS / 7);
      else focus();
    };
    this.markerLayer.once('animationend', focus).once('spiderfied', focus);
    setTimeout(fallback, CLUSTER_FOCUS_FALLBACK_MS);
  }

  private createMarker(marker: LocationMarker): L.Marker {
    let openedByKeyboard = false;
    const icon = new KeyboardIcon({
      className: 'lk-map-marker',
      html: `<span aria-hidden="true">${marker.freeRooms.length}</span>`,
      iconSize: [MARKER_SIZE, MARKER_SIZE],
      popupAnchor: [0, -MARKER_SIZE / 2],
      label: markerLabel(marker),
      onActivate: () => {
        openedByKeyboard = true;
        layer.openPopup();
      },
    });
    const layer = L.marker([marker.latLng.lat, marker.latLng.lng], { icon, keyboard: true, riseOnHover: true });
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
    // A marker's element exists only while it is drawn on its own (not inside a cluster).
    layer.on('add', () => {
      const element = layer.getElement();
      if (element)
        element.onpointerdown = () => {
          openedByKeyboard = false;
        };
    });
    return layer;
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

function minBy<T>(items: readonly T[], key: (item: T) => number): T | undefined {
  return items.reduce<T | undefined>((best, item) => (best === undefined || key(item) < key(best) ? item : best), undefined);
}
