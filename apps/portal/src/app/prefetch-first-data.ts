import type { QueryClient } from '@tanstack/react-query';
import { parseRoomIds } from '@lokaler/ui/room-selection-url';

/** The public data a first page needs, read from its address alone. */
export type FirstData =
  { kind: 'room-page'; roomIds: number[] } | { kind: 'venue'; locationId: number } | { kind: 'location'; locationId: number };

const idOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

export function firstDataOf(href: string): FirstData | null {
  const url = new URL(href, 'http://localhost');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/ressurs') {
    const roomIds = parseRoomIds(url.searchParams);
    return roomIds.length > 0 ? { kind: 'room-page', roomIds } : null;
  }
  const venueId = idOf(/^\/sted\/([^/]+)$/.exec(path)?.[1]);
  if (venueId !== null) return { kind: 'venue', locationId: venueId };
  const locationId = idOf(/^\/lokale\/([^/]+)$/.exec(path)?.[1]);
  if (locationId !== null) return { kind: 'location', locationId };
  return null;
}

/**
 * Decision 019: the first page's public data is asked for as the app starts, beside the login
 * set-up (GET /api/client-settings/idporten.json), not after it — the pages render only once login is
 * set up, and before this their data waited for it. The same query options as the pages use, so
 * a page that mounts while a request is under way takes its answer instead of asking again. Pages
 * whose data needs the citizen's token (my bookings) wait for the login, as they must.
 *
 * The query options (and their schemas) load on demand, in the same round as the page's own code
 * (they share its chunks): the entry every page downloads stays within its budget (decision 021).
 */
export function prefetchFirstData(queryClient: QueryClient, href: string): void {
  const first = firstDataOf(href);
  if (first) void import('./first-data-queries').then((queries) => queries.prefetch(queryClient, first));
}
