import { mutationOptions, queryOptions, type MutationFunctionContext } from '@tanstack/react-query';
import { adminBookingView, changeLogEntries, emailReminders, internalComment } from '@lokaler/domain/admin-booking-view';
import { apiFetch } from './api-fetch';

/** Every admin booking query sits below this key, so a change to a booking refreshes lists, calendar and detail. */
export const adminBookingsKey = ['admin', 'bookings'] as const;

/**
 * The onSuccess of every admin write: each view of bookings (this one, the lists, the calendar) is
 * fetched again, so what the screen shows is what was stored.
 */
export const refreshAdminBookings = (_data: unknown, _variables: unknown, _onMutateResult: unknown, { client }: MutationFunctionContext) =>
  client.invalidateQueries({ queryKey: adminBookingsKey });

/** The key of one booking and everything about it (log, e-mails, comment). */
export const adminBookingKey = (bookingId: number) => [...adminBookingsKey, 'detail', bookingId] as const;

/** GET /api/booking/{id} in the admin's view. */
export const adminBookingQuery = (bookingId: number) =>
  queryOptions({
    queryKey: adminBookingKey(bookingId),
    queryFn: ({ signal }) => apiFetch(`/api/booking/${bookingId}`, { schema: adminBookingView, signal }),
  });

/** GET /api/booking-log/{id}/changes */
export const bookingChangesQuery = (bookingId: number) =>
  queryOptions({
    queryKey: [...adminBookingKey(bookingId), 'changes'],
    queryFn: ({ signal }) => apiFetch(`/api/booking-log/${bookingId}/changes`, { schema: changeLogEntries, signal }),
  });

/** GET /api/booking-log/{id}/email-reminders: the e-mails sent (or waiting) to the applicant. */
export const emailRemindersQuery = (bookingId: number) =>
  queryOptions({
    queryKey: [...adminBookingKey(bookingId), 'email-reminders'],
    queryFn: ({ signal }) => apiFetch(`/api/booking-log/${bookingId}/email-reminders`, { schema: emailReminders, signal }),
  });

/** GET /api/booking/{id}/comment: the internal comment (plain text, '' when none). */
export const internalCommentQuery = (bookingId: number) =>
  queryOptions({
    queryKey: [...adminBookingKey(bookingId), 'comment'],
    queryFn: async ({ signal }) => (await apiFetch(`/api/booking/${bookingId}/comment`, { schema: internalComment, signal })).comment,
  });

/** PUT /api/booking/{id}/comment */
export function saveInternalComment(bookingId: number, comment: string, confirmPersonalData = false): Promise<unknown> {
  return apiFetch(`/api/booking/${bookingId}/comment`, {
    method: 'PUT',
    body: confirmPersonalData ? { comment, confirmPersonalData: true } : { comment },
  });
}

/** PATCH /api/booking/{id} with the internal event's title ('' clears it). */
export function saveInternalTitle(bookingId: number, title: string): Promise<unknown> {
  return apiFetch(`/api/booking/${bookingId}`, { method: 'PATCH', body: { title } });
}

export const saveInternalCommentMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'save-comment'],
    // confirmPersonalData: the administrator answered yes to 'Vil du lagre likevel?' (personal-data-in-text).
    mutationFn: (input: string | { comment: string; confirmPersonalData: boolean }) =>
      typeof input === 'string'
        ? saveInternalComment(bookingId, input)
        : saveInternalComment(bookingId, input.comment, input.confirmPersonalData),
    onSuccess: refreshAdminBookings,
  });

export const saveInternalTitleMutation = (bookingId: number) =>
  mutationOptions({
    mutationKey: [...adminBookingKey(bookingId), 'save-title'],
    mutationFn: (title: string) => saveInternalTitle(bookingId, title),
    onSuccess: refreshAdminBookings,
  });
