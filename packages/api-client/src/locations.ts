import { queryOptions } from '@tanstack/react-query';
import { openRoundOfLocation } from '@lokaler/domain/application-rounds';
import { location, locationList } from '@lokaler/domain/location';
import { apiFetch } from './api-fetch';

/** GET /api/location?shape=list: the locations shown in the portal, with what the venue list shows of each (decision 019). */
export const locationsQuery = () =>
  queryOptions({
    queryKey: ['locations', 'list'],
    queryFn: ({ signal }) => apiFetch('/api/location', { query: { shape: 'list' }, schema: locationList, signal }),
  });

/**
 * A page's first data, asked for beside other requests (prefetchFirstData, usePrefetchQuery), stays
 * fresh this long, so the page that mounts a moment later takes it instead of asking again.
 */
export const FIRST_DATA_STALE_MS = 10_000;

/** GET /api/location/{id}. */
export const locationQuery = (id: number) =>
  queryOptions({
    queryKey: ['locations', id],
    queryFn: ({ signal }) => apiFetch(`/api/location/${id}`, { schema: location, signal }),
    staleTime: FIRST_DATA_STALE_MS,
  });

/**
 * GET /api/location/{id}/round: the semester round a semester application to the location enters
 * today (decision 029), or { round: null }. The apply form names it before the application is sent.
 */
export const openRoundOfLocationQuery = (locationId: number) =>
  queryOptions({
    queryKey: ['locations', locationId, 'round'],
    queryFn: ({ signal }) => apiFetch(`/api/location/${locationId}/round`, { schema: openRoundOfLocation, signal }),
    staleTime: 60_000,
  });
