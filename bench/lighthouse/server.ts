import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ProductionServer {
  /** `http://localhost:{port}`: the configured public address, so the local login's redirects come back to it. */
  baseUrl: string;
  stop(): Promise<void>;
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
 * The built server (apps/server/dist/main.js) as `npm start` runs it: one process serving both SPAs'
 * built, pre-compressed files and compressing every other answer over 1 KB (brotli or gzip), with the
 * local identity provider and the demo data loaded into an empty PGlite folder of its own. It builds
 * nothing: `npm run build` first. No map tiles (MAP_TILE_URL empty): this machine has no internet, and
 * failing tile requests would count against the page as console errors that a citizen never sees.
 */
export async function startProductionServer(): Promise<ProductionServer> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  for (const built of [main, 'apps/portal/dist/index.html', 'apps/admin/dist/index.html']) {
    if (!fs.existsSync(path.resolve(repoRoot, built))) throw new Error(`${built} is missing: run \`npm run build\` first (this script builds nothing).`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-lighthouse-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MAP_TILE_URL: '' };
  // Its own embedded database and provider, whatever the caller's environment points at.
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'OIDC_ISSUER', 'ADMIN_OIDC_ISSUER', 'NODE_ENV']) delete env[name];
  const child = spawn(process.execPath, ['--enable-source-maps', main], { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://localhost:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // The first start migrates and loads the demo data: minutes on a busy machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} before answering`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health within 300 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}
