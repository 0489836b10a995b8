import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import type { WeddingPrefillResponse } from '@lokaler/domain/wedding-application-answers';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { weddingPrefillQuery } from '@lokaler/api-client/wedding-application';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../../config/paths';
import { LoginGate } from '../login-gate';
import { BookingNotFound } from '../shared/booking-loader';
import { isWeddingStep } from './wedding-form-values';
import { forgetWeddingAnswers } from './wedding-answers-storage';
import { WeddingWizard } from './wedding-wizard';
import '../bookings.css';

/** The bookingId of the query as a positive integer; null for anything else (shown as not found). */
function bookingIdOf(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The prefill's 422: the booking's location is not a wedding venue (spec 02 §8 'Ikke tilgjengelig'). */
const isNotWeddingVenue = (error: unknown) => isApiClientError(error) && error.status === 422;

/**
 * /ny-booking/vielse[/{step}]?bookingId=…: the wedding wizard (spec 02 §2, decision 014).
 * Without a bookingId, or for a booking the server does not show this person, 'Fant ikke bookingen'
 * (the two look the same); outside a wedding venue 'Ikke tilgjengelig'. A time no longer held, or a
 * form already sent, offers only leaving.
 */
export function WeddingWizardPage() {
  usePageTitle('Søknad om vielse');
  const [params] = useSearchParams();
  const { step } = useParams();
  const bookingId = bookingIdOf(params.get('bookingId'));
  if (bookingId === null) return <BookingNotFound />;
  // /ny-booking/vielse?bookingId=… (where the registration page sends the couple) is the first step.
  if (!isWeddingStep(step)) return <Navigate to={paths.newWeddingBookingStep.getHref('informasjon', bookingId)} replace />;
  return <LoginGate>{(user) => <WithPrefill sub={user.sub} bookingId={bookingId} />}</LoginGate>;
}

function WithPrefill({ sub, bookingId }: { sub: string; bookingId: number }) {
  const prefill = useQuery(weddingPrefillQuery(sub, bookingId));
  if (prefill.error && isNotWeddingVenue(prefill.error)) return <NotAvailable />;
  return (
    <QueryLoader
      query={prefill}
      loadingLabel="Henter bookingen"
      describeFailure={loadFailureMessage}
      isNotFound={(e) => isApiClientError(e) && e.status === 404}
      notFound={<BookingNotFound />}
    >
      {(data) => <Wizard sub={sub} prefill={data} />}
    </QueryLoader>
  );
}

function Wizard({ sub, prefill }: { sub: string; prefill: WeddingPrefillResponse }) {
  const queryClient = useQueryClient();
  const over = prefill.submitted || prefill.timesAndAssetsNoLongerFree;
  // Decision 038: answers kept for a reload are of no use once the form is sent or the time is gone.
  useEffect(() => {
    if (over) forgetWeddingAnswers(sub, prefill.bookingId);
  }, [over, sub, prefill.bookingId]);
  if (prefill.submitted) return <AlreadySent bookingId={prefill.bookingId} />;
  if (prefill.timesAndAssetsNoLongerFree) return <TimeGone />;
  // The server says the time is gone when the page opens (a reload after the grace): ask the prefill again, which says so.
  const onTimeGone = () => void queryClient.invalidateQueries({ queryKey: weddingPrefillQuery(sub, prefill.bookingId).queryKey });
  return <WeddingWizard sub={sub} prefill={prefill} onTimeGone={onTimeGone} />;
}

function NotAvailable() {
  usePageTitle(weddingMessages.notAvailable);
  return (
    <section className="lk-stack" aria-labelledby="vielse-not-available">
      <Heading level={1} data-size="lg" id="vielse-not-available">
        {weddingMessages.notAvailable}
      </Heading>
      <Paragraph>Søknad om vielse kan bare sendes for et vielseslokale.</Paragraph>
      <Paragraph>
        <RouterLink to={paths.bookings.getHref()}>Til mine bookinger</RouterLink>
      </Paragraph>
    </section>
  );
}

/** Decision 014: the held time is gone (the hold ran out, or the booking was closed): only leaving. */
function TimeGone() {
  usePageTitle(weddingMessages.timesTakenTitle);
  const navigate = useNavigate();
  return (
    <section className="lk-stack" aria-labelledby="vielse-time-gone">
      <Heading level={1} data-size="lg" id="vielse-time-gone">
        Søknad om vielse
      </Heading>
      <Alert data-color="warning">
        <Heading level={2} data-size="xs">
          {weddingMessages.timesTakenTitle}
        </Heading>
        <Paragraph>Tidspunktet er ikke lenger holdt av til deg. Velg et nytt tidspunkt i kalenderen for å søke om vielse.</Paragraph>
      </Alert>
      <div>
        <Button onClick={() => void navigate(paths.bookings.getHref())}>Gå til mine bookinger</Button>
      </div>
    </section>
  );
}

function AlreadySent({ bookingId }: { bookingId: number }) {
  usePageTitle(weddingMessages.alreadySubmitted);
  return (
    <section className="lk-stack" aria-labelledby="vielse-sent">
      <Heading level={1} data-size="lg" id="vielse-sent">
        {weddingMessages.alreadySubmitted}
      </Heading>
      <Paragraph>
        <RouterLink to={paths.booking.getHref(bookingId)}>Se bookingen</RouterLink>
      </Paragraph>
    </section>
  );
}
