import { queryOptions } from '@tanstack/react-query';
import { locationAbout } from '@lokaler/domain/location';
import { apiFetch } from './api-fetch';
import { FIRST_DATA_STALE_MS } from './locations';

/** GET /api/about/{locationId}: 'who can apply', costs and loan criteria (HTML). Spec 01 §7: prefetched with the location. */
export const locationAboutQuery = (locationId: number) =>
  queryOptions({
    queryKey: ['about', locationId],
    queryFn: ({ signal }) => apiFetch(`/api/about/${locationId}`, { schema: locationAbout, signal }),
    staleTime: FIRST_DATA_STALE_MS,
  });
