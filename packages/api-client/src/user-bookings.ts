import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { changeLogEntries } from '@lokaler/domain/change-log';
import { verifiedBookingAccess, type VerifiedBookingAccess } from '@lokaler/domain/user-booking-documents';
import { userBooking, userBookingSummaries } from '@lokaler/domain/user-booking';
import { apiFetch } from './api-fetch';

/**
 * The applicant's bookings (spec 02 §7 "Applicant side"). Every key starts with ['user', sub,
 * 'bookings'] so another login never sees a cached answer, and invalidating one booking's key also
 * refreshes what hangs under it (changes, contract, documents, key info).
 */
export const userBookingsKey = (sub: string) => ['user', sub, 'bookings'] as const;
export const userBookingKey = (sub: string, bookingId: number) => [...userBookingsKey(sub), bookingId] as const;

/** GET /api/user/booking: the bookings of the identity the person acts as. */
export const userBookingsQuery = (sub: string) =>
  queryOptions({
    queryKey: [...userBookingsKey(sub), 'list'],
    queryFn: ({ signal }) => apiFetch('/api/user/booking', { schema: userBookingSummaries, signal }),
  });

/** GET /api/user/booking/{id}. */
export const userBookingQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: userBookingKey(sub, bookingId),
    queryFn: ({ signal }) => apiFetch(`/api/user/booking/${bookingId}`, { schema: userBooking, signal }),
  });

/** GET /api/user/booking/{id}/changes: the change timeline. */
export const userBookingChangesQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: [...userBookingKey(sub, bookingId), 'changes'],
    queryFn: ({ signal }) => apiFetch(`/api/user/booking/${bookingId}/changes`, { schema: changeLogEntries, signal }),
  });

/** PATCH /api/booking/{id} with status cancelled: the applicant cancels (allowed while isCancellable). */
export async function cancelUserBooking(bookingId: number): Promise<void> {
  await apiFetch(`/api/booking/${bookingId}`, { method: 'PATCH', body: { status: 'cancelled' } });
}

/** The booking and the list show Kansellert once fetched again. */
export const cancelUserBookingMutation = (sub: string, bookingId: number) =>
  mutationOptions({
    mutationKey: [...userBookingKey(sub, bookingId), 'cancel'],
    mutationFn: () => cancelUserBooking(bookingId),
    onSuccess: (_data, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: userBookingsKey(sub) }),
  });

/** GET /api/verifiedbookingaccess/{token}: the booking a claim link gives the logged-in person. */
export function claimBooking(token: string, signal?: AbortSignal): Promise<VerifiedBookingAccess> {
  return apiFetch(`/api/verifiedbookingaccess/${encodeURIComponent(token)}`, { schema: verifiedBookingAccess, signal });
}
