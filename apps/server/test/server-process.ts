import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// In a file of its own so that e2e/support/server.ts can use it without loading pg; also exported here,
// beside the process and database helpers it goes with.
export { freePort };

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** An empty PostgreSQL database with a random name on `serverUrl`'s server; drop() removes it. */
export async function createScratchDatabase(serverUrl: string, prefix = 'lokaler_scratch'): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (its JSON log lines). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The server's entry: the bundle the server projects' global setup made (build-server.ts: what
 * production runs, started in a second), else apps/server/src/main.ts through tsx (no build needed:
 * the benchmarks outside Vitest).
 */
export function serverEntry(): string[] {
  const bundle = process.env.LOKALER_TEST_SERVER_BUNDLE;
  return bundle && fs.existsSync(bundle) ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'apps/server/src/main.ts'];
}

/** The variable that hands the run's migrated PGlite (template-database.ts) to startServerProcess in the test workers. */
export const PGLITE_TEMPLATE_VARIABLE = 'LOKALER_TEST_PGLITE_TEMPLATE';

/**
 * Unpacks a dumpDataDir() tarball (plain ustar: directories and files, short names) into `dir`: the data folder
 * PGlite opens in a server process then needs neither an initdb nor the migrations (decision 072).
 */
export function unpackPgliteTemplate(tarball: string, dir: string): void {
  const tar = fs.readFileSync(tarball);
  const text = (from: number, length: number) => tar.toString('latin1', from, from + length).replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    const name = text(at, 100);
    if (!name) break;
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = text(at + 156, 1) || '0';
    const target = path.join(dir, path.posix.join(text(at + 345, 155), name).replace(/^\/+/, ''));
    if (!target.startsWith(dir + path.sep)) throw new Error(`${tarball}: ${name} lies outside the data folder`);
    if (type === '5') fs.mkdirSync(target, { recursive: true });
    else if (type === '0') {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(at + 512, at + 512 + size));
    } else throw new Error(`${tarball}: ${name} is neither a file nor a folder (type ${type})`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * Starts the server (serverEntry: its test bundle, or main.ts through tsx) as its own process on a free port,
 * and waits until /api/health/ready answers 200. `env` adds to or overrides a quiet test
 * environment: no demo data, no SPAs (no build needed), warnings only, its own DATA_DIR.
 * On PGlite (no DATABASE_URL) an empty data folder starts as a copy of the run's migrated template when the
 * server projects' global setup made one, as every test file's database does (decision 072): the process
 * still runs its migrations, finding them applied, but skips the initdb and the migrations' seconds of CPU.
 * A fresh start on an empty folder stays covered by e2e (its server) and migrate-with-lock.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { startTimeoutMs?: number; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-process-'));
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (!env.DATABASE_URL && template && fs.existsSync(template) && (!fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0))
    unpackPgliteTemplate(template, path.resolve(dataDir));
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'OIDC_ISSUER', 'ADMIN_OIDC_ISSUER']) delete childEnv[name];
  const child = spawn(process.execPath, serverEntry(), {
    cwd: repoRoot,
    env: {
      ...childEnv,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      SERVE_SPAS: 'false',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server was not ready within ${options.startTimeoutMs ?? 180_000} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl,
    port,
    child,
    output: () => output,
    exited,
    stop: async (graceMs = 12_000) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      }
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
