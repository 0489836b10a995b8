import type { ReactNode } from 'react';
import { Heading, Table } from '@digdir/designsystemet-react';
import { formatKroner } from '@lokaler/domain/admin-selvkost';
import { costCategoryReportLabels, type ReimbursementReport } from '@lokaler/domain/reimbursement';

const hours = (value: number) => value.toLocaleString('nb-NO', { maximumFractionDigits: 2 });

/** A table that scrolls sideways in its own box at 320 px; the box is focusable so a keyboard can scroll it. */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="lk-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** One row per booking with the location's company code (decision 063), and the total. */
export function ReimbursementBookingTable({ report, caption }: { report: ReimbursementReport; caption: string }) {
  return (
    <ScrollBox label="Bookinger, tabell">
      <Table zebra className="lk-reimbursement-table">
        <caption>{caption}</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>Firmakode</Table.HeaderCell>
            <Table.HeaderCell>Saksnummer</Table.HeaderCell>
            <Table.HeaderCell>Organisasjon eller person</Table.HeaderCell>
            <Table.HeaderCell>Kostnadskategori</Table.HeaderCell>
            <Table.HeaderCell className="lk-number">Timer</Table.HeaderCell>
            <Table.HeaderCell className="lk-number">Beløp</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {report.rows.map((r) => (
            <Table.Row key={r.bookingId}>
              <Table.Cell>{report.companyCode ?? '–'}</Table.Cell>
              <Table.Cell>{r.caseNumber}</Table.Cell>
              <Table.Cell>
                {r.payerName}
                {r.organizationNumber && <span className="lk-subtle"> (org.nr. {r.organizationNumber})</span>}
              </Table.Cell>
              <Table.Cell>{costCategoryReportLabels[r.costCategory ?? 'NONE']}</Table.Cell>
              <Table.Cell className="lk-number">{hours(r.hours)}</Table.Cell>
              <Table.Cell className="lk-number">{formatKroner(r.amountOre)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Foot>
          <Table.Row>
            <Table.HeaderCell colSpan={4}>
              Totalt ({report.totals.bookings} {report.totals.bookings === 1 ? 'booking' : 'bookinger'})
            </Table.HeaderCell>
            <Table.Cell className="lk-number">{hours(report.totals.hours)}</Table.Cell>
            <Table.Cell className="lk-number">{formatKroner(report.totals.amountOre)}</Table.Cell>
          </Table.Row>
        </Table.Foot>
      </Table>
    </ScrollBox>
  );
}

/** The sums per organisation or person. */
export function ReimbursementGroupTable({ report }: { report: ReimbursementReport }) {
  return (
    <section aria-labelledby="lk-reimbursement-groups" className="lk-stack">
      <Heading level={2} data-size="sm" id="lk-reimbursement-groups">
        Sum per organisasjon eller person
      </Heading>
      <ScrollBox label="Sum per organisasjon eller person, tabell">
        <Table zebra className="lk-reimbursement-table">
          <Table.Head>
            <Table.Row>
              <Table.HeaderCell>Organisasjon eller person</Table.HeaderCell>
              <Table.HeaderCell className="lk-number">Bookinger</Table.HeaderCell>
              <Table.HeaderCell className="lk-number">Timer</Table.HeaderCell>
              <Table.HeaderCell className="lk-number">Beløp</Table.HeaderCell>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {report.groups.map((g) => (
              <Table.Row key={`${g.payerKind}-${g.organizationNumber ?? ''}-${g.payerName}`}>
                <Table.Cell>
                  {g.payerName}
                  {g.organizationNumber && <span className="lk-subtle"> (org.nr. {g.organizationNumber})</span>}
                </Table.Cell>
                <Table.Cell className="lk-number">{g.bookings}</Table.Cell>
                <Table.Cell className="lk-number">{hours(g.hours)}</Table.Cell>
                <Table.Cell className="lk-number">{formatKroner(g.amountOre)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </ScrollBox>
    </section>
  );
}
