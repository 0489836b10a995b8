import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { calendarFeed, userCalendarFeeds, type CalendarFeed, type RotateUserCalendarFeedBody } from '@lokaler/domain/calendar-feed';
import { apiFetch } from './api-fetch';

/**
 * The secret calendar feed URLs (decision 024): the person's own and their
 * organisations' in the portal, a location's in the admin app. Keys start with the login's sub (or
 * 'admin'), so another login never sees a cached URL.
 */
export const userCalendarFeedsKey = (sub: string) => ['user', sub, 'calendar-feeds'] as const;
export const locationCalendarFeedKey = (locationId: number) => ['admin', 'calendar-feed', locationId] as const;

/** GET /api/user/calendar-feeds. */
export const userCalendarFeedsQuery = (sub: string) =>
  queryOptions({
    queryKey: userCalendarFeedsKey(sub),
    queryFn: ({ signal }) => apiFetch('/api/user/calendar-feeds', { schema: userCalendarFeeds, signal }),
  });

/** POST /api/user/calendar-feeds/rotate: the old URL stops working; the list is fetched again. */
export const rotateUserCalendarFeedMutation = (sub: string) =>
  mutationOptions({
    mutationKey: [...userCalendarFeedsKey(sub), 'rotate'],
    mutationFn: (body: RotateUserCalendarFeedBody): Promise<CalendarFeed> =>
      apiFetch('/api/user/calendar-feeds/rotate', { method: 'POST', body, schema: calendarFeed }),
    onSuccess: (_data, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: userCalendarFeedsKey(sub) }),
  });

/** GET /api/admin/location/{id}/calendar-feed. */
export const locationCalendarFeedQuery = (locationId: number) =>
  queryOptions({
    queryKey: locationCalendarFeedKey(locationId),
    queryFn: ({ signal }) => apiFetch(`/api/admin/location/${locationId}/calendar-feed`, { schema: calendarFeed, signal }),
  });

/** POST /api/admin/location/{id}/calendar-feed/rotate. */
export const rotateLocationCalendarFeedMutation = (locationId: number) =>
  mutationOptions({
    mutationKey: [...locationCalendarFeedKey(locationId), 'rotate'],
    mutationFn: (): Promise<CalendarFeed> =>
      apiFetch(`/api/admin/location/${locationId}/calendar-feed/rotate`, { method: 'POST', schema: calendarFeed }),
    onSuccess: (_data, _variables, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: locationCalendarFeedKey(locationId) }),
  });
