import { describe, expect, it } from 'vitest';
import {
  csvDecimal,
  csvKroner,
  csvText,
  fileSlug,
  reimbursementCsv,
  reimbursementCsvFilename,
  reimbursementSumsCsv,
} from './reimbursement-csv';
import type { ReimbursementReport } from './reimbursement';

const report: ReimbursementReport = {
  locationId: 7,
  locationName: 'Bjølsen skole',
  companyCode: '3010',
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

  it('the bookings file is one table (decision 063): a BOM, a header, one ;-separated CRLF line per booking with the company code', () => {
    const csv = reimbursementCsv(report);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFFirmakode;Saksnummer;Booking-ID;Organisasjon eller person;Organisasjonsnummer;Kostnadskategori;Timer;Beløp (kr)',
      '3010;LOK-2026-00012;12;"\'=HYPERLINK(""http://x"";""klikk"")";998877660;Markedspris;1,50;1234,50',
      '3010;LOK-2026-00013;13;"Ås; Ærlig ""Øystein""";;Ikke fastsatt;0,33;0,00',
      '',
    ]);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/\n/);
    // No company code: an empty cell, the columns stay.
    expect(reimbursementCsv({ ...report, companyCode: null }).split('\r\n')[1]).toBe(
      ';LOK-2026-00012;12;"\'=HYPERLINK(""http://x"";""klikk"")";998877660;Markedspris;1,50;1234,50',
    );
  });

  it('the sums file is one table too: a line per payer and the total, in the same columns', () => {
    expect(reimbursementSumsCsv(report).split('\r\n')).toEqual([
      '\uFEFFFirmakode;Organisasjon eller person;Organisasjonsnummer;Bookinger;Timer;Beløp (kr)',
      '3010;"\'=HYPERLINK(""http://x"";""klikk"")";998877660;1;1,50;1234,50',
      '3010;"Ås; Ærlig ""Øystein""";;1;0,33;0,00',
      '3010;Totalt;;2;1,83;1234,50',
      '',
    ]);
  });

  it('names the file refusjon-{location}-{from}-{to}.csv in ASCII', () => {
    expect(reimbursementCsvFilename(report)).toBe('refusjon-bjolsen-skole-2026-01-01-2027-01-01.csv');
    expect(reimbursementCsvFilename(report, 'sums')).toBe('refusjon-summer-bjolsen-skole-2026-01-01-2027-01-01.csv');
    expect(fileSlug('Årvoll gård / Ærfuglen')).toBe('arvoll-gard-aerfuglen');
    expect(fileSlug('«»')).toBe('lokale');
  });
});
