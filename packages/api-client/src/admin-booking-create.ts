import { mutationOptions } from '@tanstack/react-query';
import type { AddReservationsBody } from '@lokaler/domain/admin-reservation-change';
import { reservationsChangedResponse } from '@lokaler/domain/admin-reservation-change';
import type { CreateBookingRequestWithAdmin } from '@lokaler/domain/admin-booking-create';
import { createBookingResponse, type CreateBookingResponse } from '@lokaler/domain/booking-create';
import { availabilityResponse, type AdminAvailabilityRequest, type AvailabilityResponse } from '@lokaler/domain/booking-request';
import { adminBookingKey, adminBookingsKey, refreshAdminBookings } from './admin-bookings';
import { apiFetch } from './api-fetch';

/**
 * PUT /api/admin/booking/availability: the administrator's check, which may count blocked times and
 * closed dates as bookable. It also expands a weekly series into the single times POST needs.
 */
export function checkAdminAvailability(request: AdminAvailabilityRequest, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return apiFetch('/api/admin/booking/availability', { method: 'PUT', body: request, schema: availabilityResponse, signal });
}

/** POST /api/booking/{id}/reservations: adds times to a booking; a 409 carries the taken times. */
export function addReservations(bookingId: number, body: AddReservationsBody) {
  return apiFetch(`/api/booking/${bookingId}/reservations`, { method: 'POST', body, schema: reservationsChangedResponse });
}

/** POST /api/booking with an admin token: on behalf of a citizen, internal, or to make time unavailable. */
export function createAdminBooking(body: CreateBookingRequestWithAdmin): Promise<CreateBookingResponse> {
  return apiFetch('/api/booking', { method: 'POST', body, schema: createBookingResponse });
}

export const addReservationsMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'add-reservations'],
    mutationFn: (body: AddReservationsBody) => addReservations(bookingId, body),
    onSuccess: refreshAdminBookings,
  });

export const createAdminBookingMutation = () =>
  mutationOptions({ mutationKey: [...adminBookingsKey, 'create'], mutationFn: createAdminBooking, onSuccess: refreshAdminBookings });
