import { Alert, Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { adminBookingQuery } from '@lokaler/api-client/admin-bookings';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../config/paths';
import { ApprovalWizard } from './approval-wizard';
import './approval.css';

/** '/soknader/:bookingId/godkjenn': the approval wizard of one application. */
export function ApprovalPage() {
  const bookingId = Number(useParams().bookingId);
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return <NotFoundPage />;
  return <Approval bookingId={bookingId} />;
}

function Approval({ bookingId }: { bookingId: number }) {
  const { data: booking, error, isPending } = useQuery(adminBookingQuery(bookingId));
  usePageTitle(booking ? `Godkjenn søknad ${booking.caseNumber}` : 'Godkjenn søknad');

  if (isPending) return <Loading label="Henter søknaden" />;
  if (error) {
    if (isApiClientError(error) && error.status === 404) return <NotFoundPage />;
    const { title, detail } = loadFailureMessage(error);
    return (
      <Alert data-color="danger">
        <Paragraph>{title}</Paragraph>
        <Paragraph>{detail}</Paragraph>
      </Alert>
    );
  }
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
        {[booking.userName ?? booking.onBehalfOfName ?? booking.internalEventTitle, booking.displayOrgName, booking.locationName].filter(Boolean).join(' · ')}
      </Paragraph>
      <ApprovalWizard booking={booking} />
    </div>
  );
}
