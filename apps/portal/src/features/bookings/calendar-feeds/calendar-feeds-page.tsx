import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { AuthUser } from '@lokaler/api-client/auth-client';
import { rotateUserCalendarFeedMutation, userCalendarFeedsQuery } from '@lokaler/api-client/calendar-feeds';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import type { CalendarFeed } from '@lokaler/domain/calendar-feed';
import { CalendarFeedHelp, CalendarFeedLink } from '@lokaler/ui/calendar-feed-link';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../../config/paths';
import '../bookings.css';
import { LoginGate } from '../login-gate';

/** /bookinger/kalenderabonnement (decision 024): the person's feed URL, and one per organisation they represent. */
export function CalendarFeedsPage() {
  return <LoginGate>{(user) => <CalendarFeeds user={user} />}</LoginGate>;
}

function CalendarFeeds({ user }: { user: AuthUser }) {
  usePageTitle('Legg bookingene i kalenderen din');
  const { data, error, isPending } = useQuery(userCalendarFeedsQuery(user.sub));
  const own = data?.find((f) => f.kind === 'PERSON');
  const organizations = data?.filter((f) => f.kind === 'ORGANIZATION') ?? [];

  return (
    <article className="lk-stack lk-calendar-feed-page">
      <Link asChild>
        <RouterLink to={paths.bookings.getHref()}>Tilbake til Mine bookinger</RouterLink>
      </Link>
      <Heading level={1} data-size="lg">
        Legg bookingene i kalenderen din
      </Heading>
      <Paragraph>
        Med et kalenderabonnement ser du bookingene dine i Google Kalender, Outlook eller Apple Kalender. Både godkjente bookinger og
        søknader som venter på svar kommer med, og kalenderen oppdateres når noe endres.
      </Paragraph>
      <CalendarFeedHelp />
      {isPending && <Loading label="Henter kalenderlenkene" />}
      {error && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(error).title}</Paragraph>
          <Paragraph>{loadFailureMessage(error).detail}</Paragraph>
        </Alert>
      )}
      {own && <Feed sub={user.sub} feed={own} title="Dine egne bookinger" level={2} />}
      {organizations.length > 0 && (
        <>
          <Heading level={2} data-size="sm">
            Organisasjoner du representerer
          </Heading>
          {organizations.map((feed) => (
            <Feed key={feed.organizationNumber} sub={user.sub} feed={feed} title={feed.name} level={3} />
          ))}
        </>
      )}
    </article>
  );
}

function Feed({ sub, feed, title, level }: { sub: string; feed: CalendarFeed; title: string; level: 2 | 3 }) {
  const rotate = useMutation(rotateUserCalendarFeedMutation(sub));
  const body =
    feed.kind === 'ORGANIZATION' && feed.organizationNumber
      ? { kind: 'ORGANIZATION' as const, organizationNumber: feed.organizationNumber }
      : { kind: 'PERSON' as const };
  return (
    <CalendarFeedLink
      title={title}
      level={level}
      url={feed.url}
      onRotate={() => rotate.mutateAsync(body)}
      rotateError={rotate.error ? userMessageOf(rotate.error) : null}
    />
  );
}
