import type { QueryClient } from '@tanstack/react-query';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { locationAboutQuery } from '@lokaler/api-client/location-about';
import { locationQuery } from '@lokaler/api-client/locations';
import { roomCalendarPageQuery } from '@lokaler/api-client/schedule';
import { parseRoomIds } from '@lokaler/ui/room-selection-url';

const idOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * Issue 15 point 4: the first page's public data is asked for as the app starts, beside the login
 * set-up (GET /api/client-settings/idporten.json), not after it — the pages render only once login is
 * set up, and before this their data waited for it. The same query options as the pages use, so
 * a page that mounts while a request is under way takes its answer instead of asking again. Pages
 * whose data needs the citizen's token (my bookings) wait for the login, as they must.
 */
export function prefetchFirstData(queryClient: QueryClient, href: string): void {
  const url = new URL(href, 'http://localhost');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/ressurs') {
    const ids = parseRoomIds(url.searchParams);
    if (ids.length > 0) void queryClient.prefetchQuery(roomCalendarPageQuery(ids));
    return;
  }
  const venue = /^\/sted\/([^/]+)$/.exec(path);
  const venueId = idOf(venue?.[1]);
  if (venueId !== null) {
    void queryClient.prefetchQuery(locationQuery(venueId));
    void queryClient.prefetchQuery(locationAssetsQuery(venueId));
    void queryClient.prefetchQuery(locationAboutQuery(venueId));
    return;
  }
  const location = /^\/lokale\/([^/]+)$/.exec(path);
  const locationId = idOf(location?.[1]);
  if (locationId !== null) {
    void queryClient.prefetchQuery(locationQuery(locationId));
    void queryClient.prefetchQuery(locationAboutQuery(locationId));
  }
}
