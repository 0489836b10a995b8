import { queryOptions } from '@tanstack/react-query';
import { archiveMessages } from '@lokaler/domain/archive-message';
import { adminBookingKey } from './admin-bookings';
import { apiFetch } from './api-fetch';

/** GET /api/booking-log/{id}/archive-messages: the booking's messages to the city's archive (decision 056). */
export const archiveMessagesQuery = (bookingId: number) =>
  queryOptions({
    queryKey: [...adminBookingKey(bookingId), 'archive-messages'],
    queryFn: ({ signal }) => apiFetch(`/api/booking-log/${bookingId}/archive-messages`, { schema: archiveMessages, signal }),
  });
