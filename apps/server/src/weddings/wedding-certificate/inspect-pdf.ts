import { Worker } from 'node:worker_threads';
import { PDF_CHECK_TIMEOUT_MS, PDF_MAX_DECOMPRESSED_BYTES, PDF_MAX_PAGES, type PdfRefusal } from '@lokaler/domain/pdf-upload';
import type { PdfLimits, PdfVerdict } from './inspect-pdf-worker';

export interface PdfCheckLimits extends PdfLimits {
  timeoutMs: number;
}

export const pdfCheckLimits: PdfCheckLimits = {
  maxPages: PDF_MAX_PAGES,
  maxDecompressedBytes: PDF_MAX_DECOMPRESSED_BYTES,
  timeoutMs: PDF_CHECK_TIMEOUT_MS,
};

export type PdfCheck = { ok: true; pages: number } | { ok: false; reason: PdfRefusal };

/**
 * The worker's file: the TypeScript source beside this one when the server runs from source (tests,
 * which Node runs with its types stripped), else the bundle's own entry beside dist/main.js (build.mjs).
 */
const workerUrl = import.meta.url.endsWith('.ts')
  ? new URL('./inspect-pdf-worker.ts', import.meta.url)
  : new URL('./inspect-pdf-worker.js', import.meta.url);

/**
 * At most two checks at once: each holds a worker with up to 256 MB of heap and a core, and this
 * machine class has two. Others wait their turn (their time limit starts when their check does).
 */
const MAX_CONCURRENT_CHECKS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_CHECKS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function runWorker(bytes: Uint8Array<ArrayBuffer>, limits: PdfCheckLimits): Promise<PdfCheck> {
  return new Promise((resolve) => {
    const worker = new Worker(workerUrl, {
      workerData: { bytes, limits: { maxPages: limits.maxPages, maxDecompressedBytes: limits.maxDecompressedBytes } satisfies PdfLimits },
      // Moved, not copied: the server holds the file's bytes once more only until the worker has them.
      transferList: [bytes.buffer],
      // A file built to make the parser allocate objects ends the worker, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    // pdf-lib writes warnings about broken objects: not for the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (check: PdfCheck) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(check);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    worker.once('message', (verdict: PdfVerdict) => settle(verdict));
    // Out of memory, or a crash of the parser: the file is not one the server can vouch for.
    worker.once('error', () => settle({ ok: false, reason: 'unreadable' }));
    worker.once('exit', () => settle({ ok: false, reason: 'unreadable' }));
  });
}

/**
 * Parses the PDF with a maintained PDF library in a worker thread, under limits of decompressed size,
 * pages and time (PDF_* in @lokaler/domain/pdf-upload): refuses encrypted files, JavaScript, launch
 * actions and embedded files, and anything the library cannot read.
 */
export function inspectPdf(bytes: Buffer | readonly Buffer[], limits: PdfCheckLimits = pdfCheckLimits): Promise<PdfCheck> {
  return inTurn(() => runWorker(copyForWorker(bytes), limits));
}

/** The file in one buffer of its own (the caller's bytes are stored afterwards), to move to the worker. */
function copyForWorker(bytes: Buffer | readonly Buffer[]): Uint8Array<ArrayBuffer> {
  const pieces = Buffer.isBuffer(bytes) ? [bytes] : bytes;
  const copy = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    copy.set(piece, at);
    at += piece.length;
  }
  return copy;
}
