import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { retroactiveContractQuery } from '@lokaler/api-client/user-booking-documents';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import '../bookings.css';
import { LoginGate } from '../login-gate';
import { BackToBooking } from '../shared/back-to-booking';
import { BookingLoader } from '../shared/booking-loader';
import { useBookingId } from '../shared/use-booking-id';

/** /bookinger/:bookingId/endringsnotat — the retroactive-booking note, shown as the change note (spec 02 §2). */
export function ChangeNotePage() {
  const bookingId = useBookingId();
  return (
    <LoginGate>
      {(user) => (
        <BookingLoader sub={user.sub} bookingId={bookingId}>
          {(booking) => <ChangeNoteView sub={user.sub} booking={booking} />}
        </BookingLoader>
      )}
    </LoginGate>
  );
}

function ChangeNoteView({ sub, booking }: { sub: string; booking: UserBooking }) {
  usePageTitle('Endringsnotat');
  const { data, error, isPending } = useQuery(retroactiveContractQuery(sub, booking.bookingId));
  const text = data?.text.trim() ?? '';
  return (
    <article className="lk-stack">
      <BackToBooking bookingId={booking.bookingId} />
      <Heading level={1} data-size="lg">
        Endringsnotat
      </Heading>
      <Paragraph>
        Bookingen hos {booking.location.name}, saksnummer {booking.caseNumber}.
      </Paragraph>
      {isPending && <Loading label="Henter endringsnotatet" />}
      {error && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(error).title}</Paragraph>
          <Paragraph>{loadFailureMessage(error).detail}</Paragraph>
        </Alert>
      )}
      {data &&
        (text ? (
          <div className="lk-document lk-preserve-lines" role="region" aria-label="Endringsnotatet" tabIndex={0}>
            {text}
          </div>
        ) : (
          <Paragraph>Det finnes ikke noe endringsnotat for denne bookingen.</Paragraph>
        ))}
    </article>
  );
}
