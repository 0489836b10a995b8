import { queryOptions } from '@tanstack/react-query';
import { locationAbout } from '@lokaler/domain/location';
import { apiFetch } from './api-fetch';

/** GET /api/about/{locationId}: 'who can apply', costs and loan criteria (HTML). Spec 01 §7: prefetched with the location. */
export const locationAboutQuery = (locationId: number) =>
  queryOptions({
    queryKey: ['about', locationId],
    queryFn: ({ signal }) => apiFetch(`/api/about/${locationId}`, { schema: locationAbout, signal }),
  });
