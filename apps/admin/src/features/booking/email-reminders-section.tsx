import { Heading, Paragraph, Table } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { emailRemindersQuery } from '@lokaler/api-client/admin-bookings';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { EmailReminder } from '@lokaler/domain/admin-booking-view';
import { Loading } from '@lokaler/ui/loading';
import { formatInstant } from '../../lib/format';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';

const statusLabels: Record<EmailReminder['status'], string> = {
  SENT: 'Sendt',
  PENDING: 'Venter på sending',
  RETRYING: 'Prøver på nytt',
  FAILED: 'Kunne ikke sendes',
};

/** The e-mails the applicant has been sent about this booking (GET /api/booking-log/{id}/email-reminders). */
export function EmailRemindersSection({ bookingId }: { bookingId: number }) {
  const { data, error, isPending } = useQuery(emailRemindersQuery(bookingId));
  return (
    <section aria-labelledby="lk-emails" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-emails">
        E-post til søkeren
      </Heading>
      {isPending && <Loading label="Henter e-postene" />}
      {error && <LoadFailureAlert failure={loadFailureMessage(error)} />}
      {data && data.length === 0 && <Paragraph>Søkeren har ikke fått e-post om denne søknaden.</Paragraph>}
      {data && data.length > 0 && (
        // Focusable so that a keyboard can scroll the table sideways on a narrow screen (it has nothing else to focus).
        <div className="lk-table-scroll" tabIndex={0} role="region" aria-label="E-post til søkeren, tabell">
          <Table data-size="sm" zebra>
            <caption className="lk-visually-hidden">E-post sendt til søkeren</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>Emne</Table.HeaderCell>
                <Table.HeaderCell>Mottaker</Table.HeaderCell>
                <Table.HeaderCell>Tidspunkt</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {data.map((mail) => (
                <Table.Row key={mail.id}>
                  <Table.Cell>{mail.subject}</Table.Cell>
                  <Table.Cell>{mail.recipient}</Table.Cell>
                  <Table.Cell>{formatInstant(mail.sentTimeUtc ?? mail.createdTimeUtc)}</Table.Cell>
                  <Table.Cell>{statusLabels[mail.status]}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </div>
      )}
    </section>
  );
}
