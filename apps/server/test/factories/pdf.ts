import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';

/**
 * PDFs for the upload's tests, made in the test: real ones by the PDF library, hostile ones by the
 * library or as raw bytes (a parser reads objects wherever they sit, so no cross-reference table is needed).
 */

/** A normal PDF of `pages` A4 pages with a line of text, as a PDF writer saves it (object streams, compressed). */
export async function normalPdf(pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage([595, 842]).drawText(`Provingsattest, side ${i + 1}`, { x: 50, y: 780 });
  return Buffer.from(await document.save());
}

/** A one-page PDF whose catalog runs JavaScript when it opens, saved by the library: the action sits in a compressed object stream. */
export async function openActionJavaScriptPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  const action = document.context.register(document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hei")') }));
  document.catalog.set(PDFName.of('OpenAction'), action);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

export async function encryptedPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  document.encrypt({ userPassword: 'hemmelig', ownerPassword: 'eier' });
  return Buffer.from(await document.save());
}

export async function embeddedFilePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  await document.attach(Buffer.from('MZ not really a program'), 'vedlegg.exe', { mimeType: 'application/octet-stream' });
  return Buffer.from(await document.save());
}

/** A PDF of raw objects (`n 0 obj … endobj` each, numbered from 1), object 1 the catalog. */
export function rawPdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  objects.forEach((object, i) =>
    parts.push(
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1'),
      Buffer.from('\nendobj\n'),
    ),
  );
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'));
  return Buffer.concat(parts);
}

const PAGE_TREE = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>'];

/** A page with a link annotation whose action starts a program. */
export function launchActionPdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    ...PAGE_TREE,
    '<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A << /S /Launch /F (C:\\\\Windows\\\\System32\\\\cmd.exe) >> >>',
  ]);
}

/** JavaScript behind a name written with an escape (`/J#53` is `/JS`): found by the parser, not by a text search. */
export function escapedJavaScriptPdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    ...PAGE_TREE.map((p) => p.replace(' /Annots [4 0 R]', '')),
    '<< /S /#4Aava#53cript /J#53 (app.launchURL("https://example.org")) >>',
  ]);
}

/** A page tree whose root says 1 page while it holds `pages`. */
export function lyingPageTreePdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count 1 >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
  ]);
}

/** zlib data of `size` zero bytes, made in pieces (never holding them): about 1 kB per MiB. */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = size; left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left)))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** deflatedZeros per size, made once per worker: 256 MiB at level 9 is half a second of CPU each time (decision 072). */
const deflated = new Map<number, Promise<Buffer>>();

/** A one-page PDF whose page content is a stream that inflates to `size` bytes (a zip bomb at 256 MiB). */
export async function zipBombPdf(size = 256 * 1024 * 1024): Promise<Buffer> {
  if (!deflated.has(size)) deflated.set(size, deflatedZeros(size));
  const data = await deflated.get(size)!;
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]),
  ]);
}
