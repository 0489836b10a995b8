import { describe, expect, it } from 'vitest';
import { csvDecimal, csvKroner, csvText, fileSlug, reimbursementCsv, reimbursementCsvFilename } from './reimbursement-csv';
import type { ReimbursementReport } from './reimbursement';

const report: ReimbursementReport = {
  locationId: 7,
  locationName: 'Bjølsen skole',
  fromDateInclusive: '2026-01-01',
  toDateExclusive: '2027-01-01',
  rows: [
    {
      bookingId: 12,
      caseNumber: 'LOK-2026-00012',
      payerKind: 'ORGANISATION',
      payerName: '=HYPERLINK("http://x";"klikk")',
      organizationNumber: '998877660',
      costCategory: 'MARKET',
      minutes: 90,
      hours: 1.5,
      amountOre: 123_450,
    },
    {
      bookingId: 13,
      caseNumber: 'LOK-2026-00013',
      payerKind: 'PERSON',
      payerName: 'Ås; Ærlig "Øystein"',
      organizationNumber: null,
      costCategory: null,
      minutes: 20,
      hours: 0.33,
      amountOre: 0,
    },
  ],
  groups: [
    {
      payerKind: 'ORGANISATION',
      payerName: '=HYPERLINK("http://x";"klikk")',
      organizationNumber: '998877660',
      bookings: 1,
      minutes: 90,
      hours: 1.5,
      amountOre: 123_450,
    },
    {
      payerKind: 'PERSON',
      payerName: 'Ås; Ærlig "Øystein"',
      organizationNumber: null,
      bookings: 1,
      minutes: 20,
      hours: 0.33,
      amountOre: 0,
    },
  ],
  totals: { bookings: 2, minutes: 110, hours: 1.83, amountOre: 123_450 },
};

describe('the reimbursement CSV', () => {
  it("defends against formulas: a text starting with = + - @ tab or CR gets a leading '", () => {
    expect(csvText("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvText('+47 123')).toBe("'+47 123");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText('\rx')).toBe('"\'\rx"');
    expect(csvText('Kari = glad')).toBe('Kari = glad');
  });

  it('quotes per RFC 4180: separators, quotes, line breaks and edge spaces', () => {
    expect(csvText('a;b')).toBe('"a;b"');
    expect(csvText('Sa "Hei"')).toBe('"Sa ""Hei"""');
    expect(csvText('to\nlinjer')).toBe('"to\nlinjer"');
    expect(csvText(' mellomrom')).toBe('" mellomrom"');
    expect(csvText('Bjølsen, skole')).toBe('Bjølsen, skole');
  });

  it('writes decimals with a comma and no grouping', () => {
    expect(csvDecimal(1.5, 2)).toBe('1,50');
    expect(csvDecimal(1234.5, 2)).toBe('1234,50');
    expect(csvKroner(123_450)).toBe('1234,50');
    expect(csvKroner(5)).toBe('0,05');
    expect(csvKroner(0)).toBe('0,00');
  });

  it('is a BOM, ;-separated lines with CRLF: the bookings, the totals per payer, the total', () => {
    const csv = reimbursementCsv(report);
    expect(
      csv.startsWith('\uFEFFSaksnummer;Booking-ID;Organisasjon eller person;Organisasjonsnummer;Kostnadskategori;Timer;Beløp (kr)\r\n'),
    ).toBe(true);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFSaksnummer;Booking-ID;Organisasjon eller person;Organisasjonsnummer;Kostnadskategori;Timer;Beløp (kr)',
      'LOK-2026-00012;12;"\'=HYPERLINK(""http://x"";""klikk"")";998877660;Markedspris;1,50;1234,50',
      'LOK-2026-00013;13;"Ås; Ærlig ""Øystein""";;Ikke fastsatt;0,33;0,00',
      '',
      'Sum per organisasjon eller person;Organisasjonsnummer;Bookinger;Timer;Beløp (kr)',
      '"\'=HYPERLINK(""http://x"";""klikk"")";998877660;1;1,50;1234,50',
      '"Ås; Ærlig ""Øystein""";;1;0,33;0,00',
      '',
      'Totalt;;2;1,83;1234,50',
      '',
    ]);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('names the file refusjon-{location}-{from}-{to}.csv in ASCII', () => {
    expect(reimbursementCsvFilename(report)).toBe('refusjon-bjolsen-skole-2026-01-01-2027-01-01.csv');
    expect(fileSlug('Årvoll gård / Ærfuglen')).toBe('arvoll-gard-aerfuglen');
    expect(fileSlug('«»')).toBe('lokale');
  });
});
