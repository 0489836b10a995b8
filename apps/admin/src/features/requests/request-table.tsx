import { Checkbox, Link, Paragraph, Table } from '@digdir/designsystemet-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { AdminBookingListItem } from '@lokaler/domain/admin-booking-list';
import { weddingFormNotSentLabel, weddingListLabel } from '@lokaler/domain/admin-wedding';
import { BookingStatusBadge } from '@lokaler/ui/booking-status-badge';
import { bookingPurposeLabels } from '@lokaler/ui/booking-purpose';
import { ageText, deadlineMark, deadlineMarkLabels } from '@lokaler/domain/work-queue';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { paths } from '../../config/paths';
import { formatDay, formatInstantDate, formatPeriod } from '../../lib/format';
import { withList } from '../../lib/list-context';

/**
 * One row per application. The case number is the row's link (keyboard and screen-reader users reach
 * it as a link); a click anywhere else on the row opens the booking too. The link carries the list's
 * query string (`listSearch`) for 'Neste søknad'. Deadline, age and case officer are said in words
 * (decision 065); a row that can be approved with others has a checkbox named by its case number.
 */
export function RequestTable({
  items,
  caption,
  listSearch,
  selected,
  onSelect,
}: {
  items: readonly AdminBookingListItem[];
  caption: string;
  listSearch: string;
  selected: ReadonlySet<number>;
  onSelect: (bookingId: number, selected: boolean) => void;
}) {
  const navigate = useNavigate();
  const today = osloClock(new Date()).today;
  const hrefOf = (bookingId: number) => withList(paths.booking.getHref(bookingId), listSearch);
  const selectable = items.some((item) => item.batchApprovable);
  return (
    <div className="lk-table-scroll">
      <Table zebra hover className="lk-request-table">
        <caption>{caption}</caption>
        <Table.Head>
          <Table.Row>
            {selectable && <Table.HeaderCell>Velg</Table.HeaderCell>}
            <Table.HeaderCell>Saksnummer</Table.HeaderCell>
            <Table.HeaderCell>Søker</Table.HeaderCell>
            <Table.HeaderCell>Rom</Table.HeaderCell>
            <Table.HeaderCell>Tidsrom</Table.HeaderCell>
            <Table.HeaderCell>Frist</Table.HeaderCell>
            <Table.HeaderCell>Mottatt</Table.HeaderCell>
            <Table.HeaderCell>Saksbehandler</Table.HeaderCell>
            <Table.HeaderCell>Status</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {items.map((item) => (
            <Table.Row
              key={item.bookingId}
              className="lk-clickable-row"
              onClick={(event) => {
                // The link and the checkbox handle their own clicks; other clicks (not text selection) open the booking.
                if ((event.target as HTMLElement).closest('a, input, label') || window.getSelection()?.toString()) return;
                void navigate(hrefOf(item.bookingId));
              }}
            >
              {selectable && (
                <Table.Cell>
                  {item.batchApprovable && (
                    <Checkbox
                      aria-label={`Velg ${item.caseNumber}`}
                      checked={selected.has(item.bookingId)}
                      onChange={(event) => onSelect(item.bookingId, event.target.checked)}
                    />
                  )}
                </Table.Cell>
              )}
              <Table.Cell>
                <Link asChild>
                  <RouterLink to={hrefOf(item.bookingId)}>{item.caseNumber}</RouterLink>
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
              <Table.Cell>
                <Deadline item={item} today={today} />
              </Table.Cell>
              <Table.Cell>
                {formatInstantDate(item.createdTimeUtc)}
                <Paragraph data-size="xs" className="lk-subtle">
                  {ageText(osloClock(new Date(item.createdTimeUtc)).today, today)}
                </Paragraph>
              </Table.Cell>
              <Table.Cell>{item.assignee ? item.assignee.name : <span className="lk-subtle">Ingen</span>}</Table.Cell>
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

/** The deadline's date, and for an application still waiting, whether it is passed or this week, in words. */
function Deadline({ item, today }: { item: AdminBookingListItem; today: string }) {
  if (!item.deadlineDate) return <span className="lk-subtle">Ingen frist</span>;
  const mark = item.status === 'UNPROCESSED' ? deadlineMark(item.deadlineDate, today) : null;
  return (
    <>
      {formatDay(item.deadlineDate)}
      {mark && (
        <Paragraph data-size="xs" className={`lk-deadline lk-deadline--${mark === 'OVERDUE' ? 'overdue' : 'soon'}`}>
          {deadlineMarkLabels[mark]}
        </Paragraph>
      )}
    </>
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
