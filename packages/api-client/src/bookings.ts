import { createBookingResponse, type CreateBookingRequest, type CreateBookingResponse } from '@lokaler/domain/booking-create';
import { apiFetch } from './api-fetch';

/**
 * POST /api/booking (needs login): 201 { bookingId, caseNumber }. A 409 (code BOOKING_CONFLICT)
 * carries the taken times in ApiClientError.conflicts; nothing is saved then.
 */
export function createBooking(request: CreateBookingRequest): Promise<CreateBookingResponse> {
  return apiFetch('/api/booking', { method: 'POST', body: request, schema: createBookingResponse });
}
