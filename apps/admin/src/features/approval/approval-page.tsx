import { Alert, Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { adminBookingQuery } from '@lokaler/api-client/admin-bookings';
import { isNotFoundError } from '@lokaler/api-client/api-client-error';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';
import { ApprovalTimes } from './approval-times';
import { ApprovalWizard } from './approval-wizard';
import './approval.css';

/** '/soknader/:bookingId/godkjenn': the approval wizard of one application. */
export function ApprovalPage() {
  const bookingId = Number(useParams().bookingId);
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return <NotFoundPage />;
  return <Approval bookingId={bookingId} />;
}

function Approval({ bookingId }: { bookingId: number }) {
  const query = useQuery(adminBookingQuery(bookingId));
  usePageTitle(query.data ? `Godkjenn søknad ${query.data.caseNumber}` : 'Godkjenn søknad');
  return (
    <QueryLoader
      query={query}
      loadingLabel="Henter søknaden"
      describeFailure={loadFailureMessage}
      isNotFound={isNotFoundError}
      notFound={<NotFoundPage />}
    >
      {(booking) => <ApprovalView booking={booking} />}
    </QueryLoader>
  );
}

function ApprovalView({ booking }: { booking: AdminBookingView }) {
  const { bookingId } = booking;
  const back = (
    <Paragraph data-size="sm">
      <Link asChild>
        <RouterLink to={paths.booking.getHref(bookingId)}>Tilbake til søknad {booking.caseNumber}</RouterLink>
      </Link>
    </Paragraph>
  );
  if (booking.status !== 'UNPROCESSED') {
    return (
      <div className="lk-stack">
        {back}
        <Heading level={1} data-size="lg">
          Godkjenn søknad {booking.caseNumber}
        </Heading>
        <Alert data-color="info">
          <Paragraph>Søknaden venter ikke på behandling, så den kan ikke godkjennes her.</Paragraph>
        </Alert>
        <div>
          <Button asChild variant="secondary">
            <RouterLink to={paths.booking.getHref(bookingId)}>Gå til søknaden</RouterLink>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="lk-stack">
      {back}
      <Heading level={1} data-size="lg">
        Godkjenn søknad {booking.caseNumber}
      </Heading>
      <Paragraph>
        {[booking.userName ?? booking.onBehalfOfName ?? booking.internalEventTitle, booking.displayOrgName, booking.locationName]
          .filter(Boolean)
          .join(' · ')}
      </Paragraph>
      <ApprovalTimes booking={booking} />
      <ApprovalWizard booking={booking} />
    </div>
  );
}
