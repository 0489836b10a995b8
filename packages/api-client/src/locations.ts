import { queryOptions } from '@tanstack/react-query';
import { location, locations } from '@lokaler/domain/location';
import { apiFetch } from './api-fetch';

/** GET /api/location: the locations shown in the portal. */
export const locationsQuery = () =>
  queryOptions({
    queryKey: ['locations'],
    queryFn: ({ signal }) => apiFetch('/api/location', { schema: locations, signal }),
  });

/** GET /api/location/{id}. */
export const locationQuery = (id: number) =>
  queryOptions({
    queryKey: ['locations', id],
    queryFn: ({ signal }) => apiFetch(`/api/location/${id}`, { schema: location, signal }),
  });
