import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidMod10Kid, kidForInvoiceNumber, type InvoiceDocument } from '@lokaler/domain/invoices';
import { readCsvWithoutHints } from '../../../test/csv-reader';
import { buildErpExport, erpExportHeader } from './build-erp-export';
import { documentArbitrary, exampleDocument } from './test-support/documents';

const run = { runId: 'run-2026-11-7', createdAt: new Date('2026-11-02T06:30:00Z') };
const person = (doc: InvoiceDocument): InvoiceDocument => ({
  ...doc,
  channel: 'ERP',
  buyer: {
    name: 'Kari Nordmann',
    orgnr: null,
    address: { addressLine: 'Storgata 1', postalCode: '0155', city: 'Oslo', countryCode: 'NO' },
    email: 'kari@example.no',
  },
});

/**
 * A reader told nothing about the file (test/csv-reader.ts: it finds the delimiter itself) reads the
 * amounts back as a finance department's import would: a decimal with two places, point or comma.
 */
function readBack(content: string) {
  const table = readCsvWithoutHints(content);
  if (!table) throw new Error('not one table');
  const [header, ...rows] = table.records;
  const column = (name: (typeof erpExportHeader)[number]) => header!.indexOf(name);
  const ore = (cell: string) => {
    const match = /^(-?)(\d+)[.,](\d{2})$/.exec(cell);
    if (!match) throw new Error(`not an amount: '${cell}'`);
    return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
  };
  return {
    delimiter: table.delimiter,
    header: header!,
    rows: rows.map((r) => ({
      number: Number(r[column('Fakturanummer')]),
      type: r[column('Type')],
      credits: r[column('Krediterer faktura')],
      kid: r[column('KID')]!,
      dueDate: r[column('Forfallsdato')],
      customer: r[column('Kunde')],
      lineOre: ore(r[column('Linjebeløp (kr)')]!),
      totalOre: ore(r[column('Fakturabeløp (kr)')]!),
      unitPriceOre: ore(r[column('Enhetspris (kr)')]!),
      description: r[column('Beskrivelse')],
    })),
  };
}

describe('buildErpExport: one file per run for the ERP (decision 071)', () => {
  it('is UTF-8 with a BOM, ; separated with CRLF, a documented header and one row per invoice line', () => {
    const docs = [person(exampleDocument('INVOICE')), person(exampleDocument('CREDIT_NOTE'))];
    const { fileName, content } = buildErpExport(docs, run);
    expect(fileName).toBe('lokaler-faktura-run-2026-11-7-20261102T063000Z.csv');
    expect(content.startsWith('\uFEFFKjøring;Fakturanummer;Type;')).toBe(true);
    expect(content.split('\r\n').filter(Boolean)).toHaveLength(1 + 3 + 3);
    const back = readBack(content);
    expect(back.delimiter).toBe(';');
    expect(back.header).toEqual([...erpExportHeader]);
    expect(back.rows[0]).toMatchObject({
      number: 1042,
      type: 'FAKTURA',
      credits: '',
      kid: kidForInvoiceNumber(1042),
      dueDate: '2026-11-16',
    });
    expect(back.rows.map((r) => r.lineOre)).toEqual([195_000, 50_000, -10_000, -195_000, -50_000, 10_000]);
    expect(back.rows[3]).toMatchObject({ type: 'KREDITNOTA', credits: '1042', totalOre: -235_000 });
    expect(content).toContain(';1950,00;2350,00\r\n');
  });

  it('defends text cells a spreadsheet would run as a formula, and quotes separators', () => {
    const doc = person(exampleDocument('INVOICE'));
    const { content } = buildErpExport([{ ...doc, buyer: { ...doc.buyer, name: '=HYPERLINK("x";"y")' }, buyerReference: 'a;b' }], run);
    expect(content).toContain(`"'=HYPERLINK(""x"";""y"")"`);
    expect(readBack(content).rows[0]!.customer).toBe(`'=HYPERLINK("x";"y")`);
    expect(content).toContain('"a;b"');
  });

  it('gives a reader told nothing every amount back to the øre, and a valid MOD10 KID in every row (generated runs)', () => {
    fc.assert(
      fc.property(fc.array(documentArbitrary('ERP'), { minLength: 0, maxLength: 6 }), (docs) => {
        const back = readBack(buildErpExport(docs, run).content);
        expect(back.rows).toHaveLength(docs.reduce((n, d) => n + d.lines.length, 0));
        let row = 0;
        for (const doc of docs) {
          const sign = doc.kind === 'CREDIT_NOTE' ? -1 : 1;
          const mine = back.rows.slice(row, row + doc.lines.length);
          row += doc.lines.length;
          // A line of 0 on a credit note is 0 in the file, not -0.
          expect(mine.map((r) => r.lineOre)).toEqual(doc.lines.map((l) => sign * l.amountOre + 0));
          expect(mine.map((r) => r.unitPriceOre)).toEqual(doc.lines.map((l) => l.unitPriceOre));
          // A text a spreadsheet would run as a formula comes back with the ' that defends it.
          expect(mine.map((r) => r.description)).toEqual(
            doc.lines.map((l) => (/^[=+\-@\t\r]/.test(l.description) ? `'${l.description}` : l.description)),
          );
          for (const r of mine) {
            expect(r.number).toBe(doc.number);
            expect(r.totalOre).toBe(sign * doc.totalOre);
            expect(r.kid).toBe(doc.kid);
            expect(isValidMod10Kid(r.kid)).toBe(true);
          }
          expect(mine.reduce((s, r) => s + r.lineOre, 0)).toBe(sign * doc.totalOre);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses an organisation’s EHF invoice and a KID whose check digit is wrong', () => {
    expect(() => buildErpExport([exampleDocument('INVOICE')], run)).toThrow(/EHF/);
    expect(() => buildErpExport([{ ...person(exampleDocument('INVOICE')), kid: '0000010420' }], run)).toThrow(/KID/);
  });
});
