import { reservationsChangedResponse, type ChangeReservationBody } from '@lokaler/domain/admin-reservation-change';
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
