import { queryOptions } from '@tanstack/react-query';
import { userInvoicesResponse, type UserInvoice } from '@lokaler/domain/invoices';
import { apiFetch, apiFetchFile, buildUrl } from './api-fetch';
import { userBookingKey } from './user-bookings';

/**
 * The citizen's invoices and credit notes (decision 071): all of the identity the person acts as, and one
 * booking's. Keys start with the login's sub, so another login never sees a cached invoice; a booking's
 * invoices hang under the booking's key, so refreshing the booking refreshes them too.
 */
export const userInvoicesKey = (sub: string) => ['user', sub, 'invoices'] as const;

/** GET /api/user/invoices. */
export const userInvoicesQuery = (sub: string) =>
  queryOptions({
    queryKey: userInvoicesKey(sub),
    queryFn: ({ signal }) => apiFetch('/api/user/invoices', { schema: userInvoicesResponse, signal }),
  });

/** GET /api/user/booking/{id}/invoices. */
export const userBookingInvoicesQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: [...userBookingKey(sub, bookingId), 'invoices'],
    queryFn: ({ signal }) => apiFetch(`/api/user/booking/${bookingId}/invoices`, { schema: userInvoicesResponse, signal }),
  });

/**
 * The API path of an invoice's PDF: the answer's pdfUrl (GET /api/user/invoices/{id}/pdf, a path on the same
 * origin); anything else is not followed with the citizen's token, and the contract's own path is used.
 */
function invoicePdfPath(invoice: Pick<UserInvoice, 'id' | 'pdfUrl'>): string {
  return invoice.pdfUrl.startsWith('/api/') ? invoice.pdfUrl : `/api/user/invoices/${invoice.id}/pdf`;
}

/** The link's href (a plain navigation carries no token: the click downloads with it, see FileDownloadLink). */
export const userInvoicePdfUrl = (invoice: Pick<UserInvoice, 'id' | 'pdfUrl'>) => buildUrl(invoicePdfPath(invoice));
export const downloadUserInvoicePdf = (invoice: Pick<UserInvoice, 'id' | 'pdfUrl'>) => apiFetchFile(invoicePdfPath(invoice));
