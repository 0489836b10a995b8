import type { QueryClient } from '@tanstack/react-query';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { locationAboutQuery } from '@lokaler/api-client/location-about';
import { locationQuery } from '@lokaler/api-client/locations';
import { roomCalendarPageQuery } from '@lokaler/api-client/schedule';
import type { FirstData } from './prefetch-first-data';

/** Asks for a first page's public data with the queries the page itself uses (prefetch-first-data.ts). */
export function prefetch(queryClient: QueryClient, first: FirstData): void {
  switch (first.kind) {
    case 'room-page':
      void queryClient.prefetchQuery(roomCalendarPageQuery(first.roomIds));
      return;
    case 'venue':
      void queryClient.prefetchQuery(locationQuery(first.locationId));
      void queryClient.prefetchQuery(locationAssetsQuery(first.locationId));
      void queryClient.prefetchQuery(locationAboutQuery(first.locationId));
      return;
    case 'location':
      void queryClient.prefetchQuery(locationQuery(first.locationId));
      void queryClient.prefetchQuery(locationAboutQuery(first.locationId));
  }
}
