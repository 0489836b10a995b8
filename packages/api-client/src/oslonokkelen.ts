import { mutationOptions, queryOptions } from '@tanstack/react-query';
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

/** Both answers are the key info as it is afterwards: it replaces the cached one. */
export const addKeyPhoneNumberMutation = (sub: string, bookingId: number) =>
  mutationOptions({
    mutationKey: [...oslonokkelenInfoQuery(sub, bookingId).queryKey, 'add'],
    mutationFn: (phoneNumber: string) => addKeyPhoneNumber(bookingId, phoneNumber),
    onSuccess: (next, _variables, _onMutateResult, { client }) => client.setQueryData(oslonokkelenInfoQuery(sub, bookingId).queryKey, next),
  });

export const removeKeyPhoneNumberMutation = (sub: string, bookingId: number) =>
  mutationOptions({
    mutationKey: [...oslonokkelenInfoQuery(sub, bookingId).queryKey, 'remove'],
    mutationFn: (phoneNumber: string) => removeKeyPhoneNumber(bookingId, phoneNumber),
    onSuccess: (next, _variables, _onMutateResult, { client }) => client.setQueryData(oslonokkelenInfoQuery(sub, bookingId).queryKey, next),
  });
