import type { Result } from 'lighthouse';

/** One measured page: what the table shows, and what Lighthouse says would help. */
export interface PageFigures {
  label: string;
  path: string;
  /** Public pages must also reach SEO ≥ 95; logged-in pages are not for search engines. */
  isPublic: boolean;
  /** The page asks not to be indexed (`<meta name="robots" content="noindex">`) because the spec says so. */
  noindex?: string;
  /** The reference page (decision 050): shown for the machine's load, no goals of its own. */
  reference?: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The longest main-thread task after Lighthouse's 4× CPU slowdown (its long-tasks audit), 0 when none is over 50 ms. */
  longestTaskMs: number;
  cls: number;
  /** Bytes on the wire for the whole load (Lighthouse's total-byte-weight). */
  transferBytes: number;
  /** Every run's performance score, when the page was measured more than once (the figures are the median run's). */
  runScores: number[];
  findings: string[];
}

/** The goals of decisions 026 (performance ≥ 95, LCP ≤ 2.0 s) and 050 (Total Blocking Time ≤ 200 ms). */
export const goals = { performance: 95, lcpMs: 2000, tbtMs: 200, accessibility: 100, bestPractices: 100, seo: 95 } as const;

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** One Lighthouse run and what the page recorded of it (observed.ts). */
export interface Run {
  lhr: Result;
  observed: string[];
}

/** The run whose performance score is the median (Lighthouse's own advice for noisy machines). */
export function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;

/** Lighthouse's advice, most valuable first: opportunities with their savings, then failing diagnostics and audits. */
function findingsOf(lhr: Result): string[] {
  const findings: string[] = [];
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 1)
    .map((a) => {
      const details = a.details as {
        overallSavingsMs?: number;
        overallSavingsBytes?: number;
        items?: { url?: string; wastedBytes?: number }[];
      };
      // The files it is about, largest saving first: 'vendor-….js 83 KB'.
      const files = (details.items ?? [])
        .filter((i) => i.url && i.wastedBytes)
        .sort((x, y) => y.wastedBytes! - x.wastedBytes!)
        .slice(0, 4)
        .map((i) => `${i.url!.split('/').pop()} ${kb(i.wastedBytes!)}`);
      return { title: a.title, savingsMs: details.overallSavingsMs ?? 0, savingsBytes: details.overallSavingsBytes ?? 0, files };
    })
    .filter((o) => o.savingsMs > 0 || o.savingsBytes > 0)
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
  for (const o of opportunities.slice(0, 5)) {
    const savings = [o.savingsMs && `≈ ${ms(o.savingsMs)}`, o.savingsBytes && kb(o.savingsBytes)].filter(Boolean).join(', ');
    findings.push(`performance: ${o.title} (${savings})${o.files.length ? `: ${o.files.join(', ')}` : ''}`);
  }
  const summary =
    (
      lhr.audits['resource-summary']?.details as
        { items?: { resourceType: string; requestCount: number; transferSize: number }[] } | undefined
    )?.items ?? [];
  const scripts = summary.find((r) => r.resourceType === 'script');
  if (scripts) findings.push(`performance: ${scripts.requestCount} scripts, ${kb(scripts.transferSize)} on the wire`);
  const diagnostics = [
    'bootup-time',
    'mainthread-work-breakdown',
    'total-byte-weight',
    'render-blocking-resources',
    'critical-request-chains',
    'long-tasks',
  ];
  for (const id of diagnostics) {
    const audit = lhr.audits[id];
    if (audit && audit.score !== null && audit.score < 0.9 && !opportunities.some((o) => o.title === audit.title)) {
      findings.push(`performance: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit && ref.weight > 0 && audit.score !== null && audit.score < 1) {
        findings.push(`${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
  }
  return findings;
}

/** Layout shifts come and go with timing (an answer before or after the first paint): the worst other run's, when it shifted more. */
function worseShifts(runs: Run[], median: Run): string[] {
  const cls = (r: Run) => numeric(r.lhr, 'cumulative-layout-shift');
  const worst = [...runs].sort((a, b) => cls(b) - cls(a))[0];
  if (!worst || worst === median || cls(worst) <= Math.max(0.1, cls(median))) return [];
  return [`performance: CLS ${cls(worst).toFixed(3)} in another run`, ...worst.observed.filter((f) => f.includes('layout shift'))];
}

/** The longest task of Lighthouse's long-tasks audit (simulated at 4× CPU, tasks over 50 ms only). */
function longestTask(lhr: Result): number {
  const items = (lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  return Math.max(0, ...items.map((i) => i.duration ?? 0));
}

export function figuresOf(runs: Run[], page: Pick<PageFigures, 'label' | 'path' | 'isPublic' | 'noindex' | 'reference'>): PageFigures {
  const median = medianRun(runs);
  const lhr = median.lhr;
  return {
    ...page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    longestTaskMs: longestTask(lhr),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    transferBytes: numeric(lhr, 'total-byte-weight'),
    runScores: runs.length > 1 ? runs.map((r) => score(r.lhr, 'performance')) : [],
    findings: [...findingsOf(lhr), ...median.observed, ...worseShifts(runs, median)],
  };
}

/** The goals a page misses, in words ('performance 62', 'LCP 5.1 s'); empty when it meets them all. */
export function missedGoals(page: PageFigures): string[] {
  const missed: string[] = [];
  if (page.reference) return missed;
  if (page.performance < goals.performance) missed.push(`performance ${page.performance}`);
  if (!(page.lcpMs <= goals.lcpMs)) missed.push(`LCP ${(page.lcpMs / 1000).toFixed(1)} s`);
  if (!(page.tbtMs <= goals.tbtMs)) missed.push(`TBT ${ms(page.tbtMs)}`);
  if (page.accessibility < goals.accessibility) missed.push(`accessibility ${page.accessibility}`);
  if (page.bestPractices < goals.bestPractices) missed.push(`best practices ${page.bestPractices}`);
  if (page.isPublic && page.seo < goals.seo) missed.push(`SEO ${page.seo}`);
  return missed;
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** The table of every page, then each page that misses a goal with Lighthouse's advice. */
export function formatTable(pages: PageFigures[]): string {
  const lines = [
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | longest task | CLS | transferred |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...pages.map((p) => {
      const perf = p.runScores.length ? `${p.performance} (runs ${p.runScores.join(', ')})` : String(p.performance);
      const seo = !p.isPublic ? `${p.seo} ¹` : p.noindex ? `${p.seo} ²` : String(p.seo);
      const label = p.reference ? `${p.label} ³` : `${p.label} \`${p.path}\``;
      return `| ${label} | ${perf} | ${p.accessibility} | ${p.bestPractices} | ${seo} | ${seconds(p.fcpMs)} | ${seconds(p.lcpMs)} | ${ms(p.tbtMs)} | ${p.longestTaskMs ? ms(p.longestTaskMs) : '–'} | ${p.cls.toFixed(3)} | ${kb(p.transferBytes)} |`;
    }),
  ];
  if (pages.some((p) => !p.isPublic))
    lines.push('', '¹ logged in: not for search engines, so no SEO goal (the admin app is also `Disallow`ed in robots.txt).');
  const noindex = pages.filter((p) => p.isPublic && p.noindex);
  if (noindex.length) {
    lines.push(
      '',
      `² marked noindex (${noindex.map((p) => `${p.label}: ${p.noindex}`).join('; ')}). Lighthouse's "Page is blocked from indexing" costs SEO about 37 points; SEO ≥ ${goals.seo} there needs that choice undone.`,
    );
  }
  if (pages.some((p) => p.reference))
    lines.push(
      '',
      "³ the reference page (decision 050, bench/lighthouse/reference.ts): static HTML and eight tasks of the same fixed work (≈ 10 ms of CPU each on this machine idle), measured in the same run. Idle, it scores 100 with no blocking time; its TBT is what the machine's load alone adds. No goals of its own.",
    );
  const measured = pages.filter((p) => !p.reference);
  const missing = measured.filter((p) => missedGoals(p).length);
  lines.push(
    '',
    `Goals: performance ≥ ${goals.performance}, LCP ≤ ${seconds(goals.lcpMs)}, TBT ≤ ${ms(goals.tbtMs)}, accessibility ${goals.accessibility}, best practices ${goals.bestPractices}, SEO ≥ ${goals.seo} on public pages. ` +
      (missing.length ? `Met by ${measured.length - missing.length} of ${measured.length} pages.` : 'Met by every page.'),
  );
  for (const page of missing) {
    lines.push('', `**${page.label}** misses ${missedGoals(page).join(', ')}. Lighthouse:`, ...page.findings.map((f) => `- ${f}`));
  }
  return lines.join('\n');
}

/** Marks the section this script owns in bench/RESULTS.md: a rerun replaces it. */
export const sectionMarker = 'Lighthouse, mobile (issue 15 point 3)';

/**
 * RESULTS.md with `section` (starting with its `## ` heading) as the newest entry: above the first
 * dated section, and instead of the previous Lighthouse section wherever that was.
 */
export function withSection(results: string, section: string): string {
  const lines = results.split('\n');
  const start = lines.findIndex((l) => l.startsWith('## ') && l.includes(sectionMarker));
  if (start >= 0) {
    const next = lines.findIndex((l, i) => i > start && l.startsWith('## '));
    lines.splice(start, (next < 0 ? lines.length : next) - start);
  }
  const first = lines.findIndex((l) => l.startsWith('## '));
  const body = section.trimEnd().split('\n').concat('');
  if (first < 0) lines.push('', ...body);
  else lines.splice(first, 0, ...body);
  return lines.join('\n');
}
