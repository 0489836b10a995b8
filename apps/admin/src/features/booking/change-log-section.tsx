import { Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { bookingChangesQuery } from '@lokaler/api-client/admin-bookings';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { ChangeLogEntry } from '@lokaler/domain/admin-booking-view';
import type { ChangeLogReservationTimes } from '@lokaler/domain/booking';
import { Loading } from '@lokaler/ui/loading';
import { formatInstant } from '../../lib/format';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';

/** What happened to the booking, newest first (GET /api/booking-log/{id}/changes). */
export function ChangeLogSection({ bookingId }: { bookingId: number }) {
  const { data, error, isPending } = useQuery(bookingChangesQuery(bookingId));
  const entries = data ? [...data].sort((a, b) => b.loggedUtc.localeCompare(a.loggedUtc) || b.id - a.id) : [];
  return (
    <section aria-labelledby="lk-change-log" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-change-log">
        Endringslogg
      </Heading>
      {isPending && <Loading label="Henter endringsloggen" />}
      {error && <LoadFailureAlert failure={loadFailureMessage(error)} />}
      {data && entries.length === 0 && <Paragraph>Ingen endringer er logget.</Paragraph>}
      {entries.length > 0 && (
        <ol className="lk-timeline">
          {entries.map((entry) => (
            <LogEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** What an entry whose label alone says little is about ('Sendt' of a reminder). */
const aboutLabels: Partial<Record<ChangeLogEntry['type'], string>> = {
  WeddingCertificateReminderSent: '– påminnelse om prøvingsattest',
  WEDDING_CERTIFICATE: 'lastet opp',
};

function LogEntry({ entry }: { entry: ChangeLogEntry }) {
  // WEDDING_CERTIFICATE has no label in spec 02 §4 (null); it is shown by what it is about.
  const label = entry.label ?? 'Prøvingsattest';
  const about = aboutLabels[entry.type];
  return (
    <li>
      <Paragraph>
        <strong>{label}</strong>
        {about && ` ${about}`}{' '}
        <span className="lk-subtle">
          {formatInstant(entry.loggedUtc)}
          {entry.user ? ` · ${entry.user}` : ''}
        </span>
      </Paragraph>
      <Times label={entry.newReservationTimes ? 'Før' : 'Tider'} times={entry.reservationTimes} />
      <Times label="Etter" times={entry.newReservationTimes} />
      {entry.comment && <Paragraph className="lk-preserve-lines">Kommentar: {entry.comment}</Paragraph>}
    </li>
  );
}

function Times({ label, times }: { label: string; times: ChangeLogReservationTimes | null }) {
  if (!times || times.length === 0) return null;
  return (
    <div className="lk-log-times">
      <Paragraph data-size="sm">{label}:</Paragraph>
      <ul>
        {times.map((t, i) => (
          <li key={i}>
            {t.assetDescription}: {t.times.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
