import type { LocationListItem as Location } from '@lokaler/domain/location';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import type { VenueCategorySlug } from '../../config/paths';
import { categoryOptions, categoryTypes, groupLabels, groupOrder, isCategorySlug } from './categories';

/**
 * The venue list's filters and the URL query they live in (spec 01 §2): tekst (search text),
 * kategorier (comma-separated slugs) and geo (comma-separated district ids).
 */
export interface VenueFilters {
  text: string;
  categories: VenueCategorySlug[];
  districts: string[];
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function parseVenueFilters(params: URLSearchParams): VenueFilters {
  const slugs = list(params.get('kategorier')?.toLowerCase() ?? null).filter(isCategorySlug);
  return {
    text: params.get('tekst') ?? '',
    // Known slugs only, each once, in the filter's own order: the same choice gives the same URL.
    categories: categoryOptions.map((o) => o.slug).filter((slug) => slugs.includes(slug)),
    districts: [...new Set(list(params.get('geo')))],
  };
}

/**
 * The query string of the filters ('' when none). Commas are kept as written, not percent-encoded,
 * so the URL reads as the spec shows it (?kategorier=skoler,biblioteker).
 */
export function venueFiltersToSearch(filters: VenueFilters): string {
  const parts: string[] = [];
  const text = filters.text.trim();
  if (text) parts.push(`tekst=${encodeURIComponent(text)}`);
  if (filters.categories.length) parts.push(`kategorier=${filters.categories.map(encodeURIComponent).join(',')}`);
  if (filters.districts.length) parts.push(`geo=${filters.districts.map(encodeURIComponent).join(',')}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Case- and accent-insensitive text (spec 01 §5 search: 'rosenhoff' finds 'Rosenhoff', 'grunerlokka' finds 'Grünerløkka' apart from ø). */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('nb')
    .trim();
}

function matchesText(location: Location, text: string): boolean {
  const needle = normalizeSearchText(text);
  if (!needle) return true;
  return normalizeSearchText(`${location.name} ${location.geographicAreaName}`).includes(needle);
}

/**
 * The locations that match, in Norwegian name order. The town hall (type WEDDINGS) is always in the
 * list (spec 01 §2): no category or district filter removes it, only a search text that does not
 * match it.
 */
export function filterVenues(locations: readonly Location[], filters: VenueFilters): Location[] {
  const types = new Set(filters.categories.map((slug) => categoryTypes[slug]));
  const districts = new Set(filters.districts);
  return locations
    .filter((location) => {
      if (!matchesText(location, filters.text)) return false;
      if (location.publicLocationType === 'WEDDINGS') return true;
      if (types.size > 0 && !types.has(location.publicLocationType)) return false;
      return districts.size === 0 || districts.has(location.geographicAreaId);
    })
    .sort((a, b) => compareNorwegian(a.name, b.name));
}

export interface VenueGroup {
  type: Location['publicLocationType'];
  label: string;
  venues: Location[];
}

/** Results grouped per category (spec 01 §2), in a fixed order; empty groups are left out. */
export function groupVenues(locations: readonly Location[]): VenueGroup[] {
  return groupOrder
    .map((type) => ({ type, label: groupLabels[type], venues: locations.filter((l) => l.publicLocationType === type) }))
    .filter((group) => group.venues.length > 0);
}

/** 'Ett lokale' or '{n} lokaler' (spec 01 §2). */
export function venueCountLabel(count: number): string {
  return count === 1 ? 'Ett lokale' : `${count} lokaler`;
}
