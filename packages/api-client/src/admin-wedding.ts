import { queryOptions } from '@tanstack/react-query';
import { rejectionChoices } from '@lokaler/domain/admin-rejection';
import { apiFetch, apiFetchFile, buildUrl } from './api-fetch';

/** The wedding office's calls (decision 013). */

/** GET /api/admin/booking/{id}/proevingsattest: the address of the certificate (the link's href). */
export const proevingsattestPath = (bookingId: number) => `/api/admin/booking/${bookingId}/proevingsattest`;
export const proevingsattestUrl = (bookingId: number) => buildUrl(proevingsattestPath(bookingId));

/** The certificate's bytes with the administrator's token, and the stored file name. */
export function downloadProevingsattest(bookingId: number) {
  return apiFetchFile(proevingsattestPath(bookingId));
}

/** GET /api/rejection-choices/wedding: the wedding rejection modal's reasons (fixed in code; kept for an hour). */
export const weddingRejectionChoicesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'rejection-choices', 'wedding'],
    queryFn: ({ signal }) => apiFetch('/api/rejection-choices/wedding', { schema: rejectionChoices, signal }),
    staleTime: 60 * 60 * 1000,
  });
