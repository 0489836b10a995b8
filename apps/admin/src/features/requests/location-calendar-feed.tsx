import { useState } from 'react';
import { Alert, Details, Paragraph } from '@digdir/designsystemet-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { locationCalendarFeedQuery, rotateLocationCalendarFeedMutation } from '@lokaler/api-client/calendar-feeds';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { CalendarFeedHelp, CalendarFeedLink } from '@lokaler/ui/calendar-feed-link';
import { Loading } from '@lokaler/ui/loading';

/**
 * The location's secret calendar feed (decision 024), folded away under the week
 * calendar: the URL is fetched (and made, the first time) only when an administrator opens it.
 */
export function LocationCalendarFeed({ locationId }: { locationId: number }) {
  const [open, setOpen] = useState(false);
  const feed = useQuery({ ...locationCalendarFeedQuery(locationId), enabled: open });
  const rotate = useMutation(rotateLocationCalendarFeedMutation(locationId));
  return (
    <Details open={open} onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <Details.Summary>Abonner på lokalets kalender</Details.Summary>
      <Details.Content>
        <div className="lk-stack lk-calendar-feed-page">
          <Paragraph>
            Legg lokalets bookinger inn i Outlook, Google Kalender eller Apple Kalender. Kalenderen viser rom, tid, status, saksnummer og
            organisasjonens navn, men ikke navn eller kontaktinformasjon til privatpersoner. Åpne søknaden i Lokaler for å se hvem som har
            søkt.
          </Paragraph>
          <CalendarFeedHelp level={3} />
          {feed.isPending && open && <Loading label="Henter kalenderlenken" />}
          {feed.error && (
            <Alert data-color="danger">
              <Paragraph>{loadFailureMessage(feed.error).title}</Paragraph>
            </Alert>
          )}
          {feed.data && (
            <CalendarFeedLink
              title="Lokalets kalender"
              level={3}
              url={feed.data.url}
              onRotate={() => rotate.mutateAsync()}
              rotateError={rotate.error ? userMessageOf(rotate.error) : null}
            />
          )}
        </div>
      </Details.Content>
    </Details>
  );
}
