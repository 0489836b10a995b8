import { capacityBuckets, type ResultFilters } from '@lokaler/domain/search-filters';
import type { SearchAreaOption, SearchAssetHit } from '@lokaler/domain/search-request';

/**
 * The result list's filters in the URL and the texts of a room's availability (spec 01 §5). The
 * filtering itself is the server's (shape=page, decision 019), by the domain's rules
 * (@lokaler/domain/search-filters), so a city-wide answer is one page, not six thousand rooms.
 */

export { capacityBuckets, hasFilters, noFilters, type CapacityBucketId, type ResultFilters } from '@lokaler/domain/search-filters';
export type AreaOption = SearchAreaOption;

/** Dates of the search the room is free on. */
export function availableDates(hit: SearchAssetHit): number {
  return Math.max(0, hit.datesCount - hit.unavailableDates.length);
}

/** 'Ledig på valgt dato' (single date), 'Ledig alle datoer', 'Ledig {n} av {m} datoer', 'Ikke ledig'. */
export function availabilityText(hit: SearchAssetHit): string {
  const free = availableDates(hit);
  if (free === 0) return hit.datesCount === 1 ? 'Ikke ledig på valgt dato' : 'Ikke ledig på noen av datoene';
  if (hit.datesCount === 1) return 'Ledig på valgt dato';
  if (free === hit.datesCount) return 'Ledig alle datoer';
  return `Ledig ${free} av ${hit.datesCount} datoer`;
}

/** Filters from the URL: kapasitet and bydel repeated, tekst once. Unknown buckets are dropped. */
export function readResultFilters(params: URLSearchParams): ResultFilters {
  return {
    capacity: capacityBuckets.map((b) => b.id).filter((id) => params.getAll('kapasitet').includes(id)),
    text: params.get('tekst') ?? '',
    areas: [...new Set(params.getAll('bydel').filter(Boolean))],
  };
}

/** The filters written into `base`, keeping its other parameters (the search, the view). */
export function writeResultFilters(filters: ResultFilters, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of ['kapasitet', 'tekst', 'bydel']) params.delete(name);
  for (const id of filters.capacity) params.append('kapasitet', id);
  if (filters.text.trim()) params.set('tekst', filters.text.trim());
  for (const id of filters.areas) params.append('bydel', id);
  return params;
}
