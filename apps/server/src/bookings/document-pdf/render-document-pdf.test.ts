import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../test/pdf-inspection';
import { documentData, freeTerms } from '../../../test/factories/documents';
import { sha256Hex } from '../documents/html';
import { renderContract } from '../documents/render-contract';
import { renderVedtak } from '../documents/render-vedtak';
import { renderDocumentPdf, type DocumentPdfInput } from './render-document-pdf';

const data = {
  ...documentData,
  applicantName: 'Åse Ødegård',
  location: { ...documentData.location, name: 'Bjølsen skole', streetAddress: 'Maridalsveien 80' },
  formAnswers: { ...documentData.formAnswers, activity: 'Søknad om øving: æøå ÆØÅ § «sitat» – €' },
};
const contractHtml = renderContract({ data, terms: freeTerms, today: '2030-01-15' });
const signedAt = new Date('2030-03-31T01:30:00Z'); // 03:30 in Oslo: summer time began half an hour before

const contractInput: DocumentPdfInput = {
  html: contractHtml,
  title: 'Kontrakt for lån og leie av lokale, saksnummer LOK-2025-00042',
  caseNumber: 'LOK-2025-00042',
  createdAt: signedAt,
  sha256: sha256Hex(contractHtml),
  signature: { signerName: 'Åse Ødegård', signedAt },
};

describe('renderDocumentPdf: the stored document as PDF/A-2b (decision 055)', () => {
  it('carries the approved text with Norwegian letters as a reader extracts them, and the signer, Oslo time and hash', async () => {
    const pdf = await inspectPdf(await renderDocumentPdf(contractInput));
    expect(pdf.text).toContain('Kontrakt for lån og leie av lokale');
    expect(pdf.text).toContain('Bjølsen skole');
    expect(pdf.text).toContain('Søknad om øving: æøå ÆØÅ § «sitat» – €');
    expect(pdf.text).toContain('Leietaker er erstatningsansvarlig for skader på lokalet');
    // The value the HTML escaped is shown as typed, not as its character reference.
    expect(pdf.text).not.toContain('&lt;');
    expect(pdf.text).toContain('Signert digitalt av Åse Ødegård 31.03.2030 kl. 03:30');
    expect(pdf.text).toContain('Sjekksum (SHA-256) for godkjent tekst:');
    expect(pdf.text).toContain(sha256Hex(contractHtml));
    expect(pdf.text).toMatch(/Side 1 av 1/);
  });

  it('declares PDF/A-2b in XMP that matches the document information, with the sRGB output intent and a file /ID', async () => {
    const pdf = await inspectPdf(await renderDocumentPdf(contractInput));
    expect(pdf.xmp).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(pdf.xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(pdf.xmpFiltered).toBe(false);
    expect(pdf.outputIntents).toEqual([{ subtype: 'GTS_PDFA1', rgbProfile: true }]);
    expect(pdf.info).toMatchObject({
      Title: contractInput.title,
      Author: 'Oslo kommune',
      Creator: 'Lokaler',
      Producer: 'Lokaler (pdf-lib)',
    });
    expect(pdf.xmp).toContain(`<rdf:li xml:lang="x-default">${contractInput.title}</rdf:li>`);
    expect(pdf.xmp).toContain('<pdf:Producer>Lokaler (pdf-lib)</pdf:Producer>');
    expect(pdf.xmp).toContain('<xmp:CreatorTool>Lokaler</xmp:CreatorTool>');
    expect(pdf.info['CreationDate']).toBe('D:20300331013000Z');
    expect(pdf.xmp).toContain('<xmp:CreateDate>2030-03-31T01:30:00Z</xmp:CreateDate>');
    expect(pdf.xmp).toContain('<xmp:ModifyDate>2030-03-31T01:30:00Z</xmp:ModifyDate>');
    expect(pdf.trailerId).toHaveLength(2);
    expect(pdf.trailerId![0]).toMatch(/^[0-9a-f]{32}$/);
    expect(pdf.encrypted).toBe(false);
  });

  it('embeds every font it uses (no standard-14 font) and has nothing that runs script', async () => {
    const pdf = await inspectPdf(await renderDocumentPdf(contractInput));
    expect(pdf.fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of pdf.fonts) expect(font, font.baseFont).toMatchObject({ embedded: true });
    expect(pdf.fonts.map((f) => f.baseFont)).toContain('LKAAAA+DejaVuSans');
    expect(pdf.fonts.map((f) => f.baseFont)).toContain('LKAAAB+DejaVuSans-Bold');
    expect(pdf.scriptKeys).toEqual([]);
  });

  it('is the same file for the same input, and another for another text', async () => {
    const first = await renderDocumentPdf(contractInput);
    expect(Buffer.from(await renderDocumentPdf(contractInput)).equals(Buffer.from(first))).toBe(true);
    const html = contractHtml.replace('Bjølsen', 'Sagene');
    const other = await renderDocumentPdf({ ...contractInput, html, sha256: sha256Hex(html) });
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });

  it('breaks a long vedtak over pages, numbered "Side n av m", and says so for an unsigned contract', async () => {
    const times = Array.from({ length: 200 }, (_, i) => ({
      ...documentData.reservations[0]!,
      id: i + 1,
      date: `2030-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    }));
    const html = renderVedtak({ data: { ...data, reservations: times }, type: 'APPROVAL', terms: freeTerms, today: '2030-01-15' });
    const pdf = await inspectPdf(await renderDocumentPdf({ ...contractInput, html, sha256: sha256Hex(html), signature: undefined }));
    expect(pdf.pages).toBeGreaterThan(3);
    expect(pdf.text).toContain(`Side ${pdf.pages} av ${pdf.pages}`);
    expect(pdf.text).toContain('Klageadgang');
    expect(pdf.text).not.toContain('Signert digitalt');

    const unsigned = await inspectPdf(
      await renderDocumentPdf({ ...contractInput, signature: undefined, unsignedNote: 'Kontrakten er ikke signert.' }),
    );
    expect(unsigned.text).toContain('Kontrakten er ikke signert.');
  });

  it('draws a character the font lacks as "?" (PDF/A allows no .notdef glyph) and keeps the rest', async () => {
    const html = '<article><h1>Vedtak</h1><p>Møte 漢 i salen</p></article>';
    const pdf = await inspectPdf(await renderDocumentPdf({ ...contractInput, html, sha256: sha256Hex(html) }));
    expect(pdf.text).toContain('Møte ? i salen');
  });
});
