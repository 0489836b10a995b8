import { describe, expect, it } from 'vitest';
import { PDF_MAX_PAGES } from '@lokaler/domain/pdf-upload';
import {
  embeddedFilePdf,
  encryptedPdf,
  escapedJavaScriptPdf,
  launchActionPdf,
  lyingPageTreePdf,
  normalPdf,
  openActionJavaScriptPdf,
  zipBombPdf,
} from '../../../test/factories/pdf';
import { inspectPdf, pdfCheckLimits } from './inspect-pdf';

describe('inspectPdf: the uploaded PDF parsed in a worker under limits', () => {
  it('accepts a normal PDF and counts its pages', async () => {
    expect(await inspectPdf(await normalPdf(3))).toEqual({ ok: true, pages: 3 });
  });

  it("accepts the same file in the pieces the upload's body parser decodes it into", async () => {
    const file = await normalPdf(2);
    expect(await inspectPdf([file.subarray(0, 100), file.subarray(100, 1000), file.subarray(1000)])).toEqual({ ok: true, pages: 2 });
  });

  it('refuses a zip bomb: a stream of a few kB that inflates to 256 MiB stops at the decompressed-size limit', async () => {
    const bomb = await zipBombPdf();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // What stops it is the size limit, whatever the machine's load: the check's time limit is out of the way here
    // (it is shown on its own below), so a busy CI machine cannot turn the answer into 'timeout' (decision 072).
    const patient = { ...pdfCheckLimits, timeoutMs: 50_000 };
    expect(await inspectPdf(bomb, patient)).toEqual({ ok: false, reason: 'tooLargeDecompressed' });
    // The same kind of stream under the limit is an ordinary file.
    expect(await inspectPdf(await zipBombPdf(1024 * 1024), patient)).toEqual({ ok: true, pages: 1 });
  }, 60_000);

  it(`refuses more than ${PDF_MAX_PAGES} pages, also when the page tree says fewer`, async () => {
    expect(await inspectPdf(await normalPdf(PDF_MAX_PAGES))).toEqual({ ok: true, pages: PDF_MAX_PAGES });
    expect(await inspectPdf(await normalPdf(PDF_MAX_PAGES + 1))).toEqual({ ok: false, reason: 'tooManyPages' });
    expect(await inspectPdf(lyingPageTreePdf(PDF_MAX_PAGES + 1))).toEqual({ ok: false, reason: 'tooManyPages' });
  }, 60_000);

  it('refuses an encrypted PDF', async () => {
    expect(await inspectPdf(await encryptedPdf())).toEqual({ ok: false, reason: 'encrypted' });
  });

  it('refuses JavaScript run at opening (/OpenAction … /JS), also inside a compressed object stream and behind escaped names', async () => {
    const saved = await openActionJavaScriptPdf();
    expect(saved.includes('/JavaScript')).toBe(false);
    expect(await inspectPdf(saved)).toEqual({ ok: false, reason: 'javascript' });
    expect(await inspectPdf(escapedJavaScriptPdf())).toEqual({ ok: false, reason: 'javascript' });
  });

  it('refuses a /Launch action and embedded files', async () => {
    expect(await inspectPdf(launchActionPdf())).toEqual({ ok: false, reason: 'launch' });
    expect(await inspectPdf(await embeddedFilePdf())).toEqual({ ok: false, reason: 'embeddedFiles' });
  });

  it('refuses what is not a PDF past its first bytes, and stops a check that takes too long', async () => {
    expect(await inspectPdf(Buffer.from('%PDF-\x00\x01\x02\xff binary', 'latin1'))).toEqual({ ok: false, reason: 'unreadable' });
    expect(await inspectPdf(await normalPdf(1), { ...pdfCheckLimits, timeoutMs: 1 })).toEqual({ ok: false, reason: 'timeout' });
  });
});
