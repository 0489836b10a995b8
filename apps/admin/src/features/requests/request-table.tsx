import { Link, Paragraph, Table } from '@digdir/designsystemet-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { AdminBookingListItem } from '@lokaler/domain/admin-booking-list';
import { weddingFormNotSentLabel, weddingListLabel } from '@lokaler/domain/admin-wedding';
import { BookingStatusBadge } from '@lokaler/ui/booking-status-badge';
import { bookingPurposeLabels } from '@lokaler/ui/booking-purpose';
import { paths } from '../../config/paths';
import { formatInstantDate, formatPeriod } from '../../lib/format';

/**
 * One row per application. The case number is the row's link (keyboard and screen-reader users reach
 * it as a link); a click anywhere else on the row opens the booking too.
 */
export function RequestTable({ items, caption }: { items: readonly AdminBookingListItem[]; caption: string }) {
  const navigate = useNavigate();
  return (
    <div className="lk-table-scroll">
      <Table zebra hover className="lk-request-table">
        <caption>{caption}</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>Saksnummer</Table.HeaderCell>
            <Table.HeaderCell>Søker</Table.HeaderCell>
            <Table.HeaderCell>Rom</Table.HeaderCell>
            <Table.HeaderCell>Tidsrom</Table.HeaderCell>
            <Table.HeaderCell>Mottatt</Table.HeaderCell>
            <Table.HeaderCell>Status</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {items.map((item) => (
            <Table.Row
              key={item.bookingId}
              className="lk-clickable-row"
              onClick={(event) => {
                // The link handles its own click; other clicks (not text selection) open the booking.
                if ((event.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
                void navigate(paths.booking.getHref(item.bookingId));
              }}
            >
              <Table.Cell>
                <Link asChild>
                  <RouterLink to={paths.booking.getHref(item.bookingId)}>{item.caseNumber}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>
                <Applicant item={item} />
              </Table.Cell>
              <Table.Cell>{item.rooms.map((r) => r.name).join(', ')}</Table.Cell>
              <Table.Cell>
                {formatPeriod(item.firstDate, item.lastDate)}
                {item.reservationCount > 1 && <span className="lk-subtle"> ({item.reservationCount} tider)</span>}
              </Table.Cell>
              <Table.Cell>{formatInstantDate(item.createdTimeUtc)}</Table.Cell>
              <Table.Cell>
                <BookingStatusBadge status={item.status} data-size="sm" />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}

function Applicant({ item }: { item: AdminBookingListItem }) {
  const name = item.internalEventTitle ?? item.applicantName ?? 'Ukjent søker';
  const wedding =
    item.sourceForm === 'wedding' ? (item.weddingFormPending ? `${weddingListLabel}, ${weddingFormNotSentLabel}` : weddingListLabel) : null;
  const round = item.roundName ? `I søknadsrunden «${item.roundName}»` : null;
  const details = [
    wedding,
    round,
    item.displayOrgName,
    item.bookingPurpose === 'PUBLICUSER_LOAN' ? null : bookingPurposeLabels[item.bookingPurpose],
    item.activity,
  ].filter(Boolean);
  return (
    <>
      <span>{name}</span>
      {details.length > 0 && (
        <Paragraph data-size="xs" className="lk-subtle">
          {details.join(' · ')}
        </Paragraph>
      )}
    </>
  );
}
