import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { nextBookingResponse, type NextBookingQuery } from '@lokaler/domain/admin-booking-list';
import { caseAssigneeResponse } from '@lokaler/domain/work-queue';
import { adminBookingKey, adminBookingsKey, refreshAdminBookings } from './admin-bookings';
import { apiFetch } from './api-fetch';

/** The work queue's calls (decision 065): the case officer of an application, and 'Neste søknad'. */

/** GET /api/booking/{id}/assignee */
export const caseAssigneeQuery = (bookingId: number) =>
  queryOptions({
    queryKey: [...adminBookingKey(bookingId), 'assignee'],
    queryFn: ({ signal }) => apiFetch(`/api/booking/${bookingId}/assignee`, { schema: caseAssigneeResponse, signal }),
  });

/** PUT /api/booking/{id}/assignee ('Ta saken'); takeOver: true takes it from another (409 without). */
export const takeCaseMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'take'],
    mutationFn: ({ takeOver }: { takeOver: boolean }) =>
      apiFetch(`/api/booking/${bookingId}/assignee`, { method: 'PUT', body: { takeOver }, schema: caseAssigneeResponse }),
    onSuccess: refreshAdminBookings,
  });

/** DELETE /api/booking/{id}/assignee ('Gi fra deg saken'). */
export const releaseCaseMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'release'],
    mutationFn: () => apiFetch(`/api/booking/${bookingId}/assignee`, { method: 'DELETE', schema: caseAssigneeResponse }),
    onSuccess: refreshAdminBookings,
  });

/** GET /api/booking/next: the application after `after` in a list's filters and order. */
export const nextBookingQuery = (query: NextBookingQuery) =>
  queryOptions({
    queryKey: [...adminBookingsKey, 'next', query],
    queryFn: ({ signal }) => apiFetch('/api/booking/next', { query: { ...query }, schema: nextBookingResponse, signal }),
  });
