import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { adminBookingQuery } from '@lokaler/api-client/admin-bookings';
import { isNotFoundError } from '@lokaler/api-client/api-client-error';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { BookingStatusBadge } from '@lokaler/ui/booking-status-badge';
import { bookingPurposeLabels } from '@lokaler/ui/booking-purpose';
import { useFlashToast } from '@lokaler/ui/flash-toast';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { OmittedDatesSection } from '@lokaler/ui/omitted-dates-section';
import { paths } from '../../config/paths';
import { formatDay, formatInstant } from '../../lib/format';
import { NextApplication } from '../../components/next-application';
import { useListSearch } from '../../lib/list-context';
import { ApplicantSection } from './applicant-section';
import { CaseOfficerSection } from './case-officer-section';
import { ApprovalSummary } from './approval-summary';
import { BookingActions } from './booking-actions';
import { ChangeLogSection } from './change-log-section';
import { DocumentsSection } from './documents-section';
import { EmailRemindersSection } from './email-reminders-section';
import { ArchiveMessagesSection } from './archive-messages-section';
import { InternalCommentEditor } from './internal-comment-editor';
import { InternalTitleEditor } from './internal-title-editor';
import { KeyAccessSection } from './key-access-section';
import { ReservationsSection } from './reservations-section';
import { WeddingSection } from './wedding-section';
import './booking.css';

/** Statuses no writer leaves again (booking-lifecycle): nothing left for a case officer to take. */
const finishedStatuses: ReadonlySet<string> = new Set(['REJECTED', 'CANCELLED', 'AUTOREJECTED']);

/** '/soknader/:bookingId': one application with everything the administrator needs to decide on it. */
export function BookingPage() {
  const bookingId = Number(useParams().bookingId);
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return <NotFoundPage />;
  return <Booking bookingId={bookingId} />;
}

function Booking({ bookingId }: { bookingId: number }) {
  useFlashToast();
  const query = useQuery(adminBookingQuery(bookingId));
  usePageTitle(query.data ? `Søknad ${query.data.caseNumber}` : 'Søknad');
  return (
    <QueryLoader
      query={query}
      loadingLabel="Henter søknaden"
      describeFailure={loadFailureMessage}
      isNotFound={isNotFoundError}
      notFound={<NotFoundPage />}
    >
      {(booking) => <BookingView booking={booking} />}
    </QueryLoader>
  );
}

/**
 * An application collected in a semester round is answered when the round closes (decision 030): no
 * single decision here (the server refuses them), but the way to the round where it is allocated.
 */
function InRoundNotice({ round }: { round: NonNullable<AdminBookingView['round']> }) {
  return (
    <Alert data-color="info">
      <Paragraph>
        Søknaden er med i søknadsrunden «{round.name}» (søknadsfrist {formatDay(round.deadline)}) og avgjøres når runden lukkes.
      </Paragraph>
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.round.getHref(round.id)}>Gå til søknadsrunden</RouterLink>
        </Link>
      </Paragraph>
    </Alert>
  );
}

function BookingView({ booking }: { booking: AdminBookingView }) {
  const internal = booking.bookingPurpose === 'ADMINUSER_INTERNAL_ACTIVITY';
  // One guard for the page (a router allows one blocker): unsaved note or title.
  const [commentDirty, setCommentDirty] = useState(false);
  const [titleDirty, setTitleDirty] = useState(false);
  const guard = useUnsavedChangesGuard(commentDirty || titleDirty);
  const listSearch = useListSearch();
  return (
    <div className="lk-stack lk-booking">
      {guard.dialog}
      <Paragraph data-size="sm">
        <Link asChild>
          <RouterLink to={paths.locationRequests.getHref(booking.locationId, listSearch ? `?${listSearch}` : '')}>
            Søknader for {booking.locationName}
          </RouterLink>
        </Link>
      </Paragraph>
      <div className="lk-booking__heading">
        <Heading level={1} data-size="lg">
          {internal && booking.internalEventTitle ? booking.internalEventTitle : `Søknad ${booking.caseNumber}`}
        </Heading>
        <BookingStatusBadge status={booking.status} />
      </div>
      <Paragraph className="lk-subtle">
        {[
          booking.locationName,
          bookingPurposeLabels[booking.bookingPurpose],
          `Saksnummer ${booking.caseNumber}`,
          `Mottatt ${formatInstant(booking.createdTimeUtc)}`,
        ].join(' · ')}
      </Paragraph>
      {booking.round && booking.round.status !== 'CLOSED' ? <InRoundNotice round={booking.round} /> : <BookingActions booking={booking} />}
      {booking.status !== 'UNPROCESSED' && <NextApplication bookingId={booking.bookingId} locationId={booking.locationId} />}
      <CaseOfficerSection bookingId={booking.bookingId} finished={finishedStatuses.has(booking.status)} />
      {booking.wedding && <WeddingSection booking={booking} wedding={booking.wedding} />}
      {booking.approval && <ApprovalSummary approval={booking.approval} />}
      <ApplicantSection booking={booking} />
      <ReservationsSection booking={booking} />
      <OmittedDatesSection
        omitted={booking.omittedTimes}
        className="lk-section"
        intro="Søkeren valgte å sende søknaden uten disse datoene i gjentakelsen, fordi de ikke var ledige:"
      />
      <DocumentsSection booking={booking} />
      <KeyAccessSection booking={booking} />
      <section aria-labelledby="lk-internal" className="lk-section">
        <Heading level={2} data-size="sm" id="lk-internal">
          Internt
        </Heading>
        {internal && (
          <InternalTitleEditor bookingId={booking.bookingId} title={booking.internalEventTitle ?? ''} onDirtyChange={setTitleDirty} />
        )}
        <InternalCommentEditor bookingId={booking.bookingId} onDirtyChange={setCommentDirty} />
      </section>
      <ChangeLogSection bookingId={booking.bookingId} />
      <EmailRemindersSection bookingId={booking.bookingId} />
      <ArchiveMessagesSection bookingId={booking.bookingId} />
    </div>
  );
}
