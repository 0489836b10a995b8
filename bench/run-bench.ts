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
import { benchDatabaseUrl, readCityShape } from './bench-database';
import { cityShape } from './city/city-shape';
import { runLoad, type LoadResult } from './load';
import { buildScenarios, type Scenario } from './scenarios';

/**
 * npm run bench: the city-scale data set (generated when missing or made for another week), the real
 * application in one process, a bare Fastify ceiling in another, and autocannon driving both from
 * this third process, on loopback. Prints a markdown table and writes it to bench/.data/.
 *
 *   npm run bench                       (BENCH_SECONDS=5 / BENCH_ONLY=search-single to narrow it)
 *   npm run bench -w bench -- --seconds=5 --only=search-single
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const dataDir = path.join(here, '.data');
// Options as --name=value, or BENCH_NAME=value (npm run bench at the root does not pass arguments on).
const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? process.env[`BENCH_${name.toUpperCase()}`];
const seconds = Number(option('seconds') ?? 10);
const only = option('only');

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
  const wanted = cityShape(today);
  const found = await readCityShape().catch(() => null);
  if (found && found.firstMonday === wanted.firstMonday && found.reservations === wanted.reservations) return;
  console.log(`Generating the city-scale data set (${found ? 'it was made for another week' : 'none yet'}) …`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'generate-city.ts'), `--today=${today}`], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) throw new Error('generate-city failed');
}

async function bundleAppServer(): Promise<string> {
  const outfile = path.join(dataDir, 'app-server.mjs');
  await build({
    entryPoints: [path.join(here, 'app-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // As apps/server/build.mjs: workspace packages are bundled, every other package stays in node_modules.
    plugins: [
      {
        name: 'external-packages',
        setup: (b) =>
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@lokaler/') ? undefined : { path: a.path, external: true })),
      },
    ],
  });
  // At run time the bundle finds the external packages in the repository's node_modules, above it.
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

function row(s: Scenario, connections: number, bytes: number, app: LoadResult, bare: LoadResult): string {
  const share = bare.requestsPerSecond > 0 ? `${((app.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)} %` : '–';
  return `| ${s.title} | ${connections} | ${(bytes / 1024).toFixed(0)} KiB | ${ms(app.p50)} / ${ms(app.p95)} / ${ms(app.p99)} | ${app.requestsPerSecond.toFixed(1)} | ${ms(bare.p50)} / ${ms(bare.p95)} / ${ms(bare.p99)} | ${bare.requestsPerSecond.toFixed(1)} | ${share} | ${app.failures + bare.failures} |`;
}

async function main(): Promise<void> {
  fs.mkdirSync(path.join(dataDir, 'payloads'), { recursive: true });
  const today = todayInOslo(new Date());
  await ensureData(today);
  // Migrations added since the data set was made (the bundle below cannot find the migrations folder).
  const database = await openDatabase({ engine: 'postgres', url: benchDatabaseUrl, maxConnections: 1 });
  await database.migrate();
  await database.close();
  const scenarios = (await buildScenarios(benchDatabaseUrl, today)).filter((s) => !only || s.name === only);
  const bundle = await bundleAppServer();
  const children: ChildProcess[] = [];
  try {
    const app = spawn(process.execPath, [bundle], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: benchDatabaseUrl,
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
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(app);
    const appPort = await started(app, 'the application');

    const sizes = new Map<string, number>();
    for (const s of scenarios) {
      let body = '';
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`http://127.0.0.1:${appPort}${s.path}`);
        body = await res.text();
        if (!res.ok) throw new Error(`${s.path} answered ${res.status}: ${body.slice(0, 500)}`);
      }
      fs.writeFileSync(path.join(dataDir, 'payloads', `${s.name}.json`), body);
      sizes.set(s.name, Buffer.byteLength(body));
    }
    const bare = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'bare-server.ts')], {
      cwd: root,
      env: { ...process.env, BARE_PAYLOADS: path.join(dataDir, 'payloads') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(bare);
    const barePort = await started(bare, 'the bare server');

    const info = await machine();
    const lines = [
      `| scenario | connections | response | app p50 / p95 / p99 ms | app req/s | bare p50 / p95 / p99 ms | bare req/s | app / bare | failed |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ];
    for (const s of scenarios) {
      for (const connections of s.connections) {
        console.log(`${s.name}, ${connections} connection(s), ${seconds} s each …`);
        const appResult = await runLoad(`http://127.0.0.1:${appPort}${s.path}`, connections, seconds);
        const bareResult = await runLoad(`http://127.0.0.1:${barePort}/bare/${s.name}`, connections, seconds);
        lines.push(row(s, connections, sizes.get(s.name) ?? 0, appResult, bareResult));
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
      ...scenarios.map((s) => `- ${s.name}: \`GET ${s.path}\``),
    ].join('\n');
    fs.writeFileSync(path.join(dataDir, 'last-run.md'), `${report}\n`);
    console.log(`\n${report}\n\n(also in bench/.data/last-run.md)`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

await main();
