import { Button, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { nextBookingQuery } from '@lokaler/api-client/work-queue';
import { paths } from '../config/paths';
import { useListSearch, withList } from '../lib/list-context';
import { listQueryOf, parseListState } from '../lib/list-url-state';

export const NO_MORE_APPLICATIONS = 'Det er ingen flere søknader i listen.';

/**
 * 'Neste søknad' (decision 065): on a decided application opened from the request list, the way to
 * the next one in that list's filters and order (the server places the decided one by its own sort
 * key, so it is found even when it has left the list). Nothing when the page was not opened from a list.
 */
export function NextApplication({ bookingId, locationId }: { bookingId: number; locationId: number }) {
  const listSearch = useListSearch();
  if (listSearch === null) return null;
  return <Next bookingId={bookingId} locationId={locationId} listSearch={listSearch} />;
}

function Next({ bookingId, locationId, listSearch }: { bookingId: number; locationId: number; listSearch: string }) {
  const { page: _page, pageSize: _pageSize, ...filters } = listQueryOf(locationId, parseListState(new URLSearchParams(listSearch)));
  const next = useQuery(nextBookingQuery({ ...filters, after: bookingId }));
  const listHref = paths.locationRequests.getHref(locationId, listSearch ? `?${listSearch}` : '');
  if (!next.data) return null;
  if (next.data.bookingId === null)
    return (
      <Paragraph role="status">
        {NO_MORE_APPLICATIONS}{' '}
        <Link asChild>
          <RouterLink to={listHref}>Tilbake til søknadene</RouterLink>
        </Link>
      </Paragraph>
    );
  return (
    <div className="lk-booking-actions">
      <Button asChild>
        <RouterLink to={withList(paths.booking.getHref(next.data.bookingId), listSearch)}>Neste søknad</RouterLink>
      </Button>
      <Button asChild variant="tertiary">
        <RouterLink to={listHref}>Tilbake til søknadene</RouterLink>
      </Button>
    </div>
  );
}
