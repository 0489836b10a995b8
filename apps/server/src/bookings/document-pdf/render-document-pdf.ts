import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { subsettingFontkit } from './fontkit-adapter';
import { formatOsloDateTime } from '@lokaler/domain/user-booking-rules';
import { pdfAssetsFolder } from '../../paths';
import { htmlToBlocks } from './html-blocks';
import { makeArchival } from './pdf-archival';
import { PdfFlow } from './pdf-layout';

export interface DocumentPdfInput {
  /** The stored, approved HTML (decision 004): the PDF says exactly what the hash covers. */
  html: string;
  /** The document's title (metadata and window title); the HTML's own h1 is the heading on the page. */
  title: string;
  caseNumber: string;
  /** When the document was issued (or signed): the PDF's dates, so one input gives one file. */
  createdAt: Date;
  /** SHA-256 of the approved HTML, printed at the end so a reader can check the text against the stored copy. */
  sha256: string;
  /** The signed contract's signature: who, when. */
  signature?: { signerName: string; signedAt: Date } | undefined;
  /** A line after the text for an unsigned document that is meant to be signed ('Kontrakten er ikke signert.'). */
  unsignedNote?: string | undefined;
  /** What the printed SHA-256 is of; the stored documents' 'for godkjent tekst' unless told (an invoice is not approved text). */
  checksumLabel?: string | undefined;
}

const PRODUCER = 'Lokaler (pdf-lib)';
const AUTHOR = 'Oslo kommune';

interface Assets {
  regular: Uint8Array;
  bold: Uint8Array;
  icc: Uint8Array;
}

let assets: Promise<Assets> | undefined;

/** The fonts and the colour profile, read once per process (1.5 MB, shared by every rendering). */
function loadAssets(): Promise<Assets> {
  assets ??= Promise.all(
    ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'sRGB.icc'].map((file) => readFile(path.join(pdfAssetsFolder, file))),
  ).then(([regular, bold, icc]) => ({ regular: regular!, bold: bold!, icc: icc! }));
  assets.catch(() => (assets = undefined));
  return assets;
}

/**
 * A stored document as PDF/A-2b (decision 055): the approved HTML's text laid out on A4 in embedded
 * DejaVu Sans (subsets: every glyph drawn is in the file, no standard-14 font anywhere), with XMP
 * metadata matching the document information, the sRGB output intent, no JavaScript, no encryption.
 * Deterministic: the same input gives the same bytes (dates from the data, /ID from the content).
 */
export async function renderDocumentPdf(input: DocumentPdfInput): Promise<Uint8Array> {
  const { regular, bold, icc } = await loadAssets();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(subsettingFontkit);
  // Fixed subset tags (six capitals and '+', ISO 32000-1 §9.6.4) instead of pdf-lib's random suffix: deterministic output.
  const fonts = {
    regular: await doc.embedFont(regular, { subset: true, customName: 'LKAAAA+DejaVuSans' }),
    bold: await doc.embedFont(bold, { subset: true, customName: 'LKAAAB+DejaVuSans-Bold' }),
  };

  const flow = new PdfFlow(doc, fonts);
  flow.blocks(htmlToBlocks(input.html));
  flow.space(10);
  flow.rule();
  if (input.signature) {
    const [date, time] = formatOsloDateTime(input.signature.signedAt).split(' ');
    flow.text(`Signert digitalt av ${input.signature.signerName} ${date} kl. ${time}`, { bold: true });
  } else if (input.unsignedNote) {
    flow.text(input.unsignedNote, { bold: true });
  }
  flow.text(input.checksumLabel ?? 'Sjekksum (SHA-256) for godkjent tekst:', { size: 9 });
  flow.text(input.sha256, { size: 9 });
  flow.finish(`Saksnummer ${input.caseNumber}`);

  const fileId = createHash('sha256')
    .update(JSON.stringify([input.sha256, input.title, input.caseNumber, input.createdAt.toISOString(), input.signature ?? null]))
    .digest('hex')
    .slice(0, 32);
  makeArchival(
    doc,
    { title: input.title, author: AUTHOR, creatorTool: 'Lokaler', producer: PRODUCER, date: input.createdAt, language: 'nb-NO', fileId },
    icc,
  );
  return doc.save();
}
