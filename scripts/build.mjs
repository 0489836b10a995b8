// Builds what is missing or older than its sources: the portal and admin SPAs (Vite) and the
// server bundle (esbuild). `node scripts/build.mjs --force` rebuilds everything.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compressDist } from './compress-assets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');
const shared = ['packages/domain/src', 'packages/api-client/src', 'packages/ui/src'];

const targets = [
  {
    name: 'portal',
    cwd: 'apps/portal',
    compress: 'apps/portal/dist',
    output: 'apps/portal/dist/index.html',
    sources: [
      'apps/portal/src',
      'apps/portal/index.html',
      'apps/portal/vite.config.ts',
      'scripts/spa-vite-config.mjs',
      'scripts/start-after-first-paint.mjs',
      'scripts/oslo-clock-from-eu-rule.mjs',
      'apps/portal/public',
      ...shared,
    ],
    command: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
  },
  {
    name: 'admin',
    cwd: 'apps/admin',
    compress: 'apps/admin/dist',
    output: 'apps/admin/dist/index.html',
    sources: [
      'apps/admin/src',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'scripts/spa-vite-config.mjs',
      'scripts/start-after-first-paint.mjs',
      'scripts/oslo-clock-from-eu-rule.mjs',
      'apps/admin/public',
      ...shared,
    ],
    command: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
  },
  {
    name: 'server',
    cwd: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/domain/src'],
    command: ['apps/server/build.mjs'],
  },
];

/** Newest modification time below a file or folder (0 when it does not exist). */
function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

let failed = false;
for (const t of targets) {
  const out = path.join(root, t.output);
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  const stale = force || !built || t.sources.some((s) => newest(s) > built);
  if (!stale) continue;
  const started = Date.now();
  console.log(`building ${t.name}…`);
  const script = path.join(root, t.command[0]);
  const result = spawnSync(process.execPath, [script, ...t.command.slice(1)], { cwd: path.join(root, t.cwd), stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build of ${t.name} failed`);
    failed = true;
    break;
  }
  // Beside each asset its .br and .gz, served as they are (apps/server/src/platform/spa-hosting/static.ts).
  if (t.compress) compressDist(path.join(root, t.compress));
  console.log(`built ${t.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);
