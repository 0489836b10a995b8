import { queryOptions } from '@tanstack/react-query';
import { bookableAssets } from '@lokaler/domain/bookable-asset';
import { apiFetch } from './api-fetch';
import { FIRST_DATA_STALE_MS } from './locations';

/** GET /api/location/{id}/bookableassets: the rooms of a location, as the venue page lists them. */
export const locationAssetsQuery = (locationId: number) =>
  queryOptions({
    queryKey: ['bookableassets', 'location', locationId],
    queryFn: ({ signal }) => apiFetch(`/api/location/${locationId}/bookableassets`, { schema: bookableAssets, signal }),
    staleTime: FIRST_DATA_STALE_MS,
  });

/**
 * GET /api/bookableasset?ids=1&ids=2: the chosen rooms (room page, application form). The key holds
 * the ids sorted, so the same rooms in another order share the cache.
 */
export const bookableAssetsQuery = (ids: readonly number[]) => {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: ['bookableassets', 'ids', sorted],
    queryFn: ({ signal }) => apiFetch('/api/bookableasset', { query: { ids: sorted }, schema: bookableAssets, signal }),
    enabled: sorted.length > 0,
  });
};
