import type { ReactNode } from 'react';
import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { bookingNotFoundMessage } from '@lokaler/domain/user-booking-rules';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { userBookingQuery } from '@lokaler/api-client/user-bookings';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../../config/paths';

/** The server answers 404 for a booking that does not exist and 403 for one of someone else. */
function isNotFound(error: unknown): boolean {
  return isApiClientError(error) && error.kind === 'http' && (error.status === 404 || error.status === 403);
}

/** Spec 02 §8 "No booking": 'Fant ikke bookingen'. */
export function BookingNotFound() {
  usePageTitle(bookingNotFoundMessage);
  return (
    <section className="lk-stack" aria-labelledby="lk-booking-not-found">
      <Heading level={1} data-size="lg" id="lk-booking-not-found">
        {bookingNotFoundMessage}
      </Heading>
      <Paragraph>Bookingen finnes ikke, eller den tilhører ikke deg eller organisasjonen du er logget inn for.</Paragraph>
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.bookings.getHref()}>Til mine bookinger</RouterLink>
        </Link>
      </Paragraph>
    </section>
  );
}

/** Loads the booking of a page; the waiting, not-found and failed states are the shared QueryLoader's. */
export function BookingLoader({
  sub,
  bookingId,
  children,
}: {
  sub: string;
  bookingId: number | null;
  children: (booking: UserBooking) => ReactNode;
}) {
  const query = useQuery({ ...userBookingQuery(sub, bookingId ?? 0), enabled: bookingId !== null });
  if (bookingId === null) return <BookingNotFound />;
  return (
    <QueryLoader
      query={query}
      loadingLabel="Henter bookingen"
      describeFailure={loadFailureMessage}
      isNotFound={isNotFound}
      notFound={<BookingNotFound />}
    >
      {children}
    </QueryLoader>
  );
}
