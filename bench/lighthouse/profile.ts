import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Page } from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map';
import { findChromium } from '../../scripts/chromium.mjs';
import { logInToAdmin, logInToPortal } from './login';
import { startProductionServer } from './server';

/**
 * Where a page's main thread goes (decisions 025 and 026): loads each page cold with the CPU slowed 4× (as
 * Lighthouse's mobile mode simulates it) and prints the long tasks, the layout shifts and the CPU
 * profile's self time by original source file (through the build's source maps).
 *
 *   npm run build && node --import tsx bench/lighthouse/profile.ts [location,search,...]
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const only = process.argv
  .slice(2)
  .find((a) => !a.startsWith('--'))
  ?.split(',');
/** --tasks-from=MS: with --tasks, every task of at least MS ms of CPU, not only the long ones (to see a split task's parts). */
const listFrom = process.argv.find((a) => a.startsWith('--tasks-from='))?.split('=')[1];
/** --cpu=N: instead of the profile, N cold loads per page with a trace, and the main thread's CPU time (see cpuOfLoad). */
const cpuRuns = Number(process.argv.find((a) => a.startsWith('--cpu='))?.split('=')[1] ?? 0);
const server = await startProductionServer();
const base = server.baseUrl;
const locations = (await (await fetch(`${base}/api/location`)).json()) as { id: number; name: string }[];
const school = locations.find((l) => l.name === 'Tåsen skole')!;
const date = new Date(Date.now() + 11 * 86_400_000).toISOString().slice(0, 10);
const search = `loanType=singleLoan&date=${date}&duration=PT2H`;
const pages: { key: string; path: string; login?: (p: Page, b: string) => Promise<void> }[] = [
  { key: 'home', path: '/' },
  { key: 'overview', path: '/oversikt?kategorier=skoler' },
  { key: 'venue', path: `/sted/${school.id}` },
  { key: 'search', path: `/portal?searchType=list&${search}` },
  { key: 'location', path: `/lokale/${school.id}?${search}` },
  { key: 'bookings', path: '/bookinger', login: (p, b) => logInToPortal(p, b, 'Kari Nordmann') },
  { key: 'admin', path: '/admin/', login: (p, b) => logInToAdmin(p, b, 'Siri Saksbehandler') },
];
const consumers = new Map<string, SourceMapConsumer | null>();
async function consumerFor(url: string) {
  if (!consumers.has(url)) {
    const rel = new URL(url).pathname;
    const app = rel.startsWith('/admin/') ? 'apps/admin/dist' : 'apps/portal/dist';
    const file = path.join(repoRoot, app, rel.replace(/^\/admin/, '')) + '.map';
    consumers.set(url, fs.existsSync(file) ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null);
  }
  return consumers.get(url)!;
}

interface TraceEvent {
  name: string;
  ph: string;
  id?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}
/**
 * The renderer main thread's own CPU time in a load's trace (each task's thread time, `tdur`, which a
 * busy machine does not inflate the way it does wall time), and the blocking time Lighthouse would
 * simulate from it: Σ max(0, 4 × task − 50 ms), Lighthouse's 4× CPU slowdown applied to real CPU time.
 */
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
/**
 * The trace's sampled JavaScript on one thread (the `disabled-by-default-v8.cpu_profiler` category): each sample's
 * time on the trace's clock and its stack's leaf node, to say what a long task's script was (`--tasks`).
 */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  type Data = { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
  const mine = events.filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk'));
  const start = mine.find((e) => e.name === 'Profile' && e.tid === tid);
  if (!start) return { nodes, samples };
  let clock = (start.args?.data as Data | undefined)?.startTime ?? start.ts;
  for (const chunk of mine.filter((e) => e.name === 'ProfileChunk' && e.id === start.id)) {
    const data = chunk.args?.data as Data;
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += data.timeDeltas?.[i] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  return { nodes, samples };
}
/** Where a frame is in the sources (through the build's source maps): 'file function:line', or null outside the app's scripts. */
async function sourceOf(frame: ProfileNode['callFrame']): Promise<string | null> {
  // A trace's frames leave out an empty url and a missing line.
  if (!frame.url?.startsWith('http') || !(frame.lineNumber >= 0)) return null;
  const pos = (await consumerFor(frame.url))?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos?.source) return null;
  return `${pos.source.replace(/^(\.\.\/)+/, '').replace(/.*node_modules\//, 'nm/')} ${pos.name ?? frame.functionName}:${pos.line}`;
}
/** A long task's sampled script: the busiest leaf files (nm/ package or source file), each with the nearest own frame under it. */
async function sampledScript(task: TraceEvent, profile: ReturnType<typeof samplesOf>): Promise<string> {
  const inside = profile.samples.filter((s) => s.ts >= task.ts && s.ts < task.ts + task.dur!);
  if (!inside.length) return '';
  const counts = new Map<string, number>();
  for (const s of inside) {
    const leaf = profile.nodes.get(s.node);
    if (!leaf || leaf.callFrame.functionName === '(idle)') continue;
    const leafSource = (await sourceOf(leaf.callFrame)) ?? `(${leaf.callFrame.functionName || 'native'})`;
    // --tasks-by-function: the leaf's function and line, not only its package or file.
    const file = process.argv.includes('--tasks-by-function')
      ? leafSource
      : leafSource.split(' ')[0]!.replace(/^(nm\/(@[^/]+\/)?[^/]+)\/.*/, '$1');
    let own = '';
    for (let n: ProfileNode | undefined = leaf; n && !own; n = n.parent === undefined ? undefined : profile.nodes.get(n.parent)) {
      const src = await sourceOf(n.callFrame);
      if (src && !src.startsWith('nm/') && /(^|\/)src\//.test(src)) own = src.replace(/^.*?\/src\//, '');
    }
    const key = own ? `${file} < ${own}` : file;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, process.argv.includes('--tasks-by-function') ? 8 : 4)
    .map(([k, v]) => `${k} ${Math.round((100 * v) / total)} %`)
    .join('; ');
}
async function cpuOfLoad(events: TraceEvent[]): Promise<{ cpuMs: number; tasks: number; blockingMs: number; detail: string }> {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = { cpuMs: 0, tasks: 0, blockingMs: 0, detail: '' };
  for (const m of mains) {
    const tasks = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask' && e.tdur !== undefined);
    const cpu = tasks.reduce((sum, e) => sum + e.tdur! / 1000, 0);
    const long = tasks.filter((e) => (4 * e.tdur!) / 1000 > 50);
    const blocking = long.reduce((sum, e) => sum + (4 * e.tdur!) / 1000 - 50, 0);
    // What each long task did: its direct pieces of work (script by file, layout, style, paint), by thread time.
    const listed = listFrom === undefined ? long : tasks.filter((e) => e.tdur! / 1000 >= Number(listFrom));
    const profile = samplesOf(events, m.pid, m.tid);
    const scripts = new Map<TraceEvent, string>();
    for (const task of listed) scripts.set(task, await sampledScript(task, profile));
    const detail = listed
      .map((task) => {
        const inside = events.filter(
          (e) =>
            e.pid === m.pid &&
            e.tid === m.tid &&
            e.ph === 'X' &&
            e.ts >= task.ts &&
            e.ts < task.ts + task.dur! &&
            e !== task &&
            e.tdur !== undefined &&
            [
              'EvaluateScript',
              'FunctionCall',
              'v8.callFunction',
              'TimerFire',
              'Layout',
              'UpdateLayoutTree',
              'Paint',
              'ParseHTML',
              'RunMicrotasks',
              'v8.evaluateModule',
              'EventDispatch',
              'FireAnimationFrame',
            ].includes(e.name),
        );
        const parts = new Map<string, number>();
        for (const e of inside) {
          const url = e.args?.data?.url ? new URL(e.args.data.url, 'http://x').pathname.replace(/^\/assets\//, '') : '';
          const key = `${e.name}${url ? ` ${url}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}`;
          parts.set(key, (parts.get(key) ?? 0) + e.tdur! / 1000);
        }
        const top = [...parts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join('; ');
        const script = scripts.get(task);
        return `      task ${(task.tdur! / 1000).toFixed(1)} ms CPU: ${top}${script ? `\n        sampled script: ${script}` : ''}`;
      })
      .join('\n');
    if (cpu > best.cpuMs) best = { cpuMs: cpu, tasks: long.length, blockingMs: blocking, detail };
  }
  return best;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const browser = await puppeteer.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--headless=new'] });
try {
  if (cpuRuns > 0) {
    for (const target of pages.filter((p) => !only || only.includes(p.key))) {
      const runs: Awaited<ReturnType<typeof cpuOfLoad>>[] = [];
      for (let i = 0; i < cpuRuns; i++) {
        const page = await browser.newPage();
        await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
        if (target.login) await target.login(page, base);
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
        // With --tasks, the sampled script too (what each long task's JavaScript was; a little CPU of its own).
        if (process.argv.includes('--tasks')) categories.push('disabled-by-default-v8.cpu_profiler');
        await page.tracing.start({ categories });
        await page.goto(`${base}${target.path}`, { waitUntil: 'networkidle0' });
        await new Promise((r) => setTimeout(r, 1000));
        const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString('utf8')) as { traceEvents: TraceEvent[] };
        runs.push(await cpuOfLoad(trace.traceEvents));
        await page.close();
      }
      console.log(
        `${target.key.padEnd(9)} main-thread CPU ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms, tasks over 50 ms at 4× ${median(runs.map((r) => r.tasks))}, blocking at 4× ${median(runs.map((r) => r.blockingMs)).toFixed(0)} ms (median of ${cpuRuns}; runs: ${runs.map((r) => `${r.cpuMs.toFixed(0)}/${r.blockingMs.toFixed(0)}`).join(' ')})`,
      );
      if (process.argv.includes('--tasks')) console.log(`    the last run's long tasks:\n${runs.at(-1)!.detail}`);
    }
  }
  for (const target of pages.filter((p) => cpuRuns === 0 && (!only || only.includes(p.key)))) {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    if (target.login) await target.login(page, base);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluateOnNewDocument(
      `window.__tasks=[];new PerformanceObserver(l=>{for(const e of l.getEntries())window.__tasks.push([Math.round(e.startTime),Math.round(e.duration)])}).observe({type:'longtask',buffered:true});`,
    );
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}${target.path}`, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, 1500));
    const { profile } = (await cdp.send('Profiler.stop')) as {
      profile: {
        nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number } }[];
        samples: number[];
        timeDeltas: number[];
      };
    };
    const observed = (await page.evaluate(
      `new Promise(r=>{const s=[];let lcp;new PerformanceObserver(l=>{for(const e of l.getEntries())s.push(e.value.toFixed(3)+'@'+Math.round(e.startTime)+' '+e.sources.map(x=>x.node&&(x.node.tagName||'#text')+'.'+(x.node.className||'')).join(','))}).observe({type:'layout-shift',buffered:true});new PerformanceObserver(l=>{lcp=l.getEntries().at(-1)}).observe({type:'largest-contentful-paint',buffered:true});setTimeout(()=>r({tasks:window.__tasks,shifts:s,lcp:lcp&&(Math.round(lcp.startTime)+' '+lcp.element?.tagName+' '+(lcp.element?.textContent||'').slice(0,40)),fcp:Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime)}),100)})`,
    )) as { tasks: number[][]; shifts: string[]; lcp: string; fcp: number };
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byFile = new Map<string, number>();
    const byFn = new Map<string, number>();
    for (const node of profile.nodes) {
      const t = (self.get(node.id) ?? 0) / 1000;
      if (!t) continue;
      const { url, functionName, lineNumber, columnNumber } = node.callFrame;
      let where = url ? new URL(url).pathname : `(${functionName || 'native'})`;
      let fn = functionName;
      if (url.startsWith('http')) {
        const c = await consumerFor(url);
        const pos = lineNumber < 0 ? null : c?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
        if (pos?.source) {
          where = pos.source.replace(/^(\.\.\/)+/, '').replace(/node_modules\//, 'nm/');
          fn = `${pos.name ?? functionName}:${pos.line}`;
        }
      }
      byFile.set(where, (byFile.get(where) ?? 0) + t);
      byFn.set(`${where} ${fn}`, (byFn.get(`${where} ${fn}`) ?? 0) + t);
    }
    // Inclusive time of the project's own functions (components, hooks, helpers): every frame on a sample's stack.
    const parent = new Map<number, number>();
    for (const node of profile.nodes as { id: number; children?: number[] }[]) for (const c of node.children ?? []) parent.set(c, node.id);
    const label = new Map<number, string>();
    for (const node of profile.nodes) {
      const { url, functionName, lineNumber, columnNumber } = node.callFrame;
      if (!url.startsWith('http') || lineNumber < 0) continue;
      const pos = (await consumerFor(url))?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (pos?.source && /(^|\/)src\//.test(pos.source) && !pos.source.includes('node_modules'))
        label.set(
          node.id,
          `${lineNumber === 0 && columnNumber === 0 ? `[top of ${new URL(url).pathname}] ` : ''}${pos.source.replace(/^(\.\.\/)+/, '')} ${pos.name ?? functionName}:${pos.line}`,
        );
    }
    const inclusive = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const seen = new Set<string>();
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        const l = label.get(n);
        if (l && !seen.has(l)) {
          seen.add(l);
          inclusive.set(l, (inclusive.get(l) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
        }
      }
    });
    // Busy stretches: 50 ms windows with their busiest files and own functions, to match the long tasks.
    const windows = new Map<number, Map<string, number>>();
    let clock = 0;
    const fileOf = new Map<number, string>();
    for (const node of profile.nodes) {
      const { url, functionName, lineNumber, columnNumber } = node.callFrame;
      let where = url ? new URL(url).pathname : `(${functionName || 'native'})`;
      if (url.startsWith('http') && lineNumber >= 0) {
        const pos = (await consumerFor(url))?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
        if (pos?.source)
          where = pos.source
            .replace(/^(\.\.\/)+/, '')
            .replace(/.*node_modules\//, 'nm/')
            .replace(/^(nm\/(@[^/]+\/)?[^/]+)\/.*/, '$1');
      }
      fileOf.set(node.id, where);
    }
    profile.samples.forEach((id, i) => {
      clock += (profile.timeDeltas[i] ?? 0) / 1000;
      const where = fileOf.get(id) ?? '?';
      if (where === '((idle))') return;
      const w = Math.floor(clock / 100) * 100;
      const m = windows.get(w) ?? new Map<string, number>();
      windows.set(w, m);
      // the nearest own-code frame on the stack says which component or helper it was for
      let own = '';
      for (let n: number | undefined = id; n !== undefined && !own; n = parent.get(n)) own = label.get(n) ?? '';
      const key = own ? `${where} < ${own.replace(/^.*\/src\//, '')}` : where;
      m.set(key, (m.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    const busy = [...windows].filter(([, m]) => [...m.values()].reduce((a, b) => a + b, 0) > 50);
    const busyText = busy
      .map(
        ([w, m]) =>
          `    ${w} ms: ${[...m.values()].reduce((a, b) => a + b, 0).toFixed(0)} ms busy: ${[...m]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 5)
            .map(([k, v]) => `${k} ${v.toFixed(0)}`)
            .join('; ')}`,
      )
      .join('\n');
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `    ${v.toFixed(0).padStart(5)} ms ${k}`)
        .join('\n');
    const longTotal = observed.tasks.reduce((s, t) => s + Math.max(0, t[1]! - 50), 0);
    console.log(
      `== ${target.key} ${target.path}\n  FCP ${observed.fcp} ms, LCP ${observed.lcp}\n  long tasks (4× CPU): ${observed.tasks.length}, blocking ${longTotal} ms: ${observed.tasks.map((t) => `${t[0]}+${t[1]}`).join(' ')}\n  shifts: ${observed.shifts.join(' | ') || 'none'}`,
    );
    console.log(
      `  by file:\n${top(byFile, 14)}\n  by function:\n${top(byFn, 14)}\n  inclusive, own code:\n${top(inclusive, 25)}\n  busy 100 ms windows (from the profile's start):\n${busyText}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
