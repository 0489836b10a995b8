import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { sha256Hex } from '../apps/server/src/bookings/documents/html';
import { renderContract } from '../apps/server/src/bookings/documents/render-contract';
import { renderDocumentPdf } from '../apps/server/src/bookings/document-pdf/render-document-pdf';
import { documentData, freeTerms } from '../apps/server/test/factories/documents';
import { percentile } from './percentile';

/**
 * Decision 055's target for the PDF documents: a signed contract with --dates dates (default 200) as
 * PDF/A-2b in ≤ 300 ms and ≤ 50 MB. No database and no server: the contract HTML is rendered once by
 * the one renderer (as the approval stores it), then renderDocumentPdf makes the PDF from it --runs
 * times (default 50, after --warm-up 5 that warm the JIT and read the fonts once, as a running server
 * has). Prints, not asserts: the render time p50/p95/max, the file's size and pages, how far the
 * RSS rose over the RSS before the first rendering (sampled; fonts read and parsed included), and the
 * most heap one rendering held (heapUsed after minus before, gc first when run with --expose-gc).
 *
 *   node --expose-gc --import tsx bench/pdf.ts [--dates=200] [--runs=50] [--warm-up=5]
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const DATES = Number(option('dates') ?? 200);
const RUNS = Number(option('runs') ?? 50);
const WARM_UP = Number(option('warm-up') ?? 5);
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

const reservation = documentData.reservations[0]!;
const data = {
  ...documentData,
  location: { ...documentData.location, name: 'Bjølsen skole' },
  // Weekly evenings in two rooms, as a semester loan gets them: the contract's longest part.
  reservations: Array.from({ length: DATES }, (_, i) => ({
    ...reservation,
    id: i + 1,
    bookableAssetId: 3 + (i % 2),
    roomName: i % 2 ? 'Gymsal' : 'Møterom',
    date: addDays('2030-01-07', Math.floor(i / 2) * 7),
  })),
};
const html = renderContract({ data, terms: freeTerms, today: '2030-01-02' });
const signedAt = new Date('2030-01-03T09:15:00Z');
const input = {
  html,
  title: `Kontrakt for lån og leie av lokale, saksnummer ${data.caseNumber}`,
  caseNumber: data.caseNumber,
  createdAt: signedAt,
  sha256: sha256Hex(html),
  signature: { signerName: 'Åse Ødegård', signedAt },
};

gc?.();
const rssBefore = process.memoryUsage().rss;
// The process's own peak (resourceUsage().maxRSS) is tsx's start-up, not the rendering: sample instead.
let rssPeak = rssBefore;
const sample = () => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss));
const sampler = setInterval(sample, 1);
let bytes: Uint8Array = new Uint8Array();
for (let i = 0; i < WARM_UP; i++) bytes = await renderDocumentPdf(input);

const times: number[] = [];
let heapPeak = 0;
for (let i = 0; i < RUNS; i++) {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  bytes = await renderDocumentPdf(input);
  times.push(performance.now() - start);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed - heapBefore);
  sample();
}
clearInterval(sampler);
const pages = (new TextDecoder('latin1').decode(bytes).match(/\/Type\s*\/Page\b/g) ?? []).length;

console.log(`PDF/A-2b contract, ${DATES} dates (${html.length} characters of HTML): ${bytes.length} bytes, ${pages || '?'} pages`);
console.log(
  `  render: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over ${RUNS} runs (target ≤ 300 ms)`,
);
console.log(
  `  memory: RSS ${(rssBefore / MB).toFixed(1)} MB before the first rendering, at most ${((rssPeak - rssBefore) / MB).toFixed(1)} MB more ` +
    `(fonts read and parsed included; sampled every ms and after each rendering); one rendering's heap at most ${(heapPeak / MB).toFixed(1)} MB` +
    `${gc ? '' : ' (without --expose-gc: garbage included)'} (target ≤ 50 MB)`,
);
