import { Link, Table } from '@digdir/designsystemet-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { UserBookingSummary } from '@lokaler/domain/user-booking';
import { deadlineText } from '@lokaler/domain/application-rounds';
import { NotSentBadge } from '../shared/not-sent-badge';
import { collectingRound, StatusOrReceivedBadge } from '../shared/round-received';
import { paths } from '../../../config/paths';
import { formatInstantDate } from '../format';

/**
 * Spec 02 §2 /bookinger: columns Opprettet, Sted, Dato, Status and a link per booking. A click
 * anywhere on a row opens the booking too (the link is what keyboards and screen readers use).
 */
export function BookingsTable({ bookings }: { bookings: readonly UserBookingSummary[] }) {
  const navigate = useNavigate();
  return (
    <Table className="lk-bookings-table" zebra={false}>
      <caption className="lk-visually-hidden">Mine bookinger</caption>
      <Table.Head>
        <Table.Row>
          <Table.HeaderCell>Opprettet</Table.HeaderCell>
          <Table.HeaderCell>Sted</Table.HeaderCell>
          <Table.HeaderCell>Dato</Table.HeaderCell>
          <Table.HeaderCell>Status</Table.HeaderCell>
          <Table.HeaderCell>
            <span className="lk-visually-hidden">Åpne</span>
          </Table.HeaderCell>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {bookings.map((booking) => {
          const href = paths.booking.getHref(booking.bookingId);
          return (
            <Table.Row
              key={booking.bookingId}
              data-href={href}
              onClick={(event) => {
                // A click on the link itself is the link's; text selection is not a click.
                if ((event.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
                void navigate(href);
              }}
            >
              <Table.Cell data-label="Opprettet">{formatInstantDate(booking.createdTimeUtc)}</Table.Cell>
              <Table.Cell data-label="Sted">
                {booking.locationName}
                {booking.displayOrgName && <div className="lk-muted">{booking.displayOrgName}</div>}
              </Table.Cell>
              <Table.Cell data-label="Dato">{booking.periodDescription}</Table.Cell>
              <Table.Cell data-label="Status">
                {booking.weddingNotSent ? <NotSentBadge data-size="sm" /> : <StatusOrReceivedBadge booking={booking} data-size="sm" />}
                {booking.round && collectingRound(booking) && <div className="lk-muted">{deadlineText(booking.round.deadline)}</div>}
              </Table.Cell>
              <Table.Cell>
                <Link asChild>
                  <RouterLink to={href} aria-label={`Se booking ${booking.caseNumber} hos ${booking.locationName}`}>
                    Se booking
                  </RouterLink>
                </Link>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table>
  );
}
