import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../test/pdf-inspection';
import { renderInvoicePdf } from './render-invoice-pdf';
import { kronerText } from './amounts';
import { documentArbitrary, exampleDocument, exampleLines, seller } from './test-support/documents';

/** The PDF's text as a reader extracts it (pdf.js), white space runs as one space. */
async function pdfText(bytes: Uint8Array) {
  const pdf = await inspectPdf(bytes);
  return { ...pdf, flat: pdf.text.replace(/\s+/g, ' ') };
}

describe('renderInvoicePdf: the invoice the citizen downloads (decision 071)', () => {
  it('says who sends and who pays, the number, dates, KID, account, every line and the total, in Norwegian', async () => {
    const doc = exampleDocument('INVOICE');
    const bytes = await renderInvoicePdf(doc, seller);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await pdfText(bytes);
    expect(pdf.info['Title']).toBe(`Faktura 1042, saksnummer ${doc.caseNumber}`);
    for (const expected of [
      'Faktura',
      seller.name,
      'Organisasjonsnummer 974590972',
      'Idrettslaget Ørn & Co <Bjølsen>',
      'Fakturanummer: 1042',
      'Fakturadato: 02.11.2026',
      'Forfallsdato: 16.11.2026',
      `KID: ${doc.kid}`,
      'Kontonummer: 6011.05.69788',
      'Å betale: kr 2350,00',
      `Bruk KID ${doc.kid}`,
      'Utleie av fast eiendom er unntatt fra merverdiavgift',
    ])
      expect(pdf.flat).toContain(expected);
    // Every line: its words (a description may wrap inside its cell), its quantity and its amount.
    for (const line of exampleLines) for (const word of line.description.split(' ')) expect(pdf.flat).toContain(word);
    for (const cell of ['4,33 timer', '1950,00', '1 stk.', '500,00', '-0,33 timer', '-100,00']) expect(pdf.flat).toContain(cell);
    expect(pdf.flat).not.toContain('Kreditnota');
    expect(pdf.fonts.every((f) => f.embedded)).toBe(true);
  });

  it("is headed 'Kreditnota' for a credit note, names the invoice it credits and what it gives back", async () => {
    const doc = exampleDocument('CREDIT_NOTE');
    const pdf = await pdfText(await renderInvoicePdf(doc, seller));
    expect(pdf.info['Title']).toBe(`Kreditnota 1043, saksnummer ${doc.caseNumber}`);
    for (const expected of ['Kreditnota', 'Kreditnotanummer: 1043', 'Gjelder faktura: 1042', `KID: ${doc.kid}`, 'Til gode: kr 2350,00'])
      expect(pdf.flat).toContain(expected);
    expect(pdf.flat).not.toContain('Å betale');
  });

  it('is the same file for the same document, and another for another', async () => {
    const doc = exampleDocument('INVOICE');
    const first = Buffer.from(await renderInvoicePdf(doc, seller));
    expect(Buffer.from(await renderInvoicePdf(doc, seller)).equals(first)).toBe(true);
    expect(Buffer.from(await renderInvoicePdf({ ...doc, kid: '0000010437' }, seller)).equals(first)).toBe(false);
  });

  it('finds the KID, the total and every line’s words and amount in generated documents of both kinds', async () => {
    await fc.assert(
      fc.asyncProperty(documentArbitrary('EHF'), async (doc) => {
        const pdf = await pdfText(await renderInvoicePdf(doc, seller));
        expect(pdf.flat).toContain(`KID: ${doc.kid}`);
        expect(pdf.flat).toContain(`${doc.kind === 'INVOICE' ? 'Å betale' : 'Til gode'}: kr ${kronerText(doc.totalOre, ',')}`);
        for (const line of doc.lines) {
          expect(pdf.flat).toContain(kronerText(line.amountOre, ','));
          for (const word of line.description.split(/\s+/).filter(Boolean)) expect(pdf.flat).toContain(word);
        }
      }),
      { numRuns: 5 },
    );
  });
});
