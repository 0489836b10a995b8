import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR: its local mail service writes each e-mail to `mail/` there (the dev mailbox). */
  dataDir: string;
  stop(): Promise<void>;
}

/** The test server always runs on its own PGlite, whatever the caller's environment points at. */
function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...overrides };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.OIDC_ISSUER;
  delete env.ADMIN_OIDC_ISSUER;
  return env;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts apps/server/dist/main.js exactly as `npm start` does (the build is made by `npm test`
 * before the e2e suite runs), on its own port and an empty PGlite data folder.
 */
export async function startServer(): Promise<RunningServer> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('No server build: run `node scripts/build.mjs` first (npm test does).');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: repoRoot,
    // No internet here: tiles from a port nobody answers show the map as it is without its background.
    // A wedding wizard's page that went away lets its time go after 10 s instead of 60 (decision 038), so a closed tab is seen within a test.
    env: serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png', WEDDING_WIZARD_RETURN_SECONDS: '10' }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  // Generous: on a shared, busy machine the first start (migrations, demo data) can take minutes.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running: nothing would stop it once the setup has failed.
      child.kill('SIGKILL');
      throw new Error('server did not answer /api/health within 300 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
