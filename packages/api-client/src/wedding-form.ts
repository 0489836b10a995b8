import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { weddingFormResponse, type WeddingFormResponse } from '@lokaler/domain/wedding-application-answers';
import { apiFetch } from './api-fetch';
import { userBookingKey } from './user-bookings';

/** GET /api/user/form/wedding/{id}: the wedding form of a booking (the uploaded prøvingsattest). */
export const weddingFormQuery = (sub: string, bookingId: number) =>
  queryOptions({
    queryKey: [...userBookingKey(sub, bookingId), 'wedding-form'],
    queryFn: ({ signal }) => apiFetch(`/api/user/form/wedding/${bookingId}`, { schema: weddingFormResponse, signal }),
  });

/** PUT /api/user/form/wedding/{id}/proevingsattest with the PDF as base64; answers the form afterwards. */
export interface ProevingsattestFile {
  bytes: string;
  contentType: string;
  filename: string;
  size: number;
}

export function uploadProevingsattest(bookingId: number, file: ProevingsattestFile): Promise<WeddingFormResponse> {
  return apiFetch(`/api/user/form/wedding/${bookingId}/proevingsattest`, {
    method: 'PUT',
    body: { proevingsattestFile: file },
    schema: weddingFormResponse,
  });
}

/** The answer is the form as it is afterwards: it replaces the cached one. */
export const uploadProevingsattestMutation = (sub: string, bookingId: number) =>
  mutationOptions({
    mutationKey: [...weddingFormQuery(sub, bookingId).queryKey, 'upload'],
    mutationFn: (file: ProevingsattestFile) => uploadProevingsattest(bookingId, file),
    onSuccess: (next, _variables, _onMutateResult, { client }) => client.setQueryData(weddingFormQuery(sub, bookingId).queryKey, next),
  });
