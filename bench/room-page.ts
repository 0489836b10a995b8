/// <reference lib="dom" />
import { chromium } from 'playwright-core';
import { findChromium } from '../scripts/chromium.mjs';
import { startServer, type RunningServer } from '../e2e/support/server';

/**
 * Decision 019: how long the room page (/ressurs) takes to show its grid, in Debian's Chromium
 * against the built server (`npm start`'s bundle, demo data on a fresh PGlite), and what its data
 * costs over HTTP: the page's one request (GET /api/bookableasset/calendar) against the four calls
 * it replaced, made one after another as the page made them.
 *
 *   node scripts/build.mjs && node --import tsx bench/room-page.ts [--visits=15] [--url=http://localhost:3000]
 *
 * Each visit is a new browser context (no cache, no kept query data), so it loads the page, its
 * scripts and its data as a citizen arriving from a link does. The time is the page's own clock
 * (performance.now(), from navigation start) when the grid is in the document; the first visit warms
 * the server and is reported apart.
 */

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const visits = Number(args.get('visits') ?? 15);
const givenUrl = args.get('url');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (n=${sorted.length})`;
};

let server: RunningServer | null = null;
const baseUrl = givenUrl ?? (server = await startServer()).baseUrl;
try {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };

  // A school with several rooms: the room page of its first two, as the venue page links to it.
  const locations = await get<{ id: number; name: string; publicLocationType: string }[]>('/api/location');
  let rooms: { id: number; locationId: number }[] = [];
  let place = '';
  for (const location of locations.filter((l) => l.publicLocationType === 'SCHOOLS')) {
    rooms = await get<{ id: number; locationId: number }[]>(`/api/location/${location.id}/bookableassets`);
    place = location.name;
    if (rooms.length >= 2) break;
  }
  const ids = rooms.slice(0, 2).map((r) => r.id);
  const query = ids.map((id) => `ressurs=${id}`).join('&');
  console.log(`[room-page] ${baseUrl}/ressurs?${query} (${place})`);

  // The data alone over HTTP: the one request, and the four it replaced in their old order.
  const assetIds = ids.map((id) => `bookableAssetIds=${id}`).join('&');
  const one: number[] = [];
  const four: number[] = [];
  for (let i = 0; i < 20; i++) {
    let started = performance.now();
    const page = await get<{ week: { fromInclusive: string; toInclusive: string } }>(`/api/bookableasset/calendar?${assetIds}`);
    one.push(performance.now() - started);
    started = performance.now();
    const [assets] = await Promise.all([
      get<{ locationId: number }[]>(`/api/bookableasset?${ids.map((id) => `ids=${id}`).join('&')}`),
      get(`/api/bookableasset/firstandlastbookabledate?${assetIds}`),
    ]);
    await get(`/api/location/${assets[0]!.locationId}`);
    await get(`/api/schedule?${assetIds}&fromInclusive=${page.week.fromInclusive}&toInclusive=${page.week.toInclusive}`);
    four.push(performance.now() - started);
  }
  console.log(`[room-page] data, GET /api/bookableasset/calendar: ${summary(one.slice(1))}`);
  console.log(`[room-page] data, the four calls as the page made them (rooms ‖ bounds → location → schedule): ${summary(four.slice(1))}`);

  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const times: number[] = [];
  let requests: string[] = [];
  try {
    for (let i = 0; i <= visits; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const seen: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) seen.push(url.pathname);
      });
      await page.goto(`${baseUrl}/ressurs?${query}`, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(
        () => {
          const grid = document.querySelector('[role="grid"]');
          return grid && grid.getBoundingClientRect().height > 0 ? performance.now() : null;
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      const shownAt = (await handle.jsonValue()) as number;
      if (i === 0) console.log(`[room-page] first visit (server and caches cold): grid after ${shownAt.toFixed(0)} ms`);
      if (i === visits) {
        // Where the last visit's time went: each resource's start and end on the page's clock.
        const entries = await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
            (e) => [e.name, e.startTime, e.responseEnd] as const,
          ),
        );
        for (const [name, start, end] of entries)
          console.log(`[room-page]   ${start.toFixed(0).padStart(5)}–${end.toFixed(0).padStart(5)} ms ${new URL(name).pathname}`);
      } else times.push(shownAt);
      requests = seen;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`[room-page] API requests of a visit until the grid: ${requests.join(', ')}`);
  console.log(
    `[room-page] grid visible, from navigation start: ${summary(times)} — target ≤ 1000 ms: ${
      percentile(
        [...times].sort((a, b) => a - b),
        50,
      ) <= 1000
        ? 'met'
        : 'NOT met'
    } (median)`,
  );
} finally {
  await server?.stop();
}
