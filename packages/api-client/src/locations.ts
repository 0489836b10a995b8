import { queryOptions } from '@tanstack/react-query';
import { location, locations } from '@lokaler/domain/location';
import { apiFetch } from './api-fetch';

/** GET /api/location: the locations shown in the portal. */
export const locationsQuery = () =>
  queryOptions({
    queryKey: ['locations'],
    queryFn: ({ signal }) => apiFetch('/api/location', { schema: locations, signal }),
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
