import { mutationOptions } from '@tanstack/react-query';
import { createBookingResponse, type CreateBookingRequest, type CreateBookingResponse } from '@lokaler/domain/booking-create';
import { apiFetch } from './api-fetch';
import { userBookingsKey } from './user-bookings';

/**
 * POST /api/booking (needs login): 201 { bookingId, caseNumber }. A 409 (code BOOKING_CONFLICT)
 * carries the taken times in ApiClientError.conflicts; nothing is saved then.
 */
export function createBooking(request: CreateBookingRequest): Promise<CreateBookingResponse> {
  return apiFetch('/api/booking', { method: 'POST', body: request, schema: createBookingResponse });
}

/** The applicant's booking list has one more: it is fetched again when next shown. */
export const createBookingMutation = (sub: string) =>
  mutationOptions({
    mutationKey: [...userBookingsKey(sub), 'create'],
    mutationFn: createBooking,
    onSuccess: (_data, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: userBookingsKey(sub) }),
  });
