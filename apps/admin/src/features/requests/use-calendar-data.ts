import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminCalendarDataQuery } from '@lokaler/api-client/admin-booking-list';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import type { CalendarRoom } from './month-model';

/**
 * The calendar's data for a date range (GET /api/booking/calendardata, at most MAX_CALENDAR_DAYS)
 * and the location's rooms. A room the public list leaves out (unpublished) still shows when it has
 * reservations.
 */
export function useCalendarData(locationId: number, from: string, to: string) {
  const calendar = useQuery(adminCalendarDataQuery({ locationId, from, to }));
  const rooms = useQuery(locationAssetsQuery(locationId));
  const roomRows = useMemo((): CalendarRoom[] => {
    const known = (rooms.data ?? []).map((r) => ({ id: r.id, name: r.displayName || r.name }));
    const extra = [...new Set(calendar.data?.bookings.flatMap((b) => b.reservations.map((r) => r.bookableAssetId)) ?? [])]
      .filter((id) => !known.some((k) => k.id === id))
      .map((id) => ({ id, name: `Rom ${id}` }));
    return [...known, ...extra];
  }, [rooms.data, calendar.data]);
  return { calendar, rooms, roomRows };
}
