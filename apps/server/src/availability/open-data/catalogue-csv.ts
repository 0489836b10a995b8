import type { OpenDataCatalogue, OpenDataOpeningHours, OpenDataRoom } from '@lokaler/domain/open-data';

/**
 * The catalogue as one CSV table (decision 061): one row per room with its location's fields (a
 * location without published rooms has one row with empty room cells), a header row, ',' between
 * cells, CRLF line ends, UTF-8 without a BOM, quoting per RFC 4180. Lists inside a cell are joined
 * by ' | '. A text cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a
 * carriage return) gets a leading ' (OWASP's CSV-injection defence, as the reimbursement report).
 */

export const CATALOGUE_CSV_COLUMNS = [
  'locationId',
  'locationName',
  'locationType',
  'streetAddress',
  'postCode',
  'city',
  'geographicAreaId',
  'geographicAreaName',
  'locationLat',
  'locationLng',
  'homepage',
  'contactEmail',
  'phoneNumber',
  'locationUrl',
  'roomId',
  'roomName',
  'roomDisplayName',
  'assetType',
  'capacity',
  'squareMeters',
  'roomLat',
  'roomLng',
  'accessibility',
  'facilities',
  'purposes',
  'openingHours',
  'roomUrl',
] as const;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[,"\r\n]|^\s|\s$/;

/** One text cell, defended against formulas and quoted when RFC 4180 asks for it. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const defended = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(defended) ? `"${defended.replace(/"/g, '""')}"` : defended;
}

/** '1 08:00:00-22:00:00', with the seasonal period first when it has one: '2026-06-20/2026-08-10 1 10:00:00-14:00:00'. */
export function formatOpeningHours(hours: readonly OpenDataOpeningHours[]): string {
  return hours.map((h) => `${h.fromDate !== null ? `${h.fromDate}/${h.toDate} ` : ''}${h.weekday} ${h.opens}-${h.closes}`).join(' | ');
}

const list = (items: readonly string[]) => items.join(' | ');

/** The whole table as text. */
export function catalogueCsv(catalogue: OpenDataCatalogue): string {
  const lines = [CATALOGUE_CSV_COLUMNS.join(',')];
  for (const l of catalogue.locations) {
    const locationCells = [
      l.id,
      l.name,
      l.type,
      l.streetAddress,
      l.postCode,
      l.city,
      l.geographicAreaId,
      l.geographicAreaName,
      l.latLng?.lat ?? null,
      l.latLng?.lng ?? null,
      l.homepage,
      l.contactEmail,
      l.phoneNumber,
      l.portalUrl,
    ];
    const roomCells = (r: OpenDataRoom | null) =>
      r === null
        ? Array<null>(13).fill(null)
        : [
            r.id,
            r.name,
            r.displayName,
            r.assetType,
            r.capacity,
            r.squareMeters,
            r.latLng?.lat ?? null,
            r.latLng?.lng ?? null,
            list(r.accessibility),
            list(r.facilities),
            list(r.purposes),
            formatOpeningHours(r.openingHours),
            r.portalUrl,
          ];
    for (const r of l.rooms.length > 0 ? l.rooms : [null]) lines.push([...locationCells, ...roomCells(r)].map(csvCell).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
