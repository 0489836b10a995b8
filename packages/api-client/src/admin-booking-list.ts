import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  adminBookingListResponse,
  calendarDataResponse,
  type AdminBookingListQuery,
  type CalendarDataQuery,
} from '@lokaler/domain/admin-booking-list';
import { apiFetch } from './api-fetch';
import { adminBookingsKey } from './admin-bookings';

/** GET /api/booking: one page of a location's applications, filtered and sorted by the server. */
export const adminBookingListQuery = (query: AdminBookingListQuery) =>
  queryOptions({
    queryKey: [...adminBookingsKey, 'list', query],
    queryFn: ({ signal }) => apiFetch('/api/booking', { query: { ...query }, schema: adminBookingListResponse, signal }),
    // The table stays on screen while the next page or filter loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

/** GET /api/booking/calendardata: the location's bookings with active reservations between the dates. */
export const adminCalendarDataQuery = (query: CalendarDataQuery) =>
  queryOptions({
    queryKey: [...adminBookingsKey, 'calendar', query],
    queryFn: ({ signal }) => apiFetch('/api/booking/calendardata', { query: { ...query }, schema: calendarDataResponse, signal }),
    placeholderData: keepPreviousData,
  });
