import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { decisionResponse } from '@lokaler/domain/admin-approval';
import { rejectionChoices, type RejectBookingBody } from '@lokaler/domain/admin-rejection';
import { adminBookingKey, refreshAdminBookings } from './admin-bookings';
import { apiFetch } from './api-fetch';

/** GET /api/rejection-choices: the prepared reasons. They rarely change, so they are kept for an hour. */
export const rejectionChoicesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'rejection-choices'],
    queryFn: ({ signal }) => apiFetch('/api/rejection-choices', { schema: rejectionChoices, signal }),
    staleTime: 60 * 60 * 1000,
  });

/** PUT /api/booking/{id}/reject with a prepared reason's key, a written text, or both. */
export function rejectBooking(bookingId: number, body: RejectBookingBody) {
  return apiFetch(`/api/booking/${bookingId}/reject`, { method: 'PUT', body, schema: decisionResponse });
}

/** PUT /api/booking/{id}/rejectasset/{assetId}: takes one room out of the booking. */
export function rejectAsset(bookingId: number, bookableAssetId: number, comment?: string): Promise<unknown> {
  return apiFetch(`/api/booking/${bookingId}/rejectasset/${bookableAssetId}`, { method: 'PUT', body: comment ? { comment } : {} });
}

export const rejectBookingMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'reject'],
    mutationFn: (body: RejectBookingBody) => rejectBooking(bookingId, body),
    onSuccess: refreshAdminBookings,
  });

export const rejectAssetMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'reject-asset'],
    mutationFn: ({ bookableAssetId, comment }: { bookableAssetId: number; comment?: string | undefined }) =>
      rejectAsset(bookingId, bookableAssetId, comment),
    onSuccess: refreshAdminBookings,
  });
