import { mutationOptions } from '@tanstack/react-query';
import { batchApprovalResponse, type BatchApprovalBody } from '@lokaler/domain/admin-batch-approval';
import { adminBookingsKey, refreshAdminBookings } from './admin-bookings';
import { apiFetch } from './api-fetch';

/**
 * POST /api/booking/approve-batch (decision 066): several applications approved free of charge, each
 * on its own; the answer has one result per asked id (200 whatever the outcome of each).
 */
export function approveBatch(body: BatchApprovalBody) {
  return apiFetch('/api/booking/approve-batch', { method: 'POST', body, schema: batchApprovalResponse });
}

export const approveBatchMutation = () =>
  mutationOptions({ mutationKey: [...adminBookingsKey, 'approve-batch'], mutationFn: approveBatch, onSuccess: refreshAdminBookings });
