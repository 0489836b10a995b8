import { queryOptions } from '@tanstack/react-query';
import {
  infoForLeietaker,
  RETROACTIVE_CONTRACT_CACHE_SECONDS,
  retroactiveContractResponse,
  vedtakResponse,
} from '@lokaler/domain/user-booking-documents';
import { apiFetch } from './api-fetch';
import { FIRST_DATA_STALE_MS } from './locations';
import { userBookingKey } from './user-bookings';

/** The documents of a booking (spec 02 §2 documents section, §7). */

/** GET /api/user/vedtak/{id}: the decision (vedtakHtml). */
export const vedtakQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: [...userBookingKey(sub, bookingId), 'vedtak'],
    queryFn: ({ signal }) => apiFetch(`/api/user/vedtak/${bookingId}`, { schema: vedtakResponse, signal }),
  });

/** GET /api/user/retroactive-contract/{bookingId}: the retroactive-booking note, '' when none; cached 5 minutes. */
export const retroactiveContractQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: [...userBookingKey(sub, bookingId), 'retroactive-contract'],
    queryFn: ({ signal }) => apiFetch(`/api/user/retroactive-contract/${bookingId}`, { schema: retroactiveContractResponse, signal }),
    staleTime: RETROACTIVE_CONTRACT_CACHE_SECONDS * 1000,
    gcTime: RETROACTIVE_CONTRACT_CACHE_SECONDS * 1000,
  });

/** GET /api/user/booking/{bookingId}/infoforleietaker: practical information about the venue. */
export const infoForLeietakerQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: [...userBookingKey(sub, bookingId), 'infoforleietaker'],
    queryFn: ({ signal }) => apiFetch(`/api/user/booking/${bookingId}/infoforleietaker`, { schema: infoForLeietaker, signal }),
    // Asked for with the booking (the booking page's first data): the section takes that answer.
    staleTime: FIRST_DATA_STALE_MS,
  });
