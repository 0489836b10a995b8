import { costCategoryReportLabels, type ReimbursementReport } from './reimbursement';

/**
 * The reimbursement report as CSV for a Norwegian spreadsheet (decision 015): UTF-8 with a BOM
 * (so Excel reads æøå), ';' between cells (',' is the decimal sign here), decimal comma, CRLF line
 * ends, quoting per RFC 4180. A text cell that a spreadsheet would run as a formula (it starts with
 * = + - @, a tab or a carriage return) gets a leading ' (OWASP's CSV-injection defence).
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[;"\r\n]|^\s|\s$/;

/** One text cell, defended and quoted. */
export function csvText(value: string): string {
  const defended = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(defended) ? `"${defended.replace(/"/g, '""')}"` : defended;
}

/** A number with a decimal comma and a fixed number of decimals, no grouping ('1234,50'); spreadsheets read it as a number. */
export function csvDecimal(value: number, decimals: number): string {
  return value.toFixed(decimals).replace('.', ',');
}

/** Øre as kroner with two decimals ('1234,50'). */
export const csvKroner = (ore: number) => csvDecimal(ore / 100, 2);

/** A line of cells already formatted (csvText / csvDecimal), with its CRLF. */
export function csvLine(cells: readonly string[]): string {
  return cells.join(CSV_SEPARATOR) + CSV_LINE_END;
}

const categoryLabel = (category: ReimbursementReport['rows'][number]['costCategory']) => costCategoryReportLabels[category ?? 'NONE'];

/**
 * The file line by line (the BOM on the first), so a server can stream it: the bookings, then the
 * totals per organisation or person, then the total.
 */
export function* reimbursementCsvLines(report: ReimbursementReport): Generator<string> {
  yield (
    CSV_BOM +
    csvLine(
      ['Saksnummer', 'Booking-ID', 'Organisasjon eller person', 'Organisasjonsnummer', 'Kostnadskategori', 'Timer', 'Beløp (kr)'].map(
        csvText,
      ),
    )
  );
  for (const r of report.rows) {
    yield csvLine([
      csvText(r.caseNumber),
      String(r.bookingId),
      csvText(r.payerName),
      csvText(r.organizationNumber ?? ''),
      csvText(categoryLabel(r.costCategory)),
      csvDecimal(r.hours, 2),
      csvKroner(r.amountOre),
    ]);
  }
  yield CSV_LINE_END;
  yield csvLine(['Sum per organisasjon eller person', 'Organisasjonsnummer', 'Bookinger', 'Timer', 'Beløp (kr)'].map(csvText));
  for (const g of report.groups) {
    yield csvLine([
      csvText(g.payerName),
      csvText(g.organizationNumber ?? ''),
      String(g.bookings),
      csvDecimal(g.hours, 2),
      csvKroner(g.amountOre),
    ]);
  }
  yield CSV_LINE_END;
  yield csvLine([
    csvText('Totalt'),
    '',
    String(report.totals.bookings),
    csvDecimal(report.totals.hours, 2),
    csvKroner(report.totals.amountOre),
  ]);
}

/** The whole file as one string (tests, small reports). */
export function reimbursementCsv(report: ReimbursementReport): string {
  return [...reimbursementCsvLines(report)].join('');
}

/** 'Bjølsen skole' → 'bjolsen-skole': ASCII, so the download's name needs no encoding. */
export function fileSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'lokale';
}

/** refusjon-{location}-{from}-{to}.csv */
export function reimbursementCsvFilename(
  report: Pick<ReimbursementReport, 'locationName' | 'fromDateInclusive' | 'toDateExclusive'>,
): string {
  return `refusjon-${fileSlug(report.locationName)}-${report.fromDateInclusive}-${report.toDateExclusive}.csv`;
}
