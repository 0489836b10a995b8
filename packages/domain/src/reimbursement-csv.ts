import { costCategoryReportLabels, type ReimbursementReport } from './reimbursement';

/**
 * The reimbursement report as CSV for a Norwegian spreadsheet (decisions 015, 063): UTF-8 with a BOM
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

/** The bookings file's columns (decision 063: one table, the same cells on every line). */
export const reimbursementCsvHeader = [
  'Firmakode',
  'Saksnummer',
  'Booking-ID',
  'Organisasjon eller person',
  'Organisasjonsnummer',
  'Kostnadskategori',
  'Timer',
  'Beløp (kr)',
] as const;

/** The sums file's columns: one line per organisation or person, the last line 'Totalt' (decision 063). */
export const reimbursementSumsCsvHeader = [
  'Firmakode',
  'Organisasjon eller person',
  'Organisasjonsnummer',
  'Bookinger',
  'Timer',
  'Beløp (kr)',
] as const;

/**
 * The bookings file line by line (the BOM on the first), so a server can stream it: one table, a
 * header and one line per booking, each with the location's company code (decision 063). The sums
 * are a second download (reimbursementSumsCsvLines), so a CSV reader sees one shape.
 */
export function* reimbursementCsvLines(report: ReimbursementReport): Generator<string> {
  yield CSV_BOM + csvLine(reimbursementCsvHeader.map(csvText));
  const companyCode = csvText(report.companyCode ?? '');
  for (const r of report.rows) {
    yield csvLine([
      companyCode,
      csvText(r.caseNumber),
      String(r.bookingId),
      csvText(r.payerName),
      csvText(r.organizationNumber ?? ''),
      csvText(categoryLabel(r.costCategory)),
      csvDecimal(r.hours, 2),
      csvKroner(r.amountOre),
    ]);
  }
}

/**
 * The sums file line by line (decision 063): the same delimiter, BOM and quoting as the bookings
 * file; one line per organisation or person, then 'Totalt' in the same columns.
 */
export function* reimbursementSumsCsvLines(report: ReimbursementReport): Generator<string> {
  yield CSV_BOM + csvLine(reimbursementSumsCsvHeader.map(csvText));
  const companyCode = csvText(report.companyCode ?? '');
  for (const g of report.groups) {
    yield csvLine([
      companyCode,
      csvText(g.payerName),
      csvText(g.organizationNumber ?? ''),
      String(g.bookings),
      csvDecimal(g.hours, 2),
      csvKroner(g.amountOre),
    ]);
  }
  const t = report.totals;
  yield csvLine([companyCode, csvText('Totalt'), '', String(t.bookings), csvDecimal(t.hours, 2), csvKroner(t.amountOre)]);
}

/** The bookings file as one string (tests, small reports). */
export function reimbursementCsv(report: ReimbursementReport): string {
  return [...reimbursementCsvLines(report)].join('');
}

/** The sums file as one string (tests, small reports). */
export function reimbursementSumsCsv(report: ReimbursementReport): string {
  return [...reimbursementSumsCsvLines(report)].join('');
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

/** refusjon-{location}-{from}-{to}.csv; the sums file is refusjon-summer-{location}-{from}-{to}.csv. */
export function reimbursementCsvFilename(
  report: Pick<ReimbursementReport, 'locationName' | 'fromDateInclusive' | 'toDateExclusive'>,
  part: 'bookings' | 'sums' = 'bookings',
): string {
  return `refusjon-${part === 'sums' ? 'summer-' : ''}${fileSlug(report.locationName)}-${report.fromDateInclusive}-${report.toDateExclusive}.csv`;
}
