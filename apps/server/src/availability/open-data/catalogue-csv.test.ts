import { describe, expect, it } from 'vitest';
import { catalogueCsv, csvCell, formatOpeningHours } from './catalogue-csv';

describe("the open catalogue's CSV (decision 061)", () => {
  it('quotes per RFC 4180 only what needs it, and doubles quotes', () => {
    expect(csvCell('Aula')).toBe('Aula');
    expect(csvCell('Gymsal, store')).toBe('"Gymsal, store"');
    expect(csvCell('Salen "Lille"')).toBe('"Salen ""Lille"""');
    expect(csvCell('to\r\nlinjer')).toBe('"to\r\nlinjer"');
    expect(csvCell(' mellomrom')).toBe('" mellomrom"');
    expect(csvCell('Bjørvika; Sørenga')).toBe('Bjørvika; Sørenga');
    expect(csvCell(null)).toBe('');
    expect(csvCell(59.9301)).toBe('59.9301');
    expect(csvCell(-10.5)).toBe('-10.5');
  });

  it('defends a text a spreadsheet would run as a formula, but not a number', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+47 22 00 00 00')).toBe("'+47 22 00 00 00");
    expect(csvCell('@rom')).toBe("'@rom");
  });

  it('writes the standard hours and the seasonal ones with their dates', () => {
    expect(
      formatOpeningHours([
        { weekday: 1, opens: '16:00:00', closes: '22:00:00', fromDate: null, toDate: null },
        { weekday: 6, opens: '10:00:00', closes: '24:00:00', fromDate: '2026-06-20', toDate: '2026-08-10' },
      ]),
    ).toBe('1 16:00:00-22:00:00 | 2026-06-20/2026-08-10 6 10:00:00-24:00:00');
  });

  it('writes a header and a CRLF after every row, even for an empty catalogue', () => {
    const text = catalogueCsv({ license: { name: 'NLOD', url: 'x' }, locations: [] });
    expect(text.startsWith('locationId,locationName,locationType,')).toBe(true);
    expect(text.endsWith('roomUrl\r\n')).toBe(true);
  });
});
