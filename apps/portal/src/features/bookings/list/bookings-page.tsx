import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { AuthUser } from '@lokaler/api-client/auth-client';
import { userBookingsQuery } from '@lokaler/api-client/user-bookings';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { useAnswerInTransition } from '@lokaler/ui/answer-in-transition';
import { useFeatureSwitch } from '@lokaler/ui/feature-switches';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../../config/paths';
import '../bookings.css';
import { IdentityPanel } from '../impersonation/identity-panel';
import { ImpersonationDialog } from '../impersonation/impersonation-dialog';
import { LoginGate } from '../login-gate';
import { BookingsTable } from './bookings-table';

/** /bookinger (spec 02 §2): the bookings of the identity the person acts as. */
export function BookingsPage() {
  return <LoginGate>{(user) => <MyBookings user={user} />}</LoginGate>;
}

function MyBookings({ user }: { user: AuthUser }) {
  usePageTitle('Mine bookinger');
  const [orgLogin] = useFeatureSwitch('orgLogin');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const bookings = useQuery(userBookingsQuery(user.sub));
  // Decision 050: the table renders in a transition, not in the task the answer arrived in; until then the
  // loading state stays.
  const data = useAnswerInTransition(bookings.data);
  const { error } = bookings;
  const isPending = bookings.isPending || (bookings.data !== undefined && data === undefined);
  const showDialog = orgLogin && searchParams.get('showImpersonationDialog') === 'true';

  return (
    <div className={orgLogin ? 'lk-bookings-layout lk-bookings-layout--with-panel' : 'lk-bookings-layout'}>
      <div className="lk-stack">
        <Heading level={1} data-size="lg">
          Mine bookinger
        </Heading>
        <Paragraph>
          <Link asChild>
            <RouterLink to={paths.freeSlotAlerts.getHref()}>Varsler om ledige tider</RouterLink>
          </Link>
        </Paragraph>
        <Paragraph>
          <Link asChild>
            <RouterLink to={paths.calendarFeeds.getHref()}>Legg bookingene i kalenderen din</RouterLink>
          </Link>
        </Paragraph>
        <Paragraph>
          <Link asChild>
            <RouterLink to={paths.invoices.getHref()}>Faktura</RouterLink>
          </Link>
        </Paragraph>
        <Paragraph>
          <Link asChild>
            <RouterLink to={paths.myData.getHref()}>Mine data</RouterLink>
          </Link>
        </Paragraph>
        {isPending && <Loading label="Henter bookingene dine" />}
        {error && (
          <Alert data-color="danger">
            <Paragraph>{loadFailureMessage(error).title}</Paragraph>
            <Paragraph>{loadFailureMessage(error).detail}</Paragraph>
          </Alert>
        )}
        {data && data.length === 0 && (
          <Paragraph>
            Du har ingen bookinger ennå.{' '}
            <Link asChild>
              <RouterLink to={paths.venues.getHref()}>Finn et lokale å låne eller leie</RouterLink>
            </Link>
            .
          </Paragraph>
        )}
        {data && data.length > 0 && <BookingsTable bookings={data} />}
      </div>
      {orgLogin && <IdentityPanel sub={user.sub} />}
      {showDialog && (
        <ImpersonationDialog
          sub={user.sub}
          personName={user.name}
          onClose={() => void navigate(paths.bookings.getHref(), { replace: true })}
        />
      )}
    </div>
  );
}
