import { Heading, Link, Table } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { invoicingSummaryQuery } from '@lokaler/api-client/admin-invoicing';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { formatKroner } from '@lokaler/domain/admin-selvkost';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { ScrollBox } from './invoicing-bookings';
import { lastTwelveMonths, monthName, withPeriod } from './invoicing-period';

/** 'Fakturert / kreditert / ikke fakturert' per month for the last twelve months; each month opens its Fakturagrunnlag. */
export function InvoicingSummary({ locationId, today }: { locationId: number; today: string }) {
  const months = lastTwelveMonths(today);
  const summary = useQuery(invoicingSummaryQuery(locationId, months));
  const [search] = useSearchParams();
  const caption = `Fakturert, kreditert og ikke fakturert, ${monthName(months.from)}–${monthName(months.to)}`;
  return (
    <section aria-labelledby="lk-invoicing-summary" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-invoicing-summary">
        Siste 12 måneder
      </Heading>
      <QueryLoader query={summary} loadingLabel="Henter oversikten" describeFailure={loadFailureMessage}>
        {(data) => {
          const total = (key: 'invoicedOre' | 'creditedOre' | 'notInvoicedOre') => data.months.reduce((sum, m) => sum + m[key], 0);
          return (
            <ScrollBox label="Siste 12 måneder, tabell">
              <Table zebra data-size="sm" className="lk-invoicing-table">
                <caption>{caption}</caption>
                <Table.Head>
                  <Table.Row>
                    <Table.HeaderCell>Måned</Table.HeaderCell>
                    <Table.HeaderCell className="lk-number">Fakturert</Table.HeaderCell>
                    <Table.HeaderCell className="lk-number">Kreditert</Table.HeaderCell>
                    <Table.HeaderCell className="lk-number">Ikke fakturert</Table.HeaderCell>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {data.months.map((m) => (
                    <Table.Row key={m.period}>
                      <Table.HeaderCell scope="row">
                        <Link asChild>
                          <RouterLink to={{ search: `?${withPeriod(search, m.period).toString()}` }}>{monthName(m.period)}</RouterLink>
                        </Link>
                      </Table.HeaderCell>
                      <Table.Cell className="lk-number">{formatKroner(m.invoicedOre)}</Table.Cell>
                      <Table.Cell className="lk-number">{formatKroner(m.creditedOre)}</Table.Cell>
                      <Table.Cell className="lk-number">{formatKroner(m.notInvoicedOre)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
                <Table.Foot>
                  <Table.Row>
                    <Table.HeaderCell scope="row">Totalt</Table.HeaderCell>
                    <Table.Cell className="lk-number">{formatKroner(total('invoicedOre'))}</Table.Cell>
                    <Table.Cell className="lk-number">{formatKroner(total('creditedOre'))}</Table.Cell>
                    <Table.Cell className="lk-number">{formatKroner(total('notInvoicedOre'))}</Table.Cell>
                  </Table.Row>
                </Table.Foot>
              </Table>
            </ScrollBox>
          );
        }}
      </QueryLoader>
    </section>
  );
}
