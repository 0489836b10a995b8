import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { cancellationRefusedMessage, reservationsInOverview } from '@lokaler/domain/user-booking-rules';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { cancelUserBookingMutation } from '@lokaler/api-client/user-bookings';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../../config/paths';
import '../bookings.css';
import { LoginGate } from '../login-gate';
import { BackToBooking } from '../shared/back-to-booking';
import { BookingLoader } from '../shared/booking-loader';
import { useBookingId } from '../shared/use-booking-id';

/** /bookinger/:bookingId/kanseller (spec 02 §2, §4). */
export function CancelPage() {
  const bookingId = useBookingId();
  return (
    <LoginGate>
      {(user) => (
        <BookingLoader sub={user.sub} bookingId={bookingId}>
          {(booking) => <CancelView sub={user.sub} booking={booking} />}
        </BookingLoader>
      )}
    </LoginGate>
  );
}

/** The rooms of the times that would be given up, each once, in the order they come. */
function roomNames(booking: UserBooking): string[] {
  return [...new Set(reservationsInOverview(booking.reservations).map((r) => r.displayName))];
}

function CancelView({ sub, booking }: { sub: string; booking: UserBooking }) {
  usePageTitle('Kanseller booking');
  const navigate = useNavigate();
  const bookingHref = paths.booking.getHref(booking.bookingId);

  // Success goes back to the booking, loaded again (its badge and text then say Kansellert);
  // a failure leaves the person here with the reason.
  const cancel = useGuardedMutation(cancelUserBookingMutation(sub, booking.bookingId), { onSuccess: () => navigate(bookingHref) });

  const rooms = roomNames(booking);

  return (
    <article className="lk-stack">
      <BackToBooking bookingId={booking.bookingId} />
      <Heading level={1} data-size="lg">
        Kanseller booking
      </Heading>
      <dl className="lk-booking-facts">
        <dt>Sted</dt>
        <dd>{booking.location.name}</dd>
        {rooms.length > 0 && (
          <>
            <dt>Rom</dt>
            <dd>{rooms.join(', ')}</dd>
          </>
        )}
        {booking.periodDescription && (
          <>
            <dt>{booking.periodDescription.includes('–') ? 'Periode' : 'Dato'}</dt>
            <dd>{booking.periodDescription}</dd>
          </>
        )}
        <dt>Saksnummer</dt>
        <dd>{booking.caseNumber}</dd>
      </dl>
      {booking.isCancellable ? (
        <>
          <Paragraph>
            Er du sikker på at du vil kansellere bookingen? Tidene blir ledige for andre med en gang, og kanselleringen kan ikke angres.
          </Paragraph>
          {booking.hasOslonokkelen && (
            <Paragraph>
              Har du delt digital nøkkel i Oslonøkkelen-appen, trekkes tilgangen tilbake når bookingen kanselleres. Telefonnumrene du har
              lagt til, kan ikke lenger låse opp rommet.
            </Paragraph>
          )}
          {cancel.error && (
            <Alert data-color="danger" role="alert">
              {userMessageOf(cancel.error)}
            </Alert>
          )}
          <div className="lk-button-row">
            <Button data-color="danger" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Ja, kanseller bookingen
            </Button>
            <Button asChild variant="secondary">
              <RouterLink to={bookingHref}>Avbryt</RouterLink>
            </Button>
          </div>
        </>
      ) : (
        <Paragraph>
          {cancellationRefusedMessage({
            status: booking.status,
            sourceForm: booking.sourceForm,
            locationName: booking.location.name,
            contactEmail: booking.location.contactEmail,
          })}
        </Paragraph>
      )}
    </article>
  );
}
