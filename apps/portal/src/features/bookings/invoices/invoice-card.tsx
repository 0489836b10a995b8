import { useId } from 'react';
import { Heading, Link, Paragraph, Tag } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { downloadUserInvoicePdf, userInvoicePdfUrl } from '@lokaler/api-client/user-invoices';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { userInvoiceStatusText, type UserInvoice } from '@lokaler/domain/invoices';
import { FileDownloadLink } from '@lokaler/ui/file-download-link';
import { paths } from '../../../config/paths';
import { CopyableDigits } from './copyable-digits';
import { InvoiceLines } from './invoice-lines';
import {
  accountNumberGroups,
  formatInvoiceAmount,
  formatInvoiceDate,
  formatInvoicePeriod,
  invoiceKindText,
  kidGroups,
} from './invoice-format';

const statusColor = { SENDT: 'info', UNDER_SENDING: 'warning', KREDITERT: 'neutral' } as const;

/**
 * One invoice or credit note as the citizen sees it (decision 071): number, kind and status, the booking
 * (in the list of all invoices), period, amount and dates, what to pay with (KID and account number; a
 * credit note is not paid), the lines and the PDF.
 */
export function InvoiceCard({ invoice, headingLevel, showBooking }: { invoice: UserInvoice; headingLevel: 2 | 3; showBooking: boolean }) {
  const headingId = useId();
  const kind = invoiceKindText[invoice.kind];
  const isCreditNote = invoice.kind === 'CREDIT_NOTE';
  return (
    <article className="lk-invoice" aria-labelledby={headingId}>
      <div className="lk-invoice__head">
        <Heading level={headingLevel} data-size="xs" id={headingId}>
          {kind} {invoice.number}
        </Heading>
        <Tag data-color={statusColor[invoice.status]} data-size="sm" className="lk-status-badge">
          {userInvoiceStatusText[invoice.status]}
        </Tag>
      </div>
      {showBooking && (
        <Paragraph>
          <Link asChild>
            <RouterLink to={paths.booking.getHref(invoice.bookingId)}>
              {invoice.locationName}, saksnummer {invoice.caseNumber}
            </RouterLink>
          </Link>
        </Paragraph>
      )}
      <dl className="lk-booking-facts">
        <dt>Periode</dt>
        <dd>{formatInvoicePeriod(invoice.period)}</dd>
        <dt>{isCreditNote ? 'Kreditert beløp' : 'Beløp'}</dt>
        <dd className="lk-nowrap">{formatInvoiceAmount(invoice.amountOre)}</dd>
        <dt>{kind}dato</dt>
        <dd>{formatInvoiceDate(invoice.issueDate)}</dd>
        {!isCreditNote && (
          <>
            <dt>Forfallsdato</dt>
            <dd>{formatInvoiceDate(invoice.dueDate)}</dd>
            <dt>KID</dt>
            <dd>
              <CopyableDigits label="KID" digits={invoice.kid} groups={kidGroups(invoice.kid)} />
            </dd>
            <dt>Kontonummer</dt>
            <dd>
              <CopyableDigits
                label="kontonummeret"
                digits={invoice.accountNumber.replace(/\D/g, '')}
                groups={accountNumberGroups(invoice.accountNumber)}
              />
            </dd>
          </>
        )}
      </dl>
      {isCreditNote && (
        <Paragraph>En kreditnota gir tilbake hele eller deler av en tidligere faktura for bookingen. Den skal ikke betales.</Paragraph>
      )}
      {invoice.status === 'KREDITERT' && !isCreditNote && (
        <Paragraph>Fakturaen er kreditert i sin helhet med en kreditnota, og skal ikke betales.</Paragraph>
      )}
      <InvoiceLines invoice={invoice} />
      <FileDownloadLink
        href={userInvoicePdfUrl(invoice)}
        fallbackName={`${kind.toLowerCase()}-${invoice.number}.pdf`}
        fetchFile={() => downloadUserInvoicePdf(invoice)}
        describeFailure={userMessageOf}
        accessibleName={`Last ned ${kind.toLowerCase()} (PDF), nummer ${invoice.number}`}
      >
        Last ned {kind.toLowerCase()} (PDF)
      </FileDownloadLink>
    </article>
  );
}
