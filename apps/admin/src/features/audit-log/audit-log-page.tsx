import { Button, Heading, Paragraph, Table } from '@digdir/designsystemet-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { locationAuditQuery } from '@lokaler/api-client/admin-location-schedule';
import { useAdminLocations } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { locationAuditActionLabels, type LocationAuditEntry } from '@lokaler/domain/location-audit';
import { auditEntrySentences } from '@lokaler/domain/location-audit-text';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { formatInstant } from '../../lib/format';
import { changedKeys } from './audit-log-diff';
import './audit-log.css';

const positiveId = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * '/innstillinger/lokalet/endringslogg?lokale={id}' (decisions 015 and 064): every change of the
 * location's settings, newest first — when, who, what, and what changed in words (the raw
 * difference on request); 'Vis flere' fetches the next 50. Without `lokale`, the first location the person runs.
 */
export function AuditLogPage() {
  usePageTitle('Endringslogg');
  const [search] = useSearchParams();
  const { user } = useAuth();
  const locations = useAdminLocations(user?.sub);
  const locationId = positiveId(search.get('lokale')) ?? locations.data?.[0]?.id ?? null;
  return (
    <div className="lk-stack lk-audit-page">
      <Heading level={1} data-size="lg">
        Endringslogg
      </Heading>
      <Paragraph>Alle endringer av lokalets innstillinger, med hvem som gjorde dem og når. Nyeste først.</Paragraph>
      {locationId !== null ? (
        <AuditLog locationId={locationId} />
      ) : locations.isPending ? (
        <Loading label="Henter lokalene" />
      ) : locations.error ? (
        <LoadFailureAlert failure={loadFailureMessage(locations.error)} />
      ) : (
        <Paragraph>Du administrerer ingen lokaler.</Paragraph>
      )}
    </div>
  );
}

function AuditLog({ locationId }: { locationId: number }) {
  const log = useInfiniteQuery(locationAuditQuery(locationId));
  if (log.error && !log.data) return <LoadFailureAlert failure={loadFailureMessage(log.error)} />;
  if (!log.data) return <Loading label="Henter endringsloggen" />;
  const entries = log.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <Paragraph>Ingen endringer er registrert ennå.</Paragraph>;
  return (
    <>
      <div className="lk-table-scroll" tabIndex={0} role="region" aria-label="Endringer, tabell">
        <Table className="lk-audit-table">
          <caption className="lk-visually-hidden">Endringer av lokalets innstillinger</caption>
          <Table.Head>
            <Table.Row>
              <Table.HeaderCell scope="col">Tidspunkt</Table.HeaderCell>
              <Table.HeaderCell scope="col">Hvem</Table.HeaderCell>
              <Table.HeaderCell scope="col">Hva</Table.HeaderCell>
              <Table.HeaderCell scope="col">Hva ble endret</Table.HeaderCell>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>{formatInstant(entry.atUtc)}</Table.Cell>
                <Table.Cell>{entry.actorName}</Table.Cell>
                <Table.Cell>{locationAuditActionLabels[entry.action]}</Table.Cell>
                <Table.Cell>
                  <Changes entry={entry} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
      {log.error && <LoadFailureAlert failure={loadFailureMessage(log.error)} />}
      {log.hasNextPage && (
        <div>
          <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? 'Henter …' : 'Vis flere'}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * What changed, in sentences (decision 064); the raw difference and the stored data stay behind
 * 'Vis tekniske detaljer' for support staff.
 */
function Changes({ entry }: { entry: LocationAuditEntry }) {
  const sentences = auditEntrySentences(entry);
  const changes = changedKeys(entry.before, entry.after);
  return (
    <div className="lk-audit-changes">
      <ul aria-label="Endringer i ord">
        {sentences.map((sentence, index) => (
          <li key={index}>{sentence}</li>
        ))}
      </ul>
      <details>
        <summary>Vis tekniske detaljer</summary>
        {changes.length === 0 ? (
          <p className="lk-subtle">Ingen endrede felt</p>
        ) : (
          <ul>
            {changes.map((c) => (
              <li key={c.key}>
                <code>{c.key || '(verdi)'}</code>: {c.before} → {c.after}
              </li>
            ))}
          </ul>
        )}
        <pre>{JSON.stringify({ før: entry.before ?? null, etter: entry.after ?? null }, null, 2)}</pre>
      </details>
    </div>
  );
}
