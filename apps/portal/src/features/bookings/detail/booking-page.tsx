import { usePrefetchQuery } from '@tanstack/react-query';
import { Link } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { infoForLeietakerQuery, retroactiveContractQuery } from '@lokaler/api-client/user-booking-documents';
import { userBookingInvoicesQuery } from '@lokaler/api-client/user-invoices';
import { usePageTitle } from '@lokaler/ui/page-title';
import { OmittedDatesSection } from '@lokaler/ui/omitted-dates-section';
import { paths } from '../../../config/paths';
import '../bookings.css';
import { KeySection } from '../keys/key-section';
import { LoginGate } from '../login-gate';
import { BookingLoader } from '../shared/booking-loader';
import { useBookingId } from '../shared/use-booking-id';
import { BookingSummary } from './booking-summary';
import { CancellationSection } from './cancellation-section';
import { ChangeTimeline } from './change-timeline';
import { DecisionMessages } from './decision-messages';
import { DocumentsSection } from './documents-section';
import { FireProcedureSection } from './fire-procedure-section';
import { InvoicesSection } from './invoices-section';
import { ProevingsattestSection } from './proevingsattest-section';
import { RoomsAndTimesSection } from './rooms-and-times-section';

/** /bookinger/:bookingId — everything spec 02 §2 lists for the booking detail page. */
export function BookingPage() {
  const bookingId = useBookingId();
  return (
    <LoginGate>
      {(user) => (
        <>
          {bookingId !== null && <PrefetchDocuments sub={user.sub} bookingId={bookingId} />}
          <BookingLoader sub={user.sub} bookingId={bookingId}>
            {(booking) => <BookingDetail sub={user.sub} booking={booking} />}
          </BookingLoader>
        </>
      )}
    </LoginGate>
  );
}

/** Decision 019: the documents section's two answers (and the invoices', decision 071) are asked for with the booking, not after it. */
function PrefetchDocuments({ sub, bookingId }: { sub: string; bookingId: number }) {
  usePrefetchQuery(retroactiveContractQuery(sub, bookingId));
  usePrefetchQuery(infoForLeietakerQuery(sub, bookingId));
  usePrefetchQuery(userBookingInvoicesQuery(sub, bookingId));
  return null;
}

function BookingDetail({ sub, booking }: { sub: string; booking: UserBooking }) {
  usePageTitle(`Din booking hos ${booking.location.name}`);
  return (
    <article className="lk-stack">
      <Link asChild>
        <RouterLink to={paths.bookings.getHref()}>Mine bookinger</RouterLink>
      </Link>
      <BookingSummary booking={booking} />
      <DecisionMessages booking={booking} />
      <RoomsAndTimesSection booking={booking} />
      <OmittedDatesSection
        omitted={booking.omittedTimes}
        className="lk-booking-section"
        listClassName="lk-plain-list"
        intro="Du sendte søknaden uten disse datoene, fordi de ikke var ledige:"
      />
      <DocumentsSection sub={sub} booking={booking} />
      <InvoicesSection sub={sub} booking={booking} />
      <ProevingsattestSection sub={sub} booking={booking} />
      <FireProcedureSection booking={booking} />
      {booking.hasOslonokkelen && <KeySection sub={sub} bookingId={booking.bookingId} />}
      <ChangeTimeline sub={sub} bookingId={booking.bookingId} />
      <CancellationSection booking={booking} />
    </article>
  );
}
