import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Heading, Paragraph, Table } from '@digdir/designsystemet-react';
import {
  statisticsFigureTitles,
  type StatisticsBreakdownRow,
  type StatisticsFigure,
  type StatisticsPeriod,
  type StatisticsReport,
} from '@lokaler/domain/statistics';
import { StatisticsCsvLink } from './statistics-csv-link';

/** Minutes as hours for reading: '12,5'. */
export const hoursText = (minutes: number) => (minutes / 60).toLocaleString('nb-NO', { maximumFractionDigits: 1 });
/** A share of a whole as a whole percent: '37 %'. */
export const percentText = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : '–');

/** A table that scrolls sideways in its own box at 320 px; the box is focusable so a keyboard can scroll it. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="lk-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * One figure: its heading, what it shows, the chart or its table ('Vis som tabell' switches, the
 * button says which is shown) and the figure's CSV file. A figure that is a table already has no switch.
 */
export function Figure({
  figure,
  intro,
  chart,
  table,
  locationId,
  period,
}: {
  figure: StatisticsFigure;
  intro: ReactNode;
  chart?: ReactNode;
  table: ReactNode;
  locationId: number | null;
  period: StatisticsPeriod;
}) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <section aria-labelledby={headingId} className="lk-section lk-statistics-figure">
      <Heading level={2} data-size="sm" id={headingId}>
        {statisticsFigureTitles[figure]}
      </Heading>
      <Paragraph className="lk-narrow">{intro}</Paragraph>
      {chart && (
        <div>
          <Button variant="secondary" data-size="sm" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
            Vis som tabell
          </Button>
        </div>
      )}
      {chart && !asTable ? chart : table}
      <StatisticsCsvLink locationId={locationId} period={period} figure={figure} />
    </section>
  );
}

/** Horizontal bars with the numbers in text; the bar itself is decoration. */
export function Bars({ label, items }: { label: string; items: readonly { key: string; label: string; value: number; text: string }[] }) {
  const max = Math.max(0, ...items.map((i) => i.value));
  return (
    <ul className="lk-bars" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="lk-bars__item">
          <span className="lk-bars__label">{item.label}</span>
          <span className="lk-bars__track" aria-hidden="true">
            <span className="lk-bars__bar" style={{ '--lk-bar': max > 0 ? item.value / max : 0 } as CSSProperties} />
          </span>
          <span className="lk-bars__value">{item.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Hours by purpose, age group or kind of applicant: bars, or a table with the same numbers. */
export function BreakdownFigure({
  figure,
  intro,
  keyHeader,
  rows,
  locationId,
  period,
}: {
  figure: 'purpose' | 'age-group' | 'organisation-type';
  intro: string;
  keyHeader: string;
  rows: readonly StatisticsBreakdownRow[];
  locationId: number | null;
  period: StatisticsPeriod;
}) {
  const total = rows.reduce((s, r) => s + r.minutes, 0);
  const title = statisticsFigureTitles[figure];
  return (
    <Figure
      figure={figure}
      intro={intro}
      locationId={locationId}
      period={period}
      chart={
        <Bars
          label={title}
          items={rows.map((r) => ({
            key: r.key,
            label: r.label,
            value: r.minutes,
            text: `${hoursText(r.minutes)} t (${percentText(r.minutes, total)})`,
          }))}
        />
      }
      table={
        <ScrollBox label={`${title}, tabell`}>
          <Table zebra className="lk-statistics-table">
            <caption>{title}</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>{keyHeader}</Table.HeaderCell>
                <Table.HeaderCell className="lk-number">Timer</Table.HeaderCell>
                <Table.HeaderCell className="lk-number">Andel</Table.HeaderCell>
                <Table.HeaderCell className="lk-number">Bookinger</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.key}>
                  <Table.HeaderCell scope="row">{r.label}</Table.HeaderCell>
                  <Table.Cell className="lk-number">{hoursText(r.minutes)}</Table.Cell>
                  <Table.Cell className="lk-number">{percentText(r.minutes, total)}</Table.Cell>
                  <Table.Cell className="lk-number">{r.bookings}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </ScrollBox>
      }
    />
  );
}

const hoursOrDash = (hours: number | null) => (hours === null ? '–' : `${hours.toLocaleString('nb-NO', { maximumFractionDigits: 1 })} t`);
const monthNames = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];
const monthText = (month: string) =>
  month === 'ALL' ? 'Hele perioden' : `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Handling times per month: the median as bars with both numbers in text, or the table. */
export function HandlingTimesFigure({ report, period }: { report: StatisticsReport; period: StatisticsPeriod }) {
  const { months, total } = report.handlingTimes;
  const title = statisticsFigureTitles['handling-times'];
  return (
    <Figure
      figure="handling-times"
      intro="Tiden fra en søknad ble sendt til den første avgjørelsen (godkjent eller avslått, også automatisk avslag), for søknader avgjort i perioden, etter måneden de ble avgjort. Halvparten ble avgjort raskere enn medianen, ni av ti raskere enn 90-persentilen."
      locationId={report.locationId}
      period={period}
      chart={
        months.length === 0 ? undefined : (
          <Bars
            label={`${title}, median per måned`}
            items={months.map((m) => ({
              key: m.month,
              label: monthText(m.month),
              value: m.medianHours ?? 0,
              text: `median ${hoursOrDash(m.medianHours)}, 90 % innen ${hoursOrDash(m.p90Hours)} (${m.decided} søknader)`,
            }))}
          />
        )
      }
      table={
        <ScrollBox label={`${title}, tabell`}>
          <Table zebra className="lk-statistics-table">
            <caption>{title}</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>Måned</Table.HeaderCell>
                <Table.HeaderCell className="lk-number">Avgjorte søknader</Table.HeaderCell>
                <Table.HeaderCell className="lk-number">Median</Table.HeaderCell>
                <Table.HeaderCell className="lk-number">90-persentil</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {[...months, total].map((m) => (
                <Table.Row key={m.month}>
                  <Table.HeaderCell scope="row">{monthText(m.month)}</Table.HeaderCell>
                  <Table.Cell className="lk-number">{m.decided}</Table.Cell>
                  <Table.Cell className="lk-number">{hoursOrDash(m.medianHours)}</Table.Cell>
                  <Table.Cell className="lk-number">{hoursOrDash(m.p90Hours)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </ScrollBox>
      }
    />
  );
}
