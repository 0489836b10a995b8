import { availabilityResponse, type AvailabilityRequest, type AvailabilityResponse } from '@lokaler/domain/booking-request';
import { apiFetch } from './api-fetch';

/**
 * PUT /api/booking/availability: which of the requested times are probably available, which are
 * taken and which break a rule. Nothing is held: the booking itself checks again.
 */
export function checkAvailability(request: AvailabilityRequest, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return apiFetch('/api/booking/availability', { method: 'PUT', body: request, schema: availabilityResponse, signal });
}
