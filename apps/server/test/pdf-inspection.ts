import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  decodePDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/**
 * A PDF read back the way an archive's checker would look at it (decision 055): the text as a PDF
 * reader extracts it (unpdf, i.e. pdf.js), and the file's objects as parsed by pdf-lib — the catalog's
 * XMP metadata and output intents, every font and whether its program is embedded, anything that
 * would run script, the trailer's /ID. Not a PDF/A validator (veraPDF is not here): the parts of
 * PDF/A-2b our renderer is responsible for, checked one by one.
 */
export interface PdfInspection {
  text: string;
  pages: number;
  /** The document information as pdf.js reads it. */
  info: Record<string, unknown>;
  /** The catalog's /Metadata stream as text ('' when there is none). */
  xmp: string;
  /** Whether the metadata stream has a /Filter (PDF/A forbids one). */
  xmpFiltered: boolean;
  /** /S of each /OutputIntents entry, and whether it has a DestOutputProfile with /N 3. */
  outputIntents: { subtype: string; rgbProfile: boolean }[];
  /** Every font dictionary: its /BaseFont, /Subtype, and whether a FontFile/FontFile2/FontFile3 stream carries its program. */
  fonts: { baseFont: string; subtype: string; embedded: boolean }[];
  /** Dictionary keys anywhere in the file that would run script or act on opening. */
  scriptKeys: string[];
  encrypted: boolean;
  trailerId: string[] | null;
}

const SCRIPT_KEYS = ['JS', 'JavaScript', 'AA', 'OpenAction'];

function name(object: PDFObject | undefined): string {
  return object instanceof PDFName ? object.decodeText() : '';
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  const proxy = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(proxy, { mergePages: true });
  const { info } = await getMeta(proxy);

  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context, catalog } = doc;
  const lookup = (object: PDFObject | undefined) => (object instanceof PDFRef ? context.lookup(object) : object);
  const dict = (object: PDFObject | undefined) => {
    const found = lookup(object);
    return found instanceof PDFDict ? found : found instanceof PDFStream ? found.dict : undefined;
  };

  const metadata = lookup(catalog.get(PDFName.of('Metadata')));
  const xmp = metadata instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(metadata).decode()) : '';
  const xmpFiltered = metadata instanceof PDFRawStream && metadata.dict.has(PDFName.of('Filter'));

  const intents = lookup(catalog.get(PDFName.of('OutputIntents')));
  const outputIntents = (intents instanceof PDFArray ? intents.asArray() : []).map((entry) => {
    const intent = dict(entry);
    const profile = dict(intent?.get(PDFName.of('DestOutputProfile')));
    return { subtype: name(intent?.get(PDFName.of('S'))), rgbProfile: profile?.get(PDFName.of('N'))?.toString() === '3' };
  });

  const fonts: PdfInspection['fonts'] = [];
  const scriptKeys: string[] = [];
  for (const [, object] of context.enumerateIndirectObjects()) {
    const d = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined;
    if (!d) continue;
    for (const key of d.keys()) if (SCRIPT_KEYS.includes(key.decodeText())) scriptKeys.push(key.decodeText());
    if (name(d.get(PDFName.of('Type'))) !== 'Font') continue;
    const subtype = name(d.get(PDFName.of('Subtype')));
    // A composite font's program is its descendant's; the descendant is listed as a font of its own too.
    if (subtype === 'Type0') {
      const descendants = lookup(d.get(PDFName.of('DescendantFonts')));
      const descendant = dict(descendants instanceof PDFArray ? descendants.get(0) : undefined);
      fonts.push({ baseFont: name(d.get(PDFName.of('BaseFont'))), subtype, embedded: hasProgram(descendant) });
    } else {
      fonts.push({ baseFont: name(d.get(PDFName.of('BaseFont'))), subtype, embedded: hasProgram(d) });
    }
  }
  function hasProgram(font: PDFDict | undefined): boolean {
    const descriptor = dict(font?.get(PDFName.of('FontDescriptor')));
    return ['FontFile', 'FontFile2', 'FontFile3'].some((key) => lookup(descriptor?.get(PDFName.of(key))) instanceof PDFStream);
  }

  const id = context.trailerInfo.ID;
  const ids =
    id instanceof PDFArray ? id.asArray().map((o) => (o instanceof PDFHexString || o instanceof PDFString ? o.asString() : '')) : null;
  return {
    text,
    pages: totalPages,
    info: info as Record<string, unknown>,
    xmp,
    xmpFiltered,
    outputIntents,
    fonts,
    scriptKeys,
    encrypted: context.trailerInfo.Encrypt !== undefined,
    trailerId: ids,
  };
}
