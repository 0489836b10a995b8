import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findChromium } from '../scripts/chromium.mjs';
import { logInToAdmin, logInToPortal } from './lighthouse/login';
import { observedLoad } from './lighthouse/observed';
import { figuresOf, formatTable, sectionMarker, withSection, type PageFigures, type Run } from './lighthouse/report';
import { startReferenceServer } from './lighthouse/reference';
import { startProductionServer } from './lighthouse/server';

/**
 * Decision 026: Lighthouse (mobile, default simulated throttling) on the pages a citizen and an
 * administrator land on, against the built app served as `npm start` serves it (compression on).
 * Writes the table into bench/RESULTS.md (replacing the previous Lighthouse section) and prints it.
 *
 *   npm run build && npm run lighthouse -w bench [-- --runs=3 --pages=home,search --no-write]
 *
 * --runs: runs per page, the median by performance score is reported (default 1);
 * --pages: only these (keys below; the reference page is measured first in every run, decision 050);
 * --no-write: print only. Each report's JSON is kept in
 * bench/.data/lighthouse/ for a closer look (`npx lighthouse --view` is not needed: it is the lhr).
 */
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Math.max(1, Number(option('runs') ?? 1));
const only = option('pages')?.split(',');
const write = !process.argv.includes('--no-write');

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const reportDir = path.join(benchDir, '.data/lighthouse');

/** A day far enough ahead to be bookable at every demo location: a Tuesday–Thursday. */
function weekdayAhead(days: number): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
  for (let d = days; ; d++) {
    const date = new Date(Date.parse(`${today}T12:00:00Z`) + d * 86_400_000);
    if ([2, 3, 4].includes(date.getUTCDay())) return date.toISOString().slice(0, 10);
  }
}

type Login = (page: Page, baseUrl: string) => Promise<void>;
interface Target {
  key: string;
  label: string;
  path: string;
  isPublic: boolean;
  noindex?: string;
  login?: Login;
  /** Served elsewhere than the app: the reference page's whole address (decision 050). */
  url?: string;
  reference?: boolean;
}

/** The reference page (decision 050): fixed work in fixed tasks, so the machine's load shows beside the app's figures. */
const referenceTarget = (url: string): Target => ({
  key: 'reference',
  label: 'Referanse (statisk, 8 × 10 ms arbeid)',
  path: '/',
  url,
  isPublic: true,
  reference: true,
});

async function targets(baseUrl: string): Promise<Target[]> {
  const locations = (await (await fetch(`${baseUrl}/api/location`)).json()) as { id: number; name: string }[];
  const school = locations.find((l) => l.name === 'Tåsen skole');
  if (!school) throw new Error('Tåsen skole is not in the demo data');
  const date = weekdayAhead(10);
  const search = `loanType=singleLoan&date=${date}&duration=PT2H`;
  return [
    { key: 'home', label: 'Forsiden', path: '/', isPublic: true },
    { key: 'venues', label: 'Oversikt, skoler', path: '/oversikt?kategorier=skoler', isPublic: true },
    { key: 'venue', label: 'Stedet (Tåsen skole)', path: `/sted/${school.id}`, isPublic: true },
    { key: 'search', label: 'Søk, liste', path: `/portal?searchType=list&${search}`, isPublic: true },
    { key: 'location', label: 'Lokalet (Tåsen skole)', path: `/lokale/${school.id}?${search}`, isPublic: true },
    {
      key: 'bookings',
      label: 'Mine bookinger (Kari)',
      path: '/bookinger',
      isPublic: false,
      login: (page, base) => logInToPortal(page, base, 'Kari Nordmann'),
    },
    {
      key: 'admin',
      label: 'Admin, Mine lokaler (Siri)',
      path: '/admin/',
      isPublic: false,
      login: (page, base) => logInToAdmin(page, base, 'Siri Saksbehandler'),
    },
  ];
}

/**
 * One Lighthouse navigation in `page`. On a loaded machine the trace now and then misses the
 * navigation's start (NO_NAVSTART, NO_FCP): such a run has no figures and is tried again, twice at most.
 */
async function runLighthouse(page: Page, url: string, keepStorage: boolean): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableStorageReset: keepStorage,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
    console.warn(`  ${error.code} on attempt ${attempt}: trying again`);
  }
}

/** Lighthouse's navigation in a tab of its own (logged in first when the page needs it), `runs` times. */
async function measure(browser: Browser, baseUrl: string, target: Target): Promise<Run[]> {
  const url = target.url ?? `${baseUrl}${target.path}`;
  const page = await browser.newPage();
  try {
    if (target.login) {
      await target.login(page, baseUrl);
      // The first navigation after the login still found the page's scripts in the tab's memory cache,
      // which emptying the HTTP cache does not reach (seen: 7 KB transferred against 275 KB cold); an
      // unmeasured run first, so every measured run loads cold like the pages without a login.
      await runLighthouse(page, url, true);
    }
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) {
      // A logged-in page keeps its storage (the session is in this tab's sessionStorage), so Lighthouse
      // does not reset it; the HTTP cache is emptied here instead, so every page loads cold alike.
      if (target.login) {
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
      const lhr = await runLighthouse(page, url, Boolean(target.login));
      for (const warning of lhr.runWarnings)
        console.warn(`  ${target.key}: ${typeof warning === 'string' ? warning : JSON.stringify(warning)}`);
      fs.writeFileSync(path.join(reportDir, `${target.key}${runs > 1 ? `-${i + 1}` : ''}.json`), JSON.stringify(lhr));
      console.log(
        `  ${target.key} run ${i + 1}/${runs}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, LCP ${Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)} ms`,
      );
      results.push({ lhr, observed: await observedLoad(page) });
    }
    return results;
  } finally {
    await page.close();
  }
}

const gitCommit = () => {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: benchDir }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: benchDir }).toString().trim() ? ' with uncommitted changes' : '';
    return `${head}${dirty}`;
  } catch {
    return 'unknown commit';
  }
};

fs.mkdirSync(reportDir, { recursive: true });
const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(' / ');
const loadBefore = os.loadavg();
const started = new Date();
const chromePath = findChromium();
if (!chromePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
const server = await startProductionServer();
const reference = await startReferenceServer();
const pages: PageFigures[] = [];
const benchmarkIndexes: number[] = [];
let chromiumVersion = '';
let chrome: chromeLauncher.LaunchedChrome | undefined;
// Ctrl-C stops the server and the browser too (the finally below does not run on a signal).
process.once('SIGINT', () => {
  chrome?.kill();
  void Promise.all([server.stop(), reference.stop()]).then(() => process.exit(130));
});
try {
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    logLevel: 'silent',
    handleSIGINT: false,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  chromiumVersion = await browser.version();
  const all = await targets(server.baseUrl);
  const chosen = [referenceTarget(reference.url), ...(only ? all.filter((t) => only.includes(t.key)) : all)];
  if (chosen.length === 1) throw new Error(`--pages: none of ${only?.join(', ')}; the pages are ${all.map((t) => t.key).join(', ')}`);
  for (const target of chosen) {
    console.log(`${target.label}: ${target.path}`);
    const results = await measure(browser, server.baseUrl, target);
    benchmarkIndexes.push(...results.map((r) => r.lhr.environment.benchmarkIndex));
    pages.push(figuresOf(results, target));
  }
  await browser.disconnect();
} finally {
  chrome?.kill();
  await Promise.all([server.stop(), reference.stop()]);
}

const minutes = (d: Date) => d.toISOString().slice(11, 16);
const table = formatTable(pages);
const section = [
  `## ${started.toISOString().slice(0, 10)} ${minutes(started)}–${minutes(new Date())} UTC, ${sectionMarker}`,
  '',
  `\`npm run lighthouse -w bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` on ${gitCommit()}: Lighthouse 12.2.3 in` +
    ` ${chromiumVersion}, mobile with the default simulated throttling (slow 4G, 4× CPU slowdown), each page cold in a tab of its own;` +
    ` the built app served as \`npm start\` serves it (compression on, PGlite, the demo data). ${runs > 1 ? `${runs} runs per page, the median run's figures. ` : ''}` +
    `Load average before / after: ${load(loadBefore)} → ${load(os.loadavg())} on ${os.cpus().length} cores;` +
    ` Lighthouse's CPU benchmark index ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))} (an idle desktop scores ≈ 1,000–2,000).`,
  '',
  table,
].join('\n');
console.log(`\n${section}\n`);
if (write) {
  const resultsFile = path.join(benchDir, 'RESULTS.md');
  fs.writeFileSync(resultsFile, withSection(fs.readFileSync(resultsFile, 'utf8'), section));
  console.log(`written to ${path.relative(process.cwd(), resultsFile)}`);
}
