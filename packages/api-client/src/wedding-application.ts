import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { WeddingApplicationInput } from '@lokaler/domain/wedding-application';
import { weddingFormResponse, weddingPrefillResponse, type WeddingFormResponse } from '@lokaler/domain/wedding-application-answers';
import { bookingStatusResponse, type BookingStatusResponse } from '@lokaler/domain/user-booking';
import { weddingWizardOpenResponse, type WeddingWizardOpenResponse } from '@lokaler/domain/wedding-hold';
import { apiFetch, apiFetchFile, buildUrl } from './api-fetch';
import { userBookingKey, userBookingsKey } from './user-bookings';

/**
 * The wedding wizard's calls (spec 02 §7, decision 012): the prefill, the submit, and the autoreject that
 * lets the held time go when the couple leaves without sending.
 */

/** GET /api/user/form/wedding/prefill/{bookingId}: name, e-mail, phone and whether the time is still held. */
export const weddingPrefillQuery = (sub: string, bookingId: number) =>
  queryOptions({
    // Not under the booking's key: writing to the booking (the submit, the autoreject) must not
    // refetch it and turn the wizard into 'time gone' or 'already sent' under the person's feet.
    queryKey: ['user', sub, 'wedding-prefill', bookingId],
    queryFn: ({ signal }) => apiFetch(`/api/user/form/wedding/prefill/${bookingId}`, { schema: weddingPrefillResponse, signal }),
    // The hold can run out while the wizard is open: what the server says now, not a cached answer.
    staleTime: 0,
    gcTime: 0,
  });

/** POST /api/user/form/wedding: 409 when the held time is no longer this booking's (or the form was sent). */
export function submitWeddingApplication(request: WeddingApplicationInput): Promise<WeddingFormResponse> {
  return apiFetch('/api/user/form/wedding', { method: 'POST', body: request, schema: weddingFormResponse });
}

/** The booking now waits for the wedding office: its page and the list are fetched again. */
export const submitWeddingApplicationMutation = (sub: string) =>
  mutationOptions({
    mutationKey: [...userBookingsKey(sub), 'wedding-submit'],
    mutationFn: submitWeddingApplication,
    onSuccess: (_data, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: userBookingsKey(sub) }),
  });

/**
 * PUT /api/user/booking/{id}/autoreject: the booking becomes AUTOREJECTED and its time free at once.
 * `keepalive` lets it be sent while the page goes away (pagehide), with the same token as any call.
 */
export function autorejectBooking(bookingId: number, options: { keepalive?: boolean } = {}): Promise<BookingStatusResponse> {
  return apiFetch(`/api/user/booking/${bookingId}/autoreject`, {
    method: 'PUT',
    schema: bookingStatusResponse,
    keepalive: options.keepalive,
  });
}

export const autorejectBookingMutation = (sub: string, bookingId: number) =>
  mutationOptions({
    mutationKey: [...userBookingKey(sub, bookingId), 'autoreject'],
    mutationFn: () => autorejectBooking(bookingId),
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: userBookingsKey(sub) }),
  });

/**
 * PUT /api/user/form/wedding/{bookingId}/wizard-open (decision 038): this page of the wizard holds the
 * time; a release set when an earlier page went away (a reload) is cleared. 409 TIME_NO_LONGER_HELD
 * when the time is gone.
 */
export function openWeddingWizard(bookingId: number, visitId: string): Promise<WeddingWizardOpenResponse> {
  return apiFetch(`/api/user/form/wedding/${bookingId}/wizard-open`, {
    method: 'PUT',
    body: { visitId },
    schema: weddingWizardOpenResponse,
  });
}

/**
 * PUT /api/user/form/wedding/{bookingId}/wizard-left (decision 038), sent with keepalive from
 * `pagehide`: the time goes a short while later unless a page of the wizard opens again.
 */
export function leaveWeddingWizard(bookingId: number, visitId: string): Promise<unknown> {
  return apiFetch(`/api/user/form/wedding/${bookingId}/wizard-left`, { method: 'PUT', body: { visitId }, keepalive: true });
}

/** GET /api/user/form/wedding/{id}/proevingsattest: the couple's own certificate (the link's href). */
export const coupleProevingsattestPath = (bookingId: number) => `/api/user/form/wedding/${bookingId}/proevingsattest`;
export const coupleProevingsattestUrl = (bookingId: number) => buildUrl(coupleProevingsattestPath(bookingId));

/** The certificate's bytes with the citizen's token (a plain link carries none), and the stored file name. */
export function downloadCoupleProevingsattest(bookingId: number) {
  return apiFetchFile(coupleProevingsattestPath(bookingId));
}
