import type { ReactNode } from 'react';
import { Alert, Button, Heading, Link, Paragraph, Table } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { formatKroner } from '@lokaler/domain/admin-selvkost';
import type { InvoicingBooking, InvoicingLine } from '@lokaler/domain/invoices';
import { paths } from '../../config/paths';
import { monthName } from './invoicing-period';
import { channelOf, elementText, lineKindText, lineStatusText, quantityText, unitPriceText } from './invoicing-texts';

/** The ids the page moves the focus back to after a dialog or a release (the buttons stay while their label changes). */
export const lineActionId = (line: Pick<InvoicingLine, 'id'>) => `lk-invoicing-line-${line.id}`;
export const addLineButtonId = (booking: Pick<InvoicingBooking, 'bookingId'>) => `lk-invoicing-add-${booking.bookingId}`;

/** A table that scrolls sideways in its own box at 320 px; the box is focusable so a keyboard can scroll it. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="lk-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export interface LineActions {
  onHold: (booking: InvoicingBooking, line: InvoicingLine) => void;
  onRelease: (booking: InvoicingBooking, line: InvoicingLine) => void;
  onAddLine: (booking: InvoicingBooking) => void;
  /** The line being released, while its call runs. */
  releasing: number | null;
}

/** Who the invoice goes to, as far as known before the run: the organisation by its number, or the person. */
function recipientText(booking: InvoicingBooking): string {
  if (booking.recipientType === 'PERSON') return `Privatperson (${booking.applicantName})`;
  return booking.orgnr ? `Organisasjon, org.nr. ${booking.orgnr}` : 'Organisasjon, org.nr. mangler';
}

/** What the run does with the booking: invoice, credit, or nothing. */
function toInvoiceText(booking: InvoicingBooking): string {
  if (booking.toInvoiceOre > 0) return `Til fakturering: ${formatKroner(booking.toInvoiceOre)}`;
  if (booking.toInvoiceOre < 0) return `Til kreditering: ${formatKroner(-booking.toInvoiceOre)}`;
  return 'Ingenting å fakturere';
}

/** The month's bookings (decision 071), each with who pays, how, what stands in the way, and its lines. */
export function InvoicingBookings({
  period,
  bookings,
  actions,
}: {
  period: string;
  bookings: readonly InvoicingBooking[];
  actions: LineActions;
}) {
  if (bookings.length === 0) {
    return <Paragraph>Ingen bookinger med fakturagrunnlag i {monthName(period)}.</Paragraph>;
  }
  return (
    <div className="lk-stack">
      {bookings.map((booking) => (
        <BookingBasis key={booking.bookingId} booking={booking} actions={actions} />
      ))}
    </div>
  );
}

function BookingBasis({ booking, actions }: { booking: InvoicingBooking; actions: LineActions }) {
  const headingId = `lk-invoicing-booking-${booking.bookingId}`;
  return (
    <article className="lk-invoicing-booking" aria-labelledby={headingId}>
      <Heading level={3} data-size="xs" id={headingId}>
        <Link asChild>
          <RouterLink to={paths.booking.getHref(booking.bookingId)}>{booking.caseNumber}</RouterLink>
        </Link>{' '}
        {booking.applicantName}
      </Heading>
      <dl className="lk-invoicing-facts">
        <dt>Søker</dt>
        <dd>{booking.applicantName}</dd>
        <dt>Mottaker</dt>
        <dd>{recipientText(booking)}</dd>
        <dt>Kanal</dt>
        <dd>{channelOf(booking.channel)}</dd>
        <dt>Denne måneden</dt>
        <dd>{toInvoiceText(booking)}</dd>
      </dl>
      {booking.problem !== null && (
        <Alert data-color="warning" data-size="sm">
          <Paragraph>Kan ikke faktureres: {booking.problem}</Paragraph>
        </Alert>
      )}
      {booking.lines.length > 0 ? (
        <LinesTable booking={booking} actions={actions} />
      ) : (
        <Paragraph data-size="sm">Ingen linjer denne måneden.</Paragraph>
      )}
      <div>
        <Button id={addLineButtonId(booking)} variant="secondary" data-size="sm" onClick={() => actions.onAddLine(booking)}>
          Legg til linje <span className="lk-visually-hidden">for {booking.caseNumber}</span>
        </Button>
      </div>
    </article>
  );
}

function LinesTable({ booking, actions }: { booking: InvoicingBooking; actions: LineActions }) {
  return (
    <ScrollBox label={`Linjer for ${booking.caseNumber}, tabell`}>
      <Table zebra data-size="sm" className="lk-invoicing-table">
        <caption className="lk-visually-hidden">Linjer for {booking.caseNumber}</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>Element</Table.HeaderCell>
            <Table.HeaderCell>Periode</Table.HeaderCell>
            <Table.HeaderCell className="lk-number">Mengde</Table.HeaderCell>
            <Table.HeaderCell className="lk-number">Enhetspris</Table.HeaderCell>
            <Table.HeaderCell className="lk-number">Beløp</Table.HeaderCell>
            <Table.HeaderCell>Debet/kreditt</Table.HeaderCell>
            <Table.HeaderCell>Status</Table.HeaderCell>
            <Table.HeaderCell>
              <span className="lk-visually-hidden">Handling</span>
            </Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {booking.lines.map((line) => (
            <Table.Row key={line.id}>
              <Table.Cell>
                {elementText(line.element)}
                {line.manual && line.reason && <div className="lk-subtle">Begrunnelse: {line.reason}</div>}
              </Table.Cell>
              <Table.Cell>{monthName(line.period)}</Table.Cell>
              <Table.Cell className="lk-number">{quantityText(line)}</Table.Cell>
              <Table.Cell className="lk-number">{unitPriceText(line)}</Table.Cell>
              <Table.Cell className="lk-number">{formatKroner(line.amountOre)}</Table.Cell>
              <Table.Cell>{lineKindText[line.kind]}</Table.Cell>
              <Table.Cell>
                <div>{lineStatusText(line)}</div>
                {line.held && <div className="lk-invoicing-held">Holdt tilbake: {line.holdReason ?? 'uten begrunnelse'}</div>}
              </Table.Cell>
              <Table.Cell>
                <LineAction booking={booking} line={line} actions={actions} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </ScrollBox>
  );
}

/** One button per open line whose label follows the line ('Hold tilbake' / 'Slipp'), so the focus can stay on it. */
function LineAction({ booking, line, actions }: { booking: InvoicingBooking; line: InvoicingLine; actions: LineActions }) {
  if (line.status !== 'OPEN') return null;
  const busy = actions.releasing === line.id;
  return (
    <Button
      id={lineActionId(line)}
      className="lk-invoicing-line-action"
      variant="tertiary"
      data-size="sm"
      loading={busy}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (busy) return;
        if (line.held) actions.onRelease(booking, line);
        else actions.onHold(booking, line);
      }}
    >
      {line.held ? 'Slipp' : 'Hold tilbake'}{' '}
      <span className="lk-visually-hidden">
        {elementText(line.element)}, {booking.caseNumber}
      </span>
    </Button>
  );
}
