import { Heading, Paragraph, Table } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { archiveMessagesQuery } from '@lokaler/api-client/archive-messages';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { archiveMessageKindLabels, type ArchiveMessageStatus } from '@lokaler/domain/archive-message';
import { Loading } from '@lokaler/ui/loading';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { formatInstant } from '../../lib/format';

/** Where one message to the archive stands, in words: a failed one says when it is tried again and why. */
export function archiveStatusText(message: ArchiveMessageStatus): string {
  if (message.status === 'SENT') return `Sendt til arkivet ${formatInstant(message.sentTimeUtc)}`;
  if (message.status === 'RETRYING')
    return `Feilet – prøves igjen ${formatInstant(message.nextAttemptTimeUtc)}: ${message.lastError ?? ''}`;
  return 'Venter';
}

/** The booking's journal posts sent (or waiting) to the city's archive (GET /api/booking-log/{id}/archive-messages, decision 056). */
export function ArchiveMessagesSection({ bookingId }: { bookingId: number }) {
  const { data, error, isPending } = useQuery(archiveMessagesQuery(bookingId));
  return (
    <section aria-labelledby="lk-archive" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-archive">
        Arkiv
      </Heading>
      {isPending && <Loading label="Henter arkivmeldingene" />}
      {error && <LoadFailureAlert failure={loadFailureMessage(error)} />}
      {data && data.length === 0 && <Paragraph>Ingenting om denne søknaden er sendt til arkivet.</Paragraph>}
      {data && data.length > 0 && (
        <div className="lk-table-scroll" tabIndex={0} role="region" aria-label="Meldinger til arkivet, tabell">
          <Table data-size="sm" zebra>
            <caption className="lk-visually-hidden">Meldinger til arkivet med saksnummer {data[0]!.caseNumber}</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>Journalpost</Table.HeaderCell>
                <Table.HeaderCell>Opprettet</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {data.map((message) => (
                <Table.Row key={message.id}>
                  <Table.Cell>{archiveMessageKindLabels[message.kind]}</Table.Cell>
                  <Table.Cell>{formatInstant(message.createdTimeUtc)}</Table.Cell>
                  <Table.Cell>{archiveStatusText(message)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </div>
      )}
    </section>
  );
}
