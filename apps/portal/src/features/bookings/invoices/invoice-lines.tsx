import { Details, Table } from '@digdir/designsystemet-react';
import type { UserInvoice } from '@lokaler/domain/invoices';
import { formatInvoiceAmount, formatLineDates, formatLineQuantity, invoiceKindText } from './invoice-format';

/**
 * The invoice's lines, the same as on its PDF and, line by line, as the contract's price (decision 071),
 * behind a disclosure so the list stays short. Below 767 px the table becomes one card per line.
 */
export function InvoiceLines({ invoice }: { invoice: UserInvoice }) {
  const kind = invoiceKindText[invoice.kind].toLowerCase();
  return (
    <Details>
      <Details.Summary>Se linjene på {kind}en</Details.Summary>
      <Details.Content>
        <Table className="lk-bookings-table lk-invoice-lines" zebra={false} data-size="sm">
          <caption className="lk-visually-hidden">
            Linjene på {kind} {invoice.number}
          </caption>
          <Table.Head>
            <Table.Row>
              <Table.HeaderCell>Hva</Table.HeaderCell>
              <Table.HeaderCell>Dato</Table.HeaderCell>
              <Table.HeaderCell>Antall</Table.HeaderCell>
              <Table.HeaderCell className="lk-number">Pris</Table.HeaderCell>
              <Table.HeaderCell className="lk-number">Beløp</Table.HeaderCell>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {invoice.lines.map((line, index) => (
              <Table.Row key={index}>
                <Table.Cell data-label="Hva">{line.description}</Table.Cell>
                <Table.Cell data-label="Dato">{formatLineDates(line)}</Table.Cell>
                <Table.Cell data-label="Antall">{formatLineQuantity(line)}</Table.Cell>
                <Table.Cell data-label="Pris" className="lk-number">
                  <span className="lk-nowrap">{formatInvoiceAmount(line.unitPriceOre)}</span>
                  {line.unitCode === 'HUR' && ' per time'}
                </Table.Cell>
                <Table.Cell data-label="Beløp" className="lk-number">
                  {formatInvoiceAmount(line.amountOre)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <tfoot>
            <Table.Row>
              <Table.HeaderCell colSpan={4} scope="row">
                Sum
              </Table.HeaderCell>
              <Table.Cell className="lk-number">{formatInvoiceAmount(invoice.amountOre)}</Table.Cell>
            </Table.Row>
          </tfoot>
        </Table>
      </Details.Content>
    </Details>
  );
}
