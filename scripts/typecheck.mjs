// Type-checks every workspace with the native TypeScript 7 compiler (strict, no emit).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = `${root}node_modules/typescript-native/bin/tsc`;
const projects = ['packages/domain', 'packages/api-client', 'packages/ui', 'apps/server', 'apps/portal', 'apps/admin', 'e2e', 'bench'];
let failed = 0;
for (const project of projects) {
  const result = spawnSync(process.execPath, [tsc, '-p', `${project}/tsconfig.json`, '--noEmit'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.error(`typecheck failed: ${project}`);
  }
}
process.exit(failed ? 1 : 0);
