import { useState } from 'react';
import { Details, Paragraph, Tag } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { changeLogLabel, type ChangeLogEntry } from '@lokaler/domain/change-log';
import { userBookingChangesQuery } from '@lokaler/api-client/user-bookings';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { formatInstant } from '../format';

function TimesList({ title, times }: { title: string; times: ChangeLogEntry['reservationTimes'] }) {
  if (!times || times.length === 0) return null;
  return (
    <div>
      <Paragraph data-size="sm">{title}</Paragraph>
      <ul className="lk-plain-list">
        {times.map((group) => (
          <li key={group.assetDescription}>
            <strong>{group.assetDescription}:</strong> {group.times.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One change: its label (spec 02 §4; WEDDING_CERTIFICATE has none), when, who, and the times it was about. */
export function TimelineEntry({ entry }: { entry: ChangeLogEntry }) {
  const label = entry.label ?? changeLogLabel(entry.type);
  const changed = entry.newReservationTimes !== null && entry.newReservationTimes.length > 0;
  return (
    <li>
      <div className="lk-timeline__head">
        {label && (
          <Tag data-color="neutral" data-size="sm">
            {label}
          </Tag>
        )}
        <time dateTime={entry.loggedUtc}>{formatInstant(entry.loggedUtc)}</time>
        {entry.user && <span className="lk-muted">av {entry.user}</span>}
      </div>
      {entry.comment && <Paragraph className="lk-preserve-lines">{entry.comment}</Paragraph>}
      <TimesList title={changed ? 'Tidligere tider' : 'Tider'} times={entry.reservationTimes} />
      <TimesList title="Nye tider" times={entry.newReservationTimes} />
    </li>
  );
}

export function TimelineList({ entries }: { entries: readonly ChangeLogEntry[] }) {
  if (entries.length === 0) return <Paragraph>Ingen endringer er registrert.</Paragraph>;
  return (
    <ol className="lk-timeline" aria-label="Endringer">
      {entries.map((entry, index) => (
        <TimelineEntry key={`${entry.loggedUtc}-${entry.type}-${index}`} entry={entry} />
      ))}
    </ol>
  );
}

/** Spec 02 §2: the expandable change timeline, loaded the first time it is opened. */
export function ChangeTimeline({ sub, bookingId }: { sub: string; bookingId: number }) {
  const [opened, setOpened] = useState(false);
  const { data, error, isPending } = useQuery({ ...userBookingChangesQuery(sub, bookingId), enabled: opened });
  return (
    <section className="lk-booking-section" aria-label="Historikk">
      <Details
        onToggle={(event) => {
          if ((event.target as HTMLDetailsElement).open) setOpened(true);
        }}
      >
        <Details.Summary>Historikk</Details.Summary>
        <Details.Content>
          {opened && isPending && <Loading label="Henter historikk" />}
          {error && (
            <Paragraph>
              {loadFailureMessage(error).title}: {loadFailureMessage(error).detail}
            </Paragraph>
          )}
          {data && <TimelineList entries={data} />}
        </Details.Content>
      </Details>
    </section>
  );
}
