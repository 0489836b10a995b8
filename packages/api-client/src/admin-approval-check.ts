import { queryOptions } from '@tanstack/react-query';
import { approvalCheck } from '@lokaler/domain/admin-approval-check';
import { adminBookingKey } from './admin-bookings';
import { apiFetch } from './api-fetch';

/**
 * GET /api/booking/{id}/approval-check: the times an approval would approve, each with whether it is
 * still free. Below the booking's key, so a change of its times or a decision fetches it again.
 */
export const approvalCheckQuery = (bookingId: number) =>
  queryOptions({
    queryKey: [...adminBookingKey(bookingId), 'approval-check'],
    queryFn: ({ signal }) => apiFetch(`/api/booking/${bookingId}/approval-check`, { schema: approvalCheck, signal }),
  });
