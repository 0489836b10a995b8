// `node scripts/runtime-tree.mjs <outDir>`: assembles the folder that runs Lokaler in production, and
// nothing else: the built server, its migrations, its PDF fonts and colour profile, the built SPAs without source maps, the server's
// production dependencies from package-lock.json, and sbom.cdx.json (CycloneDX) listing exactly them.
// Start it with `node --enable-source-maps apps/server/dist/main.js` from <outDir>.
// The Dockerfile copies this folder into its runtime image, and the artifact test
// (apps/server/test/artifact/runtime-tree.artifact.test.ts) starts the same folder: one script, so the
// image and what the test proves cannot drift apart. Needs a build first (`npm run build`) and the npm
// registry (or npm's cache).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compressDist } from './compress-assets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_WORKSPACE = 'apps/server';
/** The workspaces the bundle needs installed: the server (its dependencies) and the domain it bundles (its dependencies: date-fns, zod). */
const RUNTIME_WORKSPACES = [SERVER_WORKSPACE, 'packages/domain'];
/**
 * The build output the server reads at run time, at the paths apps/server/src/paths.ts expects
 * relative to dist/main.js.
 */
const BUILT = ['apps/server/dist', 'apps/server/src/db/migrations', 'apps/server/assets', 'apps/portal/dist', 'apps/admin/dist'];
const SPA_DISTS = ['apps/portal/dist', 'apps/admin/dist'];
/** Manifest fields a runtime tree keeps: no scripts, no devDependencies. */
const RUNTIME_FIELDS = [
  'name',
  'version',
  'private',
  'type',
  'engines',
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'workspaces',
];

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const writeJson = (file, value) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
const pick = (object, keys) => Object.fromEntries(keys.filter((k) => object[k] !== undefined).map((k) => [k, object[k]]));

function npm(args, cwd, options = {}) {
  const result = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', options.capture ? 'pipe' : 'inherit', 'inherit'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${cwd} (exit ${result.status ?? result.signal})`);
  return result.stdout;
}

/** Drops the SPAs' source maps: a browser would fetch them (and so the whole source) from a sourceMappingURL comment. */
function stripSourceMaps(dist) {
  let stripped = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.map(\.br|\.gz)?$/.test(entry.name)) fs.rmSync(full);
      else if (/\.(m?js|css)$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        const without = text.replace(/\n?\/[*/][#@] sourceMappingURL=[^\n]*\s*$/, '\n');
        if (without !== text) {
          fs.writeFileSync(full, without);
          // Rewritten below, or gone when the file is now too small to be worth compressing.
          for (const copy of ['.br', '.gz']) fs.rmSync(`${full}${copy}`, { force: true });
          stripped++;
        }
      }
    }
  };
  walk(dist);
  // The .br and .gz beside each file must be the bytes just written (the server sends them as they are).
  if (stripped > 0) compressDist(dist);
  return stripped;
}

function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

/** Assembles the runtime tree in `outDir` (absent or empty); returns its size in bytes. */
export function assembleRuntimeTree(outDir, log = console.log) {
  const out = path.resolve(outDir);
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new Error(`${out} is not empty`);
  for (const [dir, file] of [
    ['apps/server/dist', 'main.js'],
    ['apps/portal/dist', 'index.html'],
    ['apps/admin/dist', 'index.html'],
  ]) {
    if (!fs.existsSync(path.join(root, dir, file))) throw new Error(`${dir}/${file} is missing: run "npm run build" first`);
  }
  fs.mkdirSync(out, { recursive: true });

  // 1. The production dependencies, exactly as package-lock.json pins them: npm ci needs every
  //    workspace's manifest to check the lock, then installs only the server's (and the domain's) part.
  const rootManifest = readJson(path.join(root, 'package.json'));
  fs.copyFileSync(path.join(root, 'package.json'), path.join(out, 'package.json'));
  fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(out, 'package-lock.json'));
  for (const workspace of rootManifest.workspaces) {
    fs.mkdirSync(path.join(out, workspace), { recursive: true });
    fs.copyFileSync(path.join(root, workspace, 'package.json'), path.join(out, workspace, 'package.json'));
  }
  log('installing the production dependencies (npm ci --omit=dev)…');
  // No install scripts: no production dependency has one (the lock's hasInstallScript are all dev).
  npm(
    [
      'ci',
      '--omit=dev',
      '--workspace',
      readJson(path.join(root, SERVER_WORKSPACE, 'package.json')).name,
      '--include-workspace-root=false',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    out,
  );

  // 2. The tree's manifests become what it is: two workspaces without devDependencies or scripts. The
  //    other workspaces' manifests were only there for npm ci's lock check.
  for (const workspace of rootManifest.workspaces.filter((w) => !RUNTIME_WORKSPACES.includes(w))) {
    fs.rmSync(path.join(out, workspace), { recursive: true });
    for (let dir = path.dirname(path.join(out, workspace)); dir !== out && fs.readdirSync(dir).length === 0; dir = path.dirname(dir))
      fs.rmdirSync(dir);
  }
  // npm sbom names the tree by name and version (the repository's root manifest has no version).
  writeJson(path.join(out, 'package.json'), {
    ...pick(rootManifest, RUNTIME_FIELDS),
    version: rootManifest.version ?? '0.0.0',
    workspaces: RUNTIME_WORKSPACES,
  });
  for (const workspace of RUNTIME_WORKSPACES) {
    const file = path.join(out, workspace, 'package.json');
    writeJson(file, pick(readJson(file), RUNTIME_FIELDS));
  }
  fs.rmSync(path.join(out, 'package-lock.json'));
  // Type declarations nothing loads (@types/pg as drizzle-orm's optional peer, @types/trusted-types as
  // dompurify's optional dependency): npm keeps them because the workspace lock does. One a runtime
  // package lists among its own dependencies (@types/pg-pool of @opentelemetry/instrumentation-pg, and
  // what that one needs) stays: without it the tree is incomplete in npm's eyes, and so is its SBOM.
  removeUnrequiredTypes(path.join(out, 'node_modules'));
  // npm's record of the install as it was; without it, npm sbom reads the tree as it is now.
  fs.rmSync(path.join(out, 'node_modules/.package-lock.json'), { force: true });

  // 3. The SBOM of exactly these packages.
  const sbom = npm(['sbom', '--sbom-format', 'cyclonedx', '--omit=dev', '--loglevel=error'], out, { capture: true });
  const bom = JSON.parse(sbom);
  // npm names the root and the workspaces after their folders; their package names say what they are.
  bom.metadata.component.name = rootManifest.name;
  for (const component of bom.components) {
    if (component['bom-ref'].startsWith('@lokaler/')) component.name = component['bom-ref'].slice(0, component['bom-ref'].lastIndexOf('@'));
  }
  writeJson(path.join(out, 'sbom.cdx.json'), bom);

  // 4. The build output, the SPAs without source maps (the server keeps its own for stack traces:
  //    apps/server/dist is not under a static root).
  for (const dir of BUILT) fs.cpSync(path.join(root, dir), path.join(out, dir), { recursive: true });
  for (const dist of SPA_DISTS) log(`${dist}: source map comments removed from ${stripSourceMaps(path.join(out, dist))} files`);

  const bytes = folderBytes(out);
  log(
    `runtime tree in ${out}: ${(bytes / 1024 / 1024).toFixed(1)} MB (node_modules ${(folderBytes(path.join(out, 'node_modules')) / 1024 / 1024).toFixed(1)} MB)`,
  );
  return bytes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node scripts/runtime-tree.mjs <outDir>');
    process.exit(2);
  }
  try {
    assembleRuntimeTree(outDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** Removes node_modules/@types/* packages that no installed package names in its `dependencies`. */
function removeUnrequiredTypes(nodeModules) {
  const typesDir = path.join(nodeModules, '@types');
  if (!fs.existsSync(typesDir)) return;
  const manifests = [];
  const visit = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(full);
        continue;
      }
      const file = path.join(full, 'package.json');
      if (fs.existsSync(file)) manifests.push({ name: readJson(file).name, dependencies: Object.keys(readJson(file).dependencies ?? {}) });
      visit(path.join(full, 'node_modules'));
    }
  };
  visit(nodeModules);
  // What the non-@types packages require, and what those @types packages require in turn.
  const required = new Set(manifests.filter((m) => !m.name.startsWith('@types/')).flatMap((m) => m.dependencies));
  for (let grew = true; grew;) {
    grew = false;
    for (const m of manifests) {
      if (!required.has(m.name)) continue;
      for (const dependency of m.dependencies)
        if (!required.has(dependency)) {
          required.add(dependency);
          grew = true;
        }
    }
  }
  for (const name of fs.readdirSync(typesDir)) {
    if (!required.has(`@types/${name}`)) fs.rmSync(path.join(typesDir, name), { recursive: true, force: true });
  }
  if (fs.readdirSync(typesDir).length === 0) fs.rmdirSync(typesDir);
}
