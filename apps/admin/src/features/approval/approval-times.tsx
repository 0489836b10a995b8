import { Alert, Heading, Link, Paragraph, Table } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { approvalCheckQuery } from '@lokaler/api-client/admin-approval-check';
import { approvalMessages } from '@lokaler/domain/admin-approval';
import { NO_LONGER_FREE } from '@lokaler/domain/admin-approval-check';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { activeReservationStatuses, type ReservationStatus } from '@lokaler/domain/reservation';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { paths } from '../../config/paths';
import { formatDay } from '../../lib/format';

/** What the status column says while the check is on its way, and when it could not be made. */
export const CHECKING_TIMES = 'Sjekker …';
export const CHECK_FAILED =
  'Kunne ikke sjekke om tidene fortsatt er ledige. Godkjenningen sjekker det på nytt og stopper hvis en tid er opptatt.';

const isActive = (status: ReservationStatus) => (activeReservationStatuses as readonly ReservationStatus[]).includes(status);

/**
 * The rooms and times the approval approves (the application's active times), each marked 'Ikke
 * lenger ledig' when a blocked time or another booking took it since (GET …/approval-check). Shown
 * above the prices, so the administrator sees what is being approved before pricing it.
 */
export function ApprovalTimes({ booking }: { booking: AdminBookingView }) {
  const check = useQuery(approvalCheckQuery(booking.bookingId));
  const times = booking.reservations.filter((r) => isActive(r.status));
  const taken = new Set(check.data?.times.filter((t) => t.noLongerFree).map((t) => t.reservationId));
  const statusOf = (reservationId: number) => {
    if (check.isSuccess) return taken.has(reservationId) ? NO_LONGER_FREE : 'Ledig';
    return check.isError ? '–' : CHECKING_TIMES;
  };
  return (
    <section aria-labelledby="lk-approval-times" className="lk-stack">
      <Heading level={2} data-size="sm" id="lk-approval-times">
        Rom og tider som godkjennes
      </Heading>
      {times.length === 0 ? (
        <Paragraph>{approvalMessages.noTimesLeft}</Paragraph>
      ) : (
        <div className="lk-table-scroll" tabIndex={0} role="region" aria-label="Tabell over tidene som godkjennes">
          <Table data-size="sm" zebra>
            <caption className="lk-visually-hidden">Tidene som godkjennes, med om de fortsatt er ledige</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>Rom</Table.HeaderCell>
                <Table.HeaderCell>Dato</Table.HeaderCell>
                <Table.HeaderCell>Tid</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {times.map((t) => (
                <Table.Row key={t.reservationId}>
                  <Table.Cell>{t.displayName}</Table.Cell>
                  <Table.Cell>
                    {formatDate(t.date, 'EEE')} {formatDay(t.date)}
                  </Table.Cell>
                  <Table.Cell>
                    {formatClock(t.startTime)}–{formatClock(t.endTime)}
                  </Table.Cell>
                  <Table.Cell>{taken.has(t.reservationId) ? <strong>{NO_LONGER_FREE}</strong> : statusOf(t.reservationId)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </div>
      )}
      {taken.size > 0 && (
        <Alert data-color="warning">
          <Paragraph>
            {taken.size === 1 ? 'Én av tidene er ikke lenger ledig.' : `${taken.size} av tidene er ikke lenger ledige.`}{' '}
            {approvalMessages.timesBlocked}
          </Paragraph>
          <Paragraph>
            <Link asChild>
              <RouterLink to={paths.booking.getHref(booking.bookingId)}>Endre tidene i søknad {booking.caseNumber}</RouterLink>
            </Link>
          </Paragraph>
        </Alert>
      )}
      {check.isError && <Paragraph data-size="sm">{CHECK_FAILED}</Paragraph>}
    </section>
  );
}
