import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  contractPreviewQuery as contractPreviewParams,
  decisionResponse,
  documentPreview,
  vedtakPreviewQuery as vedtakPreviewParams,
  type ApproveBookingInput,
  type ContractPreviewQuery,
  type VedtakPreviewQuery,
} from '@lokaler/domain/admin-approval';
import { SELVKOST_NOT_FOUND, selvkostCalculationResponse, selvkostPricesResponse } from '@lokaler/domain/admin-selvkost';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { isApiClientError } from './api-client-error';
import { adminBookingKey, refreshAdminBookings } from './admin-bookings';
import { apiFetch } from './api-fetch';

/** Spec 02 §7: an answer 'Could not find selvkost prices' means the location has no prices: no data, not a failure. */
async function orNoPrices<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiClientError(error) && error.kind === 'http' && error.message === SELVKOST_NOT_FOUND) return null;
    throw error;
  }
}

/** GET /api/selvkost/prices/{locationId}; null when the location has no prices. */
export const selvkostPricesQuery = (locationId: number) =>
  queryOptions({
    queryKey: ['admin', 'selvkost', 'prices', locationId],
    queryFn: ({ signal }) => orNoPrices(apiFetch(`/api/selvkost/prices/${locationId}`, { schema: selvkostPricesResponse, signal })),
  });

/** GET /api/selvkost/calculation: the booking's cost-based price; null when the location has no prices. */
export const selvkostCalculationQuery = (params: {
  locationId: number;
  bookingId: number;
  hasTilsynsvakt: boolean;
  tilsynsvaktWeekdays: readonly DayOfWeek[];
}) =>
  queryOptions({
    queryKey: ['admin', 'selvkost', 'calculation', params],
    queryFn: ({ signal }) =>
      orNoPrices(apiFetch('/api/selvkost/calculation', { query: { ...params }, schema: selvkostCalculationResponse, signal })),
  });

/**
 * GET /api/vedtak-preview/{bookingId}: the decision the applicant will get, as HTML with its hash.
 * The terms are parsed with the server's own schema first, so what is asked is what it accepts.
 */
export const vedtakPreviewQuery = (bookingId: number, terms: VedtakPreviewQuery) =>
  queryOptions({
    queryKey: ['admin', 'vedtak-preview', bookingId, terms],
    queryFn: ({ signal }) =>
      apiFetch(`/api/vedtak-preview/${bookingId}`, { query: { ...vedtakPreviewParams.parse(terms) }, schema: documentPreview, signal }),
  });

/** GET /api/contract-preview/{bookingId}: the contract the applicant will sign, as HTML with its hash. */
export const contractPreviewQuery = (bookingId: number, terms: ContractPreviewQuery) =>
  queryOptions({
    queryKey: ['admin', 'contract-preview', bookingId, terms],
    queryFn: ({ signal }) =>
      apiFetch(`/api/contract-preview/${bookingId}`, { query: { ...contractPreviewParams.parse(terms) }, schema: documentPreview, signal }),
  });

/** PUT /api/booking/{id}/approve */
export function approveBooking(bookingId: number, body: ApproveBookingInput) {
  return apiFetch(`/api/booking/${bookingId}/approve`, { method: 'PUT', body, schema: decisionResponse });
}

/** PUT /api/booking/{id}/unapprove ('Angre godkjenning'): back to waiting for processing. */
export function undoApproval(bookingId: number) {
  return apiFetch(`/api/booking/${bookingId}/unapprove`, { method: 'PUT', schema: decisionResponse });
}

export const approveBookingMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'approve'],
    mutationFn: (body: ApproveBookingInput) => approveBooking(bookingId, body),
    onSuccess: refreshAdminBookings,
  });

export const undoApprovalMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'unapprove'],
    mutationFn: () => undoApproval(bookingId),
    onSuccess: refreshAdminBookings,
  });
