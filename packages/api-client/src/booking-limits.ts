import { queryOptions } from '@tanstack/react-query';
import { bookingLimitsResponse } from '@lokaler/domain/fair-share';
import { apiFetch } from './api-fetch';

/**
 * GET /api/location/{id}/booking-limits (decision 041): the fair-share limits at a location and, when
 * logged in, what the person (or the organisation they act for) holds pending there. Keyed by who
 * asks (`viewer`: the login's sub, or the organisation acted for), so a login or a switch of identity
 * asks again.
 */
export const bookingLimitsQuery = (locationId: number, viewer: string | null) =>
  queryOptions({
    queryKey: ['locations', locationId, 'booking-limits', viewer],
    queryFn: ({ signal }) => apiFetch(`/api/location/${locationId}/booking-limits`, { schema: bookingLimitsResponse, signal }),
    staleTime: 30_000,
  });
