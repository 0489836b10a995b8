import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { openDatabase } from '../apps/server/src/db/client';
import { benchDatabaseName, benchDatabaseUrl, readCityShape } from './bench-database';
import { cityShape, scaledSizes } from './city/city-shape';
import { runLoad, type LoadResult } from './load';
import { buildScenarios } from './scenarios';
import { CpuMeter } from './storm/cpu';

/**
 * npm run bench: the city-scale data set (generated when missing or made for another week), the real
 * application in one process, a bare Fastify ceiling in another, and autocannon driving both from
 * this third process, on loopback. Prints a markdown table and writes it to bench/.data/. Beside each
 * latency: the CPU time per request of the application's process and of PostgreSQL's backends serving
 * it (from /proc, found by application_name; per request sent, until the server is idle again), and the
 * load average (1 minute) before and after the run: the machine is shared, so compare by CPU time when it is busy (decision 049).
 *
 *   npm run bench                       (BENCH_SECONDS=5 / BENCH_ONLY=search-single to narrow it)
 *   npm run bench -w bench -- --seconds=5 --only=search-single,search-single-uncached
 *   npm run bench -w bench -- --only=search --database=lokaler_bench_x10     (every search-* scenario, the national set)
 *
 * --only: scenario names, comma-separated; a name also takes its variants (search: every search-…).
 * --connections=1,10: instead of each scenario's own. --no-bare: without the ceiling. --no-jobs: the application
 * without its background jobs (on a data set other processes use too).
 * --scale=N: the size generated when the database has no data set (default 1; a data set made for
 * another week is made again at its own size). --json=FILE: the rows as JSON too (the vitest project bench).
 * --data-dir=DIR: instead of bench/.data.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
// Options as --name=value, or BENCH_NAME=value (npm run bench at the root does not pass arguments on).
const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? process.env[`BENCH_${name.toUpperCase()}`];
// The bundle, the captured answers and the report; another folder for a run beside another (the vitest
// project). Inside the repository: the bundle finds the packages it loads at run time from there.
const dataDir = path.resolve(option('data-dir') ?? path.join(here, '.data'));
const seconds = Number(option('seconds') ?? 10);
const only = option('only')?.split(',');
const connectionsOption = option('connections')?.split(',').map(Number);
const withBare = !process.argv.includes('--no-bare') && process.env.BENCH_BARE !== 'off';
const withJobs = !process.argv.includes('--no-jobs') && process.env.BENCH_JOBS !== 'off';
const jsonFile = option('json');
const applicationName = `run_bench_${process.pid}`;

function started(child: ChildProcess, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}):\n${output}`)));
  });
}

async function ensureData(today: string): Promise<void> {
  const found = await readCityShape().catch(() => null);
  const scale = option('scale');
  const wanted = cityShape(today, scale ? scaledSizes(Number(scale)) : {});
  // Without --scale, a data set of any size will do (e.g. the national one, --database=lokaler_bench_x10).
  if (found && found.firstMonday === wanted.firstMonday && (!scale || found.reservations === wanted.reservations)) return;
  const sizes = scale || !found ? wanted : found;
  console.log(`Generating the city-scale data set (${found ? 'it was made for another week or size' : 'none yet'}) …`);
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(here, 'generate-city.ts'),
      `--today=${today}`,
      ...(['locations', 'rooms', 'reservations'] as const).map((k) => `--${k}=${String(sizes[k])}`),
    ],
    { stdio: 'inherit', cwd: root, env: { ...process.env, BENCH_DATABASE_URL: benchDatabaseUrl } },
  );
  if (result.status !== 0) throw new Error('generate-city failed');
}

/** Marks the plugin's own resolve calls, so they take esbuild's resolution instead of the plugin again. */
const resolving = Symbol('resolving');

async function bundleAppServer(): Promise<string> {
  const outfile = path.join(dataDir, 'app-server.mjs');
  await build({
    entryPoints: [path.join(here, 'app-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
    // Resolve packages as Node does: no bundler-only "module" field or condition.
    mainFields: ['main'],
    conditions: [],
    // As apps/server/build.mjs: workspace packages are bundled, every other package stays in node_modules.
    // Unlike dist/main.js, this bundle does not live in apps/server, so a package named in the bundle
    // would be looked up from bench/.data, in the root's node_modules: where the server depends on
    // another version than the root (lru-cache 11 against the root's 5) it would get the wrong one.
    // Each package is therefore resolved here, from the file that imports it, as Node resolves it when
    // the server runs from source, and the bundle imports that file by its path (decision 049).
    plugins: [
      {
        name: 'external-packages',
        setup: (b) =>
          b.onResolve({ filter: /^[^./]/ }, async (a) => {
            if (a.path.startsWith('@lokaler/') || a.pluginData === resolving) return undefined;
            const found = await b.resolve(a.path, { kind: a.kind, importer: a.importer, resolveDir: a.resolveDir, pluginData: resolving });
            if (found.errors.length > 0) return { errors: found.errors };
            // Node's built-in modules stay as they are named.
            return { path: found.external ? a.path : found.path, external: true };
          }),
      },
    ],
  });
  return outfile;
}

async function machine(): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl });
  await client.connect();
  const { rows } = await client.query<{ version: string }>('select version()');
  await client.end();
  return {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    postgres: rows[0]?.version.split(' on ')[0] ?? '?',
    'load average at start': os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const load1 = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/** One load run's figures, as printed and as written by --json. */
export interface BenchRow {
  scenario: string;
  title: string;
  connections: number;
  bytes: number;
  app: LoadResult;
  bare: LoadResult | null;
  /**
   * CPU time per request sent (ms): the application's process and PostgreSQL's backends serving it, until
   * the server is idle again (a request in flight when the run ends is finished and counted too).
   */
  cpu: { server: number; postgres: number };
  /** The 1-minute load average before and after the application's run. */
  load: { before: string; after: string };
}

function row(r: BenchRow): string {
  const { app, bare } = r;
  const share = bare && bare.requestsPerSecond > 0 ? `${((app.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)} %` : '–';
  const bareCells = bare ? `${ms(bare.p50)} / ${ms(bare.p95)} / ${ms(bare.p99)} | ${bare.requestsPerSecond.toFixed(1)}` : '– | –';
  const cpu = `${ms(r.cpu.server + r.cpu.postgres)} (${ms(r.cpu.server)} + ${ms(r.cpu.postgres)})`;
  return `| ${r.title} | ${r.connections} | ${(r.bytes / 1024).toFixed(0)} KiB | ${ms(app.p50)} / ${ms(app.p95)} / ${ms(app.p99)} | ${app.requestsPerSecond.toFixed(1)} | ${cpu} | ${r.load.before} → ${r.load.after} | ${bareCells} | ${share} | ${app.failures + (bare?.failures ?? 0)} |`;
}

/** PostgreSQL's backends serving the application (its connections carry applicationName). */
async function backendPids(monitor: pg.Client): Promise<number[]> {
  const { rows } = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
  return rows.map((r) => r.pid);
}

/**
 * One scenario's load on the application, with the CPU time it cost: the application's process and
 * PostgreSQL's backends (sampled every 250 ms, so a backend that starts or ends during the run counts).
 */
async function measured(
  monitor: pg.Client,
  appPid: number,
  run: () => Promise<LoadResult>,
): Promise<{ result: LoadResult; cpu: BenchRow['cpu']; load: BenchRow['load'] }> {
  const server = new CpuMeter();
  const postgres = new CpuMeter();
  const before = load1();
  server.start([appPid]);
  postgres.start(await backendPids(monitor));
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => postgres.sample(await backendPids(monitor))).catch(() => {});
  }, 250);
  let result: LoadResult;
  try {
    result = await run();
  } finally {
    clearInterval(timer);
  }
  await sampling;
  const after = load1();
  // The requests still in flight when the run ended are finished by the server (a search is not
  // cancelled with its connection): wait until the process and its backends are idle (under a tenth
  // of a core together over 250 ms, at most two minutes), so their CPU time is counted with them.
  for (let waited = 0; waited < 120_000; waited += 250) {
    const before = server.total() + postgres.total();
    await new Promise((resolve) => setTimeout(resolve, 250));
    server.sample([appPid]);
    postgres.sample(await backendPids(monitor));
    if (server.total() + postgres.total() - before < 25) break;
  }
  const sent = Math.max(1, result.sent);
  return { result, cpu: { server: server.total() / sent, postgres: postgres.total() / sent }, load: { before, after } };
}

async function main(): Promise<void> {
  fs.mkdirSync(path.join(dataDir, 'payloads'), { recursive: true });
  const today = todayInOslo(new Date());
  await ensureData(today);
  // Migrations added since the data set was made (the bundle below cannot find the migrations folder).
  const database = await openDatabase({ engine: 'postgres', url: benchDatabaseUrl, maxConnections: 1 });
  await database.migrate();
  await database.close();
  const shape = await readCityShape();
  const scenarios = (await buildScenarios(benchDatabaseUrl, today)).filter(
    (s) => !only || only.some((o) => s.name === o || s.name.startsWith(`${o}-`)),
  );
  if (scenarios.length === 0) throw new Error(`No scenario matches --only=${only?.join(',')}`);
  const bundle = await bundleAppServer();
  const appDatabaseUrl = new URL(benchDatabaseUrl);
  appDatabaseUrl.searchParams.set('application_name', applicationName);
  const monitor = new pg.Client({ connectionString: benchDatabaseUrl });
  await monitor.connect();
  const children: ChildProcess[] = [];
  try {
    const app = spawn(process.execPath, [bundle], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: appDatabaseUrl.toString(),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: 'false',
        COOKIE_SECRET: randomBytes(32).toString('hex'),
        // Production refuses the local test identity provider; no benchmark request carries a token,
        // so this issuer is never contacted.
        OIDC_ISSUER: 'https://idporten.invalid',
        // The production rails (decision 033): no benchmark request sends mail, pushes a key or asks the register.
        ALLOW_DEMO_SERVICES: 'true',
        PUBLIC_URL: 'http://127.0.0.1',
        BENCH_JOBS: withJobs ? 'on' : 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(app);
    const appPort = await started(app, 'the application');

    const sizes = new Map<string, number>();
    for (const s of scenarios) {
      // Three requests warm each scenario up (the kept rooms, JIT); an uncached one asks three questions
      // of its own, which its load run then does not ask again.
      let body = '';
      for (let i = 0; i < 3; i++) {
        const requestPath = s.next ? s.next() : s.path;
        const res = await fetch(`http://127.0.0.1:${appPort}${requestPath}`);
        body = await res.text();
        if (!res.ok) throw new Error(`${requestPath} answered ${res.status}: ${body.slice(0, 500)}`);
      }
      fs.writeFileSync(path.join(dataDir, 'payloads', `${s.name}.json`), body);
      sizes.set(s.name, Buffer.byteLength(body));
    }
    let barePort: number | undefined;
    if (withBare) {
      const bare = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bare-server.ts')], {
        cwd: root,
        env: { ...process.env, BARE_PAYLOADS: path.join(dataDir, 'payloads') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(bare);
      barePort = await started(bare, 'the bare server');
    }

    const info = await machine();
    if (shape)
      info['data set'] =
        `${benchDatabaseName()}: ${['locations', 'rooms', 'reservations'].map((k) => `${Number(shape[k]).toLocaleString('en')} ${k}`).join(', ')}`;
    const lines = [
      `| scenario | connections | response | app p50 / p95 / p99 ms | app req/s | CPU ms/request (app + PostgreSQL) | load 1 min | bare p50 / p95 / p99 ms | bare req/s | app / bare | failed |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ];
    const rows: BenchRow[] = [];
    for (const s of scenarios) {
      for (const connections of connectionsOption ?? s.connections) {
        console.log(`${s.name}, ${connections} connection(s), ${seconds} s each …`);
        const load = await measured(monitor, app.pid ?? 0, () =>
          runLoad(`http://127.0.0.1:${appPort}${s.path}`, connections, seconds, {}, s.next),
        );
        const bareResult = barePort ? await runLoad(`http://127.0.0.1:${barePort}/bare/${s.name}`, connections, seconds) : null;
        const r: BenchRow = {
          scenario: s.name,
          title: s.title,
          connections,
          bytes: sizes.get(s.name) ?? 0,
          app: load.result,
          bare: bareResult,
          cpu: load.cpu,
          load: load.load,
        };
        rows.push(r);
        lines.push(row(r));
        console.log(lines.at(-1));
      }
    }
    info['load average at end'] = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const report = [
      `Run ${new Date().toISOString()} (today ${today} in Oslo), ${seconds} s per run, loopback.`,
      '',
      ...Object.entries(info).map(([k, v]) => `- ${k}: ${v}`),
      '',
      ...lines,
      '',
      ...scenarios.map((s) => `- ${s.name}: \`GET ${s.path}\`${s.next ? ' (the first question; each request another)' : ''}`),
    ].join('\n');
    fs.writeFileSync(path.join(dataDir, 'last-run.md'), `${report}\n`);
    if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ info, rows }, null, 2));
    console.log(`\n${report}\n\n(also in ${path.relative(root, path.join(dataDir, 'last-run.md'))})`);
  } finally {
    await monitor.end();
    for (const child of children) child.kill('SIGTERM');
  }
}

await main();
