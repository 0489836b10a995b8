import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  invoiceRunResponse,
  invoiceSettings,
  invoicingPeriodResponse,
  invoicingSummaryResponse,
  type InvoiceAdjustmentRequest,
  type InvoiceHoldRequest,
  type InvoiceSettings,
} from '@lokaler/domain/invoices';
import { apiFetch, apiFetchFile, buildUrl } from './api-fetch';

/**
 * A location's invoicing as the case officer works it (decision 071): its invoice settings, the month's
 * Fakturagrunnlag (bookings, lines, the invoices already made), holds and added lines, the month's run
 * and the twelve-month summary. Every key starts with ['admin', 'invoicing', locationId], so one
 * invalidation after a write refreshes the whole page; every answer is parsed by the contract's schema.
 */
export const invoicingKey = (locationId: number) => ['admin', 'invoicing', locationId] as const;

const refreshInvoicing = (queryClient: QueryClient, locationId: number) =>
  queryClient.invalidateQueries({ queryKey: invoicingKey(locationId) });

/** GET /api/admin/location/{id}/invoice-settings */
export const invoiceSettingsQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...invoicingKey(locationId), 'settings'],
    queryFn: ({ signal }) => apiFetch(`/api/admin/location/${locationId}/invoice-settings`, { schema: invoiceSettings, signal }),
  });

/** PUT /api/admin/location/{id}/invoice-settings: an answer with a body is parsed as the stored settings; an empty one (204) is fine too. */
export const saveInvoiceSettingsMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: [...invoicingKey(locationId), 'settings'],
    mutationFn: (body: InvoiceSettings) =>
      apiFetch(`/api/admin/location/${locationId}/invoice-settings`, { method: 'PUT', body, schema: invoiceSettings }),
    // The switch decides which bookings have a channel: the month's basis is read again too.
    onSuccess: () => refreshInvoicing(queryClient, locationId),
  });

/** GET /api/admin/location/{id}/invoicing?period=YYYY-MM: the month's Fakturagrunnlag. */
export const invoicingPeriodQuery = (locationId: number, period: string) =>
  queryOptions({
    queryKey: [...invoicingKey(locationId), 'period', period],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/location/${locationId}/invoicing`, { schema: invoicingPeriodResponse, query: { period }, signal }),
  });

/** GET /api/admin/location/{id}/invoicing/summary?from=YYYY-MM&to=YYYY-MM */
export const invoicingSummaryQuery = (locationId: number, months: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...invoicingKey(locationId), 'summary', months.from, months.to],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/location/${locationId}/invoicing/summary`, {
        schema: invoicingSummaryResponse,
        query: { from: months.from, to: months.to },
        signal,
      }),
  });

/**
 * PUT /api/admin/booking/{id}/invoice-basis/hold: hold (with a reason) or release the booking's lines of
 * one element and month. The answer's shape is not part of the contract: the page reads the basis again.
 */
export const holdInvoiceLinesMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: [...invoicingKey(locationId), 'hold'],
    mutationFn: async ({ bookingId, body }: { bookingId: number; body: InvoiceHoldRequest }) => {
      await apiFetch(`/api/admin/booking/${bookingId}/invoice-basis/hold`, { method: 'PUT', body });
    },
    onSuccess: () => refreshInvoicing(queryClient, locationId),
  });

/** POST /api/admin/booking/{id}/invoice-basis/adjustments: a line added by hand, with its reason (answer read again, as above). */
export const addInvoiceAdjustmentMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: [...invoicingKey(locationId), 'adjustment'],
    mutationFn: async ({ bookingId, body }: { bookingId: number; body: InvoiceAdjustmentRequest }) => {
      await apiFetch(`/api/admin/booking/${bookingId}/invoice-basis/adjustments`, { method: 'POST', body });
    },
    onSuccess: () => refreshInvoicing(queryClient, locationId),
  });

/** POST /api/admin/location/{id}/invoicing/run: makes and sends the month's invoices; answers what was made and what was left. */
export const runInvoicingMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: [...invoicingKey(locationId), 'run'],
    mutationFn: (period: string) =>
      apiFetch(`/api/admin/location/${locationId}/invoicing/run`, { method: 'POST', body: { period }, schema: invoiceRunResponse }),
    onSuccess: () => refreshInvoicing(queryClient, locationId),
  });

const pdfPath = (invoiceId: number) => `/api/admin/invoices/${invoiceId}/pdf`;

/** An invoice's PDF address (the link's href; the click fetches it with the token). */
export const invoicePdfUrl = (invoiceId: number) => buildUrl(pdfPath(invoiceId));

/** GET /api/admin/invoices/{id}/pdf with the administrator's token: the file and its name. */
export function downloadInvoicePdf(invoiceId: number) {
  return apiFetchFile(pdfPath(invoiceId));
}
