import { mutationOptions } from '@tanstack/react-query';
import { reservationsChangedResponse, type ChangeReservationBody } from '@lokaler/domain/admin-reservation-change';
import { adminBookingsKey, refreshAdminBookings } from './admin-bookings';
import { apiFetch } from './api-fetch';

/**
 * PUT /api/reservation/{id}: moves one time (new date, start and duration) with a comment. A 409
 * carries the taken times in ApiClientError.conflicts; nothing changes then.
 */
export function changeReservation(reservationId: number, body: ChangeReservationBody) {
  return apiFetch(`/api/reservation/${reservationId}`, { method: 'PUT', body, schema: reservationsChangedResponse });
}

/** DELETE /api/reservation?id=…&id=…: removes times of one booking. */
export function deleteReservations(reservationIds: readonly number[], comment?: string) {
  return apiFetch('/api/reservation', { method: 'DELETE', query: { id: reservationIds, comment }, schema: reservationsChangedResponse });
}

export const changeReservationMutation = (reservationId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingsKey, 'reservation', reservationId, 'change'],
    mutationFn: (body: ChangeReservationBody) => changeReservation(reservationId, body),
    onSuccess: refreshAdminBookings,
  });

export const deleteReservationsMutation = () =>
  mutationOptions({
    mutationKey: [...adminBookingsKey, 'reservations', 'delete'],
    mutationFn: ({ reservationIds, comment }: { reservationIds: readonly number[]; comment?: string | undefined }) =>
      deleteReservations(reservationIds, comment),
    onSuccess: refreshAdminBookings,
  });
