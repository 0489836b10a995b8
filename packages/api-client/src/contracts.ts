import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { contractMessages, contractResponse } from '@lokaler/domain/contract';
import { apiFetch } from './api-fetch';
import { userBookingKey } from './user-bookings';

/** GET /api/user/contract/{id}: the contract document and whether it is signed. */
export const contractQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: [...userBookingKey(sub, bookingId), 'contract'],
    queryFn: ({ signal }) => apiFetch(`/api/user/contract/${bookingId}`, { schema: contractResponse, signal }),
  });

/**
 * POST /api/user/contract/confirm/{id}: sign. A 401 here means the booking was made by someone else
 * (spec 02 §8): the session-ended message says so instead of the generic one.
 */
export async function signContract(bookingId: number): Promise<void> {
  await apiFetch(`/api/user/contract/confirm/${bookingId}`, { method: 'POST', unauthorizedMessage: contractMessages.notCreator });
}

/** The booking (badge, key status) and the contract (signed line) both change: fetched again. */
export const signContractMutation = (sub: string, bookingId: number) =>
  mutationOptions({
    mutationKey: [...userBookingKey(sub, bookingId), 'sign-contract'],
    mutationFn: () => signContract(bookingId),
    onSuccess: (_data, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: userBookingKey(sub, bookingId) }),
  });
