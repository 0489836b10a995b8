import { queryOptions } from '@tanstack/react-query';
import { oslonokkelenInfo, type OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import { apiFetch } from './api-fetch';
import { userBookingKey } from './user-bookings';

/**
 * The digital key of a booking (spec 02 §7): GET /api/oslonokkelen/{bookingId}/info, and adding or
 * removing a phone number with POST / DELETE /api/oslonokkelen/{bookingId}?phoneNumber=…, which
 * answer the key info as it is afterwards.
 */
export const oslonokkelenInfoQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: [...userBookingKey(sub, bookingId), 'oslonokkelen'],
    queryFn: ({ signal }) => apiFetch(`/api/oslonokkelen/${bookingId}/info`, { schema: oslonokkelenInfo, signal }),
  });

export function addKeyPhoneNumber(bookingId: number, phoneNumber: string): Promise<OslonokkelenInfo> {
  return apiFetch(`/api/oslonokkelen/${bookingId}`, { method: 'POST', query: { phoneNumber }, schema: oslonokkelenInfo });
}

export function removeKeyPhoneNumber(bookingId: number, phoneNumber: string): Promise<OslonokkelenInfo> {
  return apiFetch(`/api/oslonokkelen/${bookingId}`, { method: 'DELETE', query: { phoneNumber }, schema: oslonokkelenInfo });
}
