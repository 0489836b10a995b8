import { Paragraph, Table } from '@digdir/designsystemet-react';
import { downloadInvoicePdf, invoicePdfUrl } from '@lokaler/api-client/admin-invoicing';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { formatKroner } from '@lokaler/domain/admin-selvkost';
import type { InvoiceSummaryItem } from '@lokaler/domain/invoices';
import { FileDownloadLink } from '@lokaler/ui/file-download-link';
import { formatDay } from '../../lib/format';
import { ScrollBox } from './invoicing-bookings';
import { monthName } from './invoicing-period';
import { deliveryText, kindText } from './invoicing-texts';

/** The invoices and credit notes already made for the location and month, each with its PDF. */
export function InvoicesTable({ period, invoices }: { period: string; invoices: readonly InvoiceSummaryItem[] }) {
  const month = monthName(period);
  if (invoices.length === 0) return <Paragraph>Ingen fakturaer er laget for {month} ennå.</Paragraph>;
  return (
    <ScrollBox label="Fakturaer, tabell">
      <Table zebra data-size="sm" className="lk-invoicing-table">
        <caption>Fakturaer og kreditnotaer for {month}</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>Nummer</Table.HeaderCell>
            <Table.HeaderCell>Type</Table.HeaderCell>
            <Table.HeaderCell>Saksnummer</Table.HeaderCell>
            <Table.HeaderCell>Mottaker</Table.HeaderCell>
            <Table.HeaderCell className="lk-number">Beløp</Table.HeaderCell>
            <Table.HeaderCell>Forfall</Table.HeaderCell>
            <Table.HeaderCell>KID</Table.HeaderCell>
            <Table.HeaderCell>Levering</Table.HeaderCell>
            <Table.HeaderCell>PDF</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {invoices.map((invoice) => (
            <Table.Row key={invoice.id}>
              <Table.Cell>{invoice.number}</Table.Cell>
              <Table.Cell>{kindText[invoice.kind]}</Table.Cell>
              <Table.Cell>{invoice.caseNumber}</Table.Cell>
              <Table.Cell>{invoice.recipientName}</Table.Cell>
              <Table.Cell className="lk-number">{formatKroner(invoice.amountOre)}</Table.Cell>
              <Table.Cell>{formatDay(invoice.dueDate)}</Table.Cell>
              <Table.Cell>{invoice.kid}</Table.Cell>
              <Table.Cell>{deliveryText[invoice.delivery]}</Table.Cell>
              <Table.Cell>
                <FileDownloadLink
                  href={invoicePdfUrl(invoice.id)}
                  fallbackName={`${invoice.kind === 'INVOICE' ? 'faktura' : 'kreditnota'}-${invoice.number}.pdf`}
                  fetchFile={() => downloadInvoicePdf(invoice.id)}
                  describeFailure={userMessageOf}
                >
                  PDF{' '}
                  <span className="lk-visually-hidden">
                    av {kindText[invoice.kind].toLowerCase()} {invoice.number}
                  </span>
                </FileDownloadLink>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </ScrollBox>
  );
}
