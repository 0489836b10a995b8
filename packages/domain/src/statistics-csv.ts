import { weekdayName } from './application-rounds';
import { CSV_BOM, csvDecimal, csvLine, csvText, fileSlug } from './reimbursement-csv';
import { utilisationShare, type StatisticsBreakdownRow, type StatisticsFigure, type StatisticsReport } from './statistics';

/**
 * Each figure of the statistics as one CSV table (decision 068), in the reimbursement files' format
 * (decision 063): UTF-8 with a BOM, ';', decimal comma, CRLF, RFC 4180 quoting, the formula defence.
 * A header and the same number of cells on every line, so a spreadsheet reads it without being told.
 */

const hours = (minutes: number) => csvDecimal(minutes / 60, 2);
const percent = (share: number | null) => (share === null ? '' : csvDecimal(share * 100, 1));

export const statisticsCsvHeaders: Record<StatisticsFigure, (report: StatisticsReport) => readonly string[]> = {
  utilisation: (report) => [
    report.utilisation.unit === 'ROOM_WEEK' ? 'Rom' : 'Lokale',
    report.utilisation.unit === 'ROOM_WEEK' ? 'Uke' : 'Måned',
    'Fra',
    'Til',
    'Bookede timer',
    'Åpne timer',
    'Utnyttelse (%)',
  ],
  purpose: () => ['Formål', 'Timer', 'Bookinger'],
  'age-group': () => ['Aldersgruppe', 'Timer', 'Bookinger'],
  'organisation-type': () => ['Type søker', 'Timer', 'Bookinger'],
  demand: () => ['Ukedag', 'Klokketime', 'Søkte timer', 'Åpne romtimer', 'Søkt av åpent (%)'],
  'handling-times': () => ['Måned', 'Avgjorte søknader', 'Median (timer)', '90-persentil (timer)'],
};

function* breakdown(rows: readonly StatisticsBreakdownRow[]): Generator<readonly string[]> {
  for (const row of rows) yield [csvText(row.label), hours(row.minutes), String(row.bookings)];
}

function* cells(report: StatisticsReport, figure: StatisticsFigure): Generator<readonly string[]> {
  switch (figure) {
    case 'utilisation': {
      const { columns, rows } = report.utilisation;
      for (const row of rows) {
        for (const [i, column] of columns.entries()) {
          const booked = row.bookedMinutes[i] ?? 0;
          const open = row.openMinutes[i] ?? 0;
          yield [
            csvText(row.name),
            csvText(column.label),
            column.from,
            column.to,
            hours(booked),
            hours(open),
            percent(utilisationShare(booked, open)),
          ];
        }
      }
      return;
    }
    case 'purpose':
      return yield* breakdown(report.purposes);
    case 'age-group':
      return yield* breakdown(report.ageGroups);
    case 'organisation-type':
      return yield* breakdown(report.organisationTypes);
    case 'demand':
      for (const c of report.demand) {
        if (c.appliedMinutes === 0 && c.openMinutes === 0) continue;
        const clock = `${String(c.hour).padStart(2, '0')}:00–${String(c.hour + 1).padStart(2, '0')}:00`;
        yield [
          weekdayName(c.weekday),
          clock,
          hours(c.appliedMinutes),
          hours(c.openMinutes),
          percent(utilisationShare(c.appliedMinutes, c.openMinutes)),
        ];
      }
      return;
    case 'handling-times':
      for (const m of [...report.handlingTimes.months, report.handlingTimes.total]) {
        yield [
          m.month === 'ALL' ? 'Hele perioden' : m.month,
          String(m.decided),
          m.medianHours === null ? '' : csvDecimal(m.medianHours, 1),
          m.p90Hours === null ? '' : csvDecimal(m.p90Hours, 1),
        ];
      }
  }
}

/** The figure's file line by line (the BOM on the first), for a server to stream. */
export function* statisticsCsvLines(report: StatisticsReport, figure: StatisticsFigure): Generator<string> {
  yield CSV_BOM + csvLine(statisticsCsvHeaders[figure](report).map(csvText));
  for (const line of cells(report, figure)) yield csvLine(line);
}

/** statistikk-{figure}-{location or 'byen'}-{from}-{to}.csv, ASCII. */
export function statisticsCsvFilename(report: Pick<StatisticsReport, 'locationName' | 'from' | 'to'>, figure: StatisticsFigure): string {
  return `statistikk-${figure}-${report.locationName === null ? 'byen' : fileSlug(report.locationName)}-${report.from}-${report.to}.csv`;
}
