import type { CSSProperties } from 'react';
import { Table } from '@digdir/designsystemet-react';
import { weekdayNames } from '@lokaler/domain/application-rounds';
import {
  formatShare,
  statisticsFigureTitles,
  utilisationShare,
  type StatisticsPeriod,
  type StatisticsReport,
} from '@lokaler/domain/statistics';
import { Figure, hoursText, ScrollBox } from './statistics-figures';

/** The cell's shade: the share (0–1, capped) as the mix of the accent's surface; the number in the cell says it in text. */
const shade = (share: number | null): CSSProperties | undefined =>
  share === null ? undefined : ({ '--lk-share': `${Math.round(Math.min(share, 1) * 100)}%` } as CSSProperties);

/**
 * Utilisation as a heat map that is a table: a row per room (per location city-wide), a column per
 * week (month), each cell the share booked in text ('37 %', '–' when closed) with the hours in its
 * accessible name, shaded as an extra.
 */
export function UtilisationFigure({ report, period }: { report: StatisticsReport; period: StatisticsPeriod }) {
  const { unit, columns, rows } = report.utilisation;
  const title = statisticsFigureTitles.utilisation;
  const rowHeader = unit === 'ROOM_WEEK' ? 'Rom' : 'Lokale';
  return (
    <Figure
      figure="utilisation"
      intro={`Bookede timer delt på åpne timer, per ${unit === 'ROOM_WEEK' ? 'rom og uke' : 'lokale og måned'}. Booket er godkjente tider og tider som venter på behandling, men ikke tider gjort utilgjengelige; åpent er åpningstidene, uten stengte dager. Over 100 % betyr at noe er booket utenom åpningstiden; – betyr at det var stengt.`}
      locationId={report.locationId}
      period={period}
      table={
        rows.length === 0 ? (
          <p>Ingen rom.</p>
        ) : (
          <ScrollBox label={`${title}, tabell`}>
            <Table className="lk-statistics-table lk-heat">
              <caption>{`${title} per ${unit === 'ROOM_WEEK' ? 'rom og uke' : 'lokale og måned'}`}</caption>
              <Table.Head>
                <Table.Row>
                  <Table.HeaderCell>{rowHeader}</Table.HeaderCell>
                  {columns.map((c) => (
                    <Table.HeaderCell key={c.key} className="lk-number">
                      {c.label}
                    </Table.HeaderCell>
                  ))}
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.id}>
                    <Table.HeaderCell scope="row">{row.name}</Table.HeaderCell>
                    {columns.map((c, i) => {
                      const booked = row.bookedMinutes[i] ?? 0;
                      const open = row.openMinutes[i] ?? 0;
                      const share = utilisationShare(booked, open);
                      return (
                        <Table.Cell key={c.key} className="lk-number lk-heat__cell" style={shade(share)}>
                          {formatShare(share)}
                          <span className="lk-heat__hours">
                            {hoursText(booked)} av {hoursText(open)} t
                          </span>
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          </ScrollBox>
        )
      }
    />
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Demand against capacity as a table: a row per hour of the day that had open time or applications,
 * a column per weekday, each cell the hours applied for of the open room-hours, and the share.
 */
export function DemandFigure({ report, period }: { report: StatisticsReport; period: StatisticsPeriod }) {
  const title = statisticsFigureTitles.demand;
  const hours = [...new Set(report.demand.filter((c) => c.appliedMinutes > 0 || c.openMinutes > 0).map((c) => c.hour))].sort(
    (a, b) => a - b,
  );
  const cell = (weekday: number, hour: number) => report.demand.find((c) => c.weekday === weekday && c.hour === hour);
  return (
    <Figure
      figure="demand"
      intro="Timer søkt av innbyggere og organisasjoner (også avslåtte og kansellerte søknader) mot åpne romtimer, per ukedag og klokketime. Over 100 % betyr at det ble søkt om mer tid enn det var åpent."
      locationId={report.locationId}
      period={period}
      table={
        hours.length === 0 ? (
          <p>Ingen åpne timer eller søknader i perioden.</p>
        ) : (
          <ScrollBox label={`${title}, tabell`}>
            <Table className="lk-statistics-table lk-heat">
              <caption>{`${title}: søkte timer av åpne romtimer`}</caption>
              <Table.Head>
                <Table.Row>
                  <Table.HeaderCell>Klokkeslett</Table.HeaderCell>
                  {weekdayNames.map((name) => (
                    <Table.HeaderCell key={name} className="lk-number">
                      {capitalised(name)}
                    </Table.HeaderCell>
                  ))}
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {hours.map((hour) => (
                  <Table.Row key={hour}>
                    <Table.HeaderCell scope="row">{`${String(hour).padStart(2, '0')}–${String(hour + 1).padStart(2, '0')}`}</Table.HeaderCell>
                    {weekdayNames.map((name, i) => {
                      const c = cell(i + 1, hour);
                      const share = utilisationShare(c?.appliedMinutes ?? 0, c?.openMinutes ?? 0);
                      return (
                        <Table.Cell key={name} className="lk-number lk-heat__cell" style={shade(share)}>
                          {formatShare(share)}
                          <span className="lk-heat__hours">
                            {hoursText(c?.appliedMinutes ?? 0)} av {hoursText(c?.openMinutes ?? 0)} t
                          </span>
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          </ScrollBox>
        )
      }
    />
  );
}
