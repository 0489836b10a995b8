// The check of an uploaded PDF, in a worker thread (inspect-pdf.ts starts it and stops it after its
// time limit). This file runs as it is, without the build: Node strips its types in the tests, esbuild
// bundles it as dist/inspect-pdf-worker.js for production. So it imports only Node and the PDF library.
import { parentPort, workerData } from 'node:worker_threads';
import { constants, createInflate } from 'node:zlib';
import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFStream,
  type PDFObject,
} from '@cantoo/pdf-lib';

export interface PdfLimits {
  maxPages: number;
  maxDecompressedBytes: number;
}

/** Why a file is refused; inspect-pdf.ts turns each into its Norwegian message. */
export type PdfFinding = 'encrypted' | 'javascript' | 'launch' | 'embeddedFiles' | 'tooManyPages' | 'tooLargeDecompressed' | 'unreadable';
export type PdfVerdict = { ok: true; pages: number } | { ok: false; reason: PdfFinding };

/**
 * The data of every stream in the file, found by its keywords rather than through the parser: the
 * parser inflates object streams while it reads, without a limit, so the bomb must be found first.
 * A stream's data runs from the end of line after `stream` to the next `endstream`.
 */
function* rawStreams(bytes: Buffer): Generator<Buffer> {
  const text = bytes.toString('latin1');
  const keyword = /(?<!end)stream(?:\r\n|\n|\r)/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    yield bytes.subarray(start, end === -1 ? bytes.length : end);
    if (end !== -1) keyword.lastIndex = end + 'endstream'.length;
  }
}

/**
 * How much the data inflates to, counted chunk by chunk (never held whole), or 'over' as soon as it
 * passes `limit` (zlib stops there). Data that is not zlib (images in JPEG, uncompressed streams)
 * counts what it inflated before the error: nothing.
 */
function inflatedSize(data: Buffer, limit: number): Promise<number | 'over'> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve('over');
      }
    });
    inflate.on('error', () => resolve(size));
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}

async function decompressesWithin(bytes: Buffer, limit: number): Promise<boolean> {
  let left = limit;
  for (const data of rawStreams(bytes)) {
    const size = await inflatedSize(data, left);
    if (size === 'over') return false;
    left -= size;
  }
  return true;
}

const name = (value: string) => PDFName.of(value);
const JS = name('JS');
const JAVASCRIPT = name('JavaScript');
const LAUNCH = name('Launch');
const S = name('S');
const TYPE = name('Type');
const PAGE = name('Page');
const PAGES = name('Pages');
const COUNT = name('Count');
const EMBEDDED_FILE = name('EmbeddedFile');
const EMBEDDED_FILES = name('EmbeddedFiles');
const EF = name('EF');
const XFA = name('XFA');
// What a parser that reads more than pdf-lib would find in an object pdf-lib could not read.
const HOSTILE_TOKENS: [RegExp, PdfFinding][] = [
  [/\/(?:JS|JavaScript|XFA)\b/, 'javascript'],
  [/\/Launch\b/, 'launch'],
  [/\/(?:EmbeddedFiles?|EF)\b/, 'embeddedFiles'],
];

interface Walk {
  finding: PdfFinding | null;
  pageObjects: number;
  declaredPages: number;
}

/**
 * Looks at one dictionary's entries: names are compared after the parser decoded them, so `/J#53` is
 * `/JS`. JavaScript (an action's /JS, a /JavaScript name tree or action type, XFA forms, whose scripts
 * run too), /Launch actions, embedded files (/EmbeddedFiles name tree, /EF of a file specification,
 * /Type /EmbeddedFile streams) are findings wherever they are: catalog, pages, annotations, fields.
 */
function lookAtDict(dict: PDFDict, walk: Walk): void {
  const type = dict.get(TYPE);
  if (type === PAGE) walk.pageObjects += 1;
  if (type === PAGES && !dict.has(name('Parent'))) {
    const count = dict.get(COUNT);
    if (count instanceof PDFNumber) walk.declaredPages = Math.max(walk.declaredPages, count.asNumber());
  }
  if (type === EMBEDDED_FILE || dict.has(EMBEDDED_FILES) || dict.has(EF)) walk.finding ??= 'embeddedFiles';
  const action = dict.get(S);
  if (dict.has(JS) || dict.has(JAVASCRIPT) || action === JAVASCRIPT || dict.has(XFA)) walk.finding ??= 'javascript';
  if (action === LAUNCH) walk.finding ??= 'launch';
}

/** Every dictionary inside the object (direct ones; indirect ones are objects of their own in the walk). */
function walkObject(object: PDFObject, walk: Walk): void {
  const pending: PDFObject[] = [object];
  while (pending.length > 0 && walk.finding === null) {
    const next = pending.pop()!;
    if (next instanceof PDFStream) pending.push(next.dict);
    else if (next instanceof PDFDict) {
      lookAtDict(next, walk);
      for (const [, value] of next.entries()) pending.push(value);
    } else if (next instanceof PDFArray) pending.push(...next.asArray());
    else if (next instanceof PDFInvalidObject) {
      const raw = new Uint8Array(next.sizeInBytes());
      next.copyBytesInto(raw, 0);
      const text = Buffer.from(raw).toString('latin1');
      walk.finding ??= HOSTILE_TOKENS.find(([token]) => token.test(text))?.[1] ?? null;
    }
  }
}

export async function inspectPdfBytes(bytes: Buffer, limits: PdfLimits): Promise<PdfVerdict> {
  if (!(await decompressesWithin(bytes, limits.maxDecompressedBytes))) return { ok: false, reason: 'tooLargeDecompressed' };
  let document: PDFDocument;
  try {
    // Not updating the metadata: the file is looked at, never written.
    document = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: Infinity });
  } catch (error) {
    return { ok: false, reason: error instanceof EncryptedPDFError ? 'encrypted' : 'unreadable' };
  }
  const walk: Walk = { finding: null, pageObjects: 0, declaredPages: 0 };
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (walk.finding !== null) break;
    walkObject(object, walk);
  }
  if (walk.finding !== null) return { ok: false, reason: walk.finding };
  // The page tree may lie about its count, and pages may hang outside it: the larger number decides.
  const pages = Math.max(walk.pageObjects, walk.declaredPages);
  if (pages > limits.maxPages) return { ok: false, reason: 'tooManyPages' };
  return { ok: true, pages };
}

if (parentPort) {
  const { bytes, limits } = workerData as { bytes: Uint8Array; limits: PdfLimits };
  const port = parentPort;
  inspectPdfBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), limits).then(
    (verdict) => port.postMessage(verdict),
    () => port.postMessage({ ok: false, reason: 'unreadable' } satisfies PdfVerdict),
  );
}
