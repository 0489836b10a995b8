import { queryOptions } from '@tanstack/react-query';
import { roomCalendarPage } from '@lokaler/domain/scheduling/room-calendar-page';
import { bounds, scheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { apiFetch } from './api-fetch';

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

export interface RoomScheduleParams {
  bookableAssetIds: readonly number[];
  fromInclusive: string;
  toInclusive: string;
}

/**
 * GET /api/schedule: the 15-minute slots of the rooms between two dates (one call for every room of
 * the calendar). Always fetched fresh when a week is shown again: someone else may have booked since.
 */
export const roomScheduleQuery = ({ bookableAssetIds, fromInclusive, toInclusive }: RoomScheduleParams) => {
  const ids = sortedIds(bookableAssetIds);
  return queryOptions({
    queryKey: ['schedule', ids, fromInclusive, toInclusive],
    queryFn: ({ signal }) =>
      apiFetch('/api/schedule', { query: { bookableAssetIds: ids, fromInclusive, toInclusive }, schema: scheduleResponse, signal }),
    enabled: ids.length > 0,
    staleTime: 0,
  });
};

/** GET /api/bookableasset/firstandlastbookabledate: the earliest first and latest last bookable date of the rooms. */
export const bookableDateBoundsQuery = (bookableAssetIds: readonly number[]) => {
  const ids = sortedIds(bookableAssetIds);
  return queryOptions({
    queryKey: ['bookable-date-bounds', ids],
    queryFn: ({ signal }) =>
      apiFetch('/api/bookableasset/firstandlastbookabledate', { query: { bookableAssetIds: ids }, schema: bounds, signal }),
    enabled: ids.length > 0,
  });
};

/**
 * GET /api/bookableasset/calendar: the room page's first data in one request — the rooms, their
 * location, the bounds and the opening week's schedule (decision 019: the four calls it replaces waited
 * for one another). Fetched fresh on each visit, like the schedule it carries.
 */
export const roomCalendarPageQuery = (bookableAssetIds: readonly number[]) => {
  const ids = sortedIds(bookableAssetIds);
  return queryOptions({
    queryKey: ['room-calendar-page', ids],
    queryFn: ({ signal }) =>
      apiFetch('/api/bookableasset/calendar', { query: { bookableAssetIds: ids }, schema: roomCalendarPage, signal, authenticated: false }),
    enabled: ids.length > 0,
    staleTime: 10_000,
  });
};
