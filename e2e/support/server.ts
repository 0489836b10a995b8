import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/free-port';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  /** `http://localhost:{port}`: the configured public address, so the local login's redirects come back to it. */
  baseUrl: string;
  /** The server's DATA_DIR: its local mail service writes each e-mail to `mail/` there (the dev mailbox). */
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Set in the server's environment instead of the e2e suite's settings; `undefined` removes a variable the caller's environment has. */
  env?: Record<string, string | undefined>;
  /** Built files the run needs besides the server bundle (paths from the repository's root). */
  requires?: string[];
  /** The name of the empty data folder in the system's temporary folder starts with this. */
  dataDirPrefix?: string;
  /** Check every /api answer against the OpenAPI document and append each mismatch to this file (decision 060). */
  responseCheckFile?: string;
}

const e2eEnv = {
  NODE_ENV: 'test',
  // No internet here: tiles from a port nobody answers show the map as it is without its background.
  MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
  // A wedding wizard's page that went away lets its time go after 20 s instead of 60 (decision 038), so a closed tab is seen
  // within a test. Not less: a test's axe pass at two widths on the page between can take over 10 s on a busy machine.
  WEDDING_WIZARD_RETURN_SECONDS: '20',
};

/** The server always runs on its own PGlite and identity provider, whatever the caller's environment points at. */
function serverEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'OIDC_ISSUER', 'ADMIN_OIDC_ISSUER']) delete env[name];
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * Starts apps/server/dist/main.js exactly as `npm start` does (the build is made by `npm test`
 * before the e2e suite runs), on its own port and an empty PGlite data folder. By default as the e2e
 * suite wants it (NODE_ENV=test, map tiles from nowhere, a short wedding return); `options.env` instead.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  for (const built of [main, ...(options.requires ?? [])]) {
    if (!fs.existsSync(path.resolve(repoRoot, built)))
      throw new Error(`${built} is missing: run \`node scripts/build.mjs\` first (npm test does; this starts only what is built).`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix ?? 'lokaler-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const responseCheck = options.responseCheckFile ? { API_RESPONSE_CHECK: options.responseCheckFile } : {};
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: repoRoot,
    env: serverEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(options.env ?? e2eEnv),
      ...responseCheck,
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // Generous: on a shared, busy machine the first start (migrations, demo data) can take minutes.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with code ${child.exitCode} before answering`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running: nothing would stop it once the setup has failed.
      await stop();
      throw new Error('server did not answer /api/health within 300 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return { baseUrl, dataDir, stop };
}
