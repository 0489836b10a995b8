import { queryOptions } from '@tanstack/react-query';
import { availableTimeResponse, availableTimeSeriesResponse } from '@lokaler/domain/scheduling/search-query';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import type { SearchRepetition } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { SEARCH_PAGE_SIZE } from '@lokaler/domain/search-filters';
import { searchAssetsPage, searchAssetsResponse, searchMarkersResponse } from '@lokaler/domain/search-request';
import { apiFetch, type QueryParams } from './api-fetch';

/**
 * The new portal's search (spec 01 §7): GET /api/search/assets[/{locationId}][/repeating] for every
 * published room (or one location's), and the free times of one room from
 * GET /api/bookableasset/availabletime and /availabletimeseries. Callers pass only complete searches
 * (isSearchComplete): the server judges the rest with the form's own texts.
 */

export type PortalSearch =
  | { kind: 'single'; tagIds: readonly number[]; date: string; duration: string }
  | {
      kind: 'recurring';
      tagIds: readonly number[];
      from: string;
      to: string;
      duration: string;
      repetition: SearchRepetition;
      daysOfWeek: readonly DayOfWeek[];
    };

function searchParams(search: PortalSearch): QueryParams {
  const tagIds = [...search.tagIds].sort((a, b) => a - b);
  if (search.kind === 'single') return { tagIds, date: search.date, duration: search.duration };
  return {
    tagIds,
    from: search.from,
    to: search.to,
    duration: search.duration,
    repetition: search.repetition,
    daysOfWeek: [...search.daysOfWeek],
  };
}

/** Rooms free on at least one date of the search (available) and the rest (unavailable), city-wide or for one location. */
export const searchAssetsQuery = (search: PortalSearch, locationId?: number) => {
  const base = locationId === undefined ? '/api/search/assets' : `/api/search/assets/${locationId}`;
  const path = search.kind === 'single' ? base : `${base}/repeating`;
  const query = searchParams(search);
  return queryOptions({
    queryKey: ['search-assets', locationId ?? 'all', search.kind, query],
    queryFn: ({ signal }) => apiFetch(path, { query, schema: searchAssetsResponse, signal, authenticated: false }),
    // Someone may book in the meantime: a search shown again is asked again, but not on every render.
    staleTime: 30_000,
  });
};

/** The intervals of the asked duration free in one room on one date ('Vis flere' after 9). */
export const availableTimeQuery = (bookableAssetId: number, date: string, duration: string) =>
  queryOptions({
    queryKey: ['available-time', bookableAssetId, date, duration],
    queryFn: ({ signal }) =>
      apiFetch('/api/bookableasset/availabletime', {
        query: { bookableAssetId, date, duration },
        schema: availableTimeResponse,
        signal,
        authenticated: false,
      }),
    staleTime: 0,
  });

/** The intervals free in one room per weekday of a recurring search, with on how many of its dates each is free. */
export const availableTimeSeriesQuery = (
  bookableAssetId: number,
  search: { from: string; to: string; duration: string; repetition: SearchRepetition; daysOfWeek: readonly DayOfWeek[] },
) => {
  const query = {
    bookableAssetId,
    from: search.from,
    to: search.to,
    duration: search.duration,
    repetition: search.repetition,
    daysOfWeek: [...search.daysOfWeek],
  };
  return queryOptions({
    queryKey: ['available-time-series', query],
    queryFn: ({ signal }) =>
      apiFetch('/api/bookableasset/availabletimeseries', { query, schema: availableTimeSeriesResponse, signal, authenticated: false }),
    staleTime: 0,
  });
};

/** The result filters of the list (spec 01 §5) as the search routes take them (decision 019). */
export interface SearchResultFilters {
  capacity: readonly string[];
  text: string;
  areas: readonly string[];
}

function filterParams(filters: SearchResultFilters): QueryParams {
  const text = filters.text.trim();
  return { capacity: [...filters.capacity].sort(), area: [...filters.areas].sort(), ...(text ? { text } : {}) };
}

function cityWidePath(search: PortalSearch): string {
  return search.kind === 'single' ? '/api/search/assets' : '/api/search/assets/repeating';
}

/**
 * One page of the city-wide search after the filters (shape=page): SEARCH_PAGE_SIZE rooms of each list
 * from `offset` (of `list` only, for 'Vis flere'), the counts before and after the filters and the
 * area options. The first page of a city-wide one-date search is a few kB where the whole answer was 2 MB.
 */
export const searchPageQuery = (
  search: PortalSearch,
  filters: SearchResultFilters,
  page: { offset: number; list?: 'available' | 'unavailable' } = { offset: 0 },
) => {
  const query: QueryParams = {
    ...searchParams(search),
    ...filterParams(filters),
    shape: 'page',
    limit: SEARCH_PAGE_SIZE,
    offset: page.offset,
    ...(page.list ? { list: page.list } : {}),
  };
  return queryOptions({
    queryKey: ['search-assets', 'all', search.kind, 'page', query],
    queryFn: ({ signal }) => apiFetch(cityWidePath(search), { query, schema: searchAssetsPage, signal, authenticated: false }),
    staleTime: 30_000,
  });
};

/** The map's markers for the city-wide search after the filters (shape=markers): one per location with free rooms. */
export const searchMarkersQuery = (search: PortalSearch, filters: SearchResultFilters) => {
  const query: QueryParams = { ...searchParams(search), ...filterParams(filters), shape: 'markers' };
  return queryOptions({
    queryKey: ['search-assets', 'all', search.kind, 'markers', query],
    queryFn: ({ signal }) => apiFetch(cityWidePath(search), { query, schema: searchMarkersResponse, signal, authenticated: false }),
    staleTime: 30_000,
  });
};
