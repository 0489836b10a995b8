// `npm test`: every suite the project has, with one closing line "N passed, N failed".
//   typecheck (tsc 7, strict), lint (ESLint) and the format check (Prettier) count as one check each, and so does the bundle
//   budget (scripts/bundle-budget.mjs: each route's gzip JavaScript, after the build for e2e);
//   Vitest projects: domain (Europe/Oslo and UTC), web (jsdom), server on PGlite,
//   server-pg, storm (two server processes, bench/storm) and bench (npm run bench at CI size) on PostgreSQL when TEST_DATABASE_URL is set,
//   artifact (the Docker image's runtime tree, scripts/runtime-tree.mjs, started on its own) likewise,
//   and e2e in Chromium.
// Options: --no-static (skip typecheck and lint), --no-e2e, --projects=a,b (Vitest projects).
// Runs on Node 24: npm puts node_modules/.bin (the pinned `node` dev dependency) first on PATH, and
// every child here is started with process.execPath. The first check fails on any other runtime.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);

const totals = { passed: 0, failed: 0, skipped: 0 };
// Every failure by name, printed again just above the totals: CI keeps only the tail of the output.
const failures = [];
const check = (name, ok) => {
  totals[ok ? 'passed' : 'failed']++;
  if (!ok) failures.push(name);
  console.log(`${ok ? '✓' : '✗'} ${name}`);
};

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
check(`runtime: Node ${process.versions.node} (the project's Node 24)`, Number(process.versions.node.split('.')[0]) >= 24);

let projects = option('--projects')?.split(',') ?? [
  'domain',
  'domain-utc',
  'web',
  'web-isolated',
  'server',
  'server-pg',
  'storm',
  'bench',
  'artifact',
  'e2e',
];
if (!process.env.TEST_DATABASE_URL) {
  if (projects.includes('server-pg'))
    console.log('TEST_DATABASE_URL is not set: the server suites run on PGlite only (no storm, no bench, no artifact).');
  projects = projects.filter((p) => p !== 'server-pg' && p !== 'storm' && p !== 'bench' && p !== 'artifact');
}
if (flag('--no-e2e')) projects = projects.filter((p) => p !== 'e2e');
let chromium;
if (projects.includes('e2e')) {
  chromium = findChromium();
  if (!chromium) {
    console.error(
      [
        'The e2e suite needs Chromium, and none was found.',
        '  Debian/Ubuntu: apt-get update && apt-get install -y chromium',
        '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
        '  (npm test -- --no-e2e runs everything else.)',
      ].join('\n'),
    );
    check('e2e: Chromium available', false);
    projects = projects.filter((p) => p !== 'e2e');
  }
}

// Typecheck, lint and the build for e2e are independent single-threaded programs: run at once on the
// machine's cores (about a minute saved on two), each one's output printed whole when it ends.
const runCaptured = (name, cmdArgs) =>
  new Promise((resolve) => {
    const since = Date.now();
    const child = spawn(process.execPath, cmdArgs, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      console.log(`${name} took ${seconds(since)}`);
      resolve(code === 0);
    });
  });
const firstChecks = [];
if (!flag('--no-static')) {
  firstChecks.push(runCaptured('typecheck', ['scripts/typecheck.mjs']).then((ok) => check('typecheck', ok)));
  firstChecks.push(runCaptured('lint', ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.']).then((ok) => check('lint', ok)));
  // The formatter's check counts as part of lint (`npm run format` writes what it wants).
  firstChecks.push(
    runCaptured('format', ['node_modules/prettier/bin/prettier.cjs', '--check', '.']).then((ok) =>
      check('lint: format (prettier --check; npm run format fixes it)', ok),
    ),
  );
}
if (projects.includes('e2e')) {
  firstChecks.push(
    runCaptured('build', ['scripts/build.mjs']).then(async (ok) => {
      if (!ok) {
        check('build for e2e', false);
        projects = projects.filter((p) => p !== 'e2e');
        return;
      }
      // The JavaScript each route downloads, from the build just made (decision 021; scripts/bundle-budget.mjs).
      check('bundle budget', await runCaptured('bundle budget', ['scripts/bundle-budget.mjs']));
    }),
  );
}
await Promise.all(firstChecks);

// One Vitest run per project, in this order (the cheap ones first, so a broken build shows early),
// each with its wall time: the CI budget is watched per project. The e2e suite runs as E2E_SHARDS
// Vitest processes at once (default 2), each with its own server and browser on a share of the files
// (e2eGroups): its files wait on the browser and the server most of the time, so on two cores
// two shards take a little over half the time of one (docs/decisions/051-ci-time.md).
const e2eShards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);

/**
 * The e2e files in `shards` groups of about equal time: the longest first, each to the group with the
 * least so far, by the seconds in e2e/shard-weights.json (Vitest's own --shard splits by count, and
 * one file takes a fifth of the suite).
 */
function e2eGroups(shards) {
  const { seconds: weights } = JSON.parse(fs.readFileSync(path.join(root, 'e2e/shard-weights.json'), 'utf8'));
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const files = fs
    .readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => ({ file: `e2e/${f}`, weight: weights[f] ?? median }))
    .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  const groups = Array.from({ length: shards }, () => ({ files: [], weight: 0 }));
  for (const { file, weight } of files) {
    const lightest = groups.reduce((min, g) => (g.weight < min.weight ? g : min));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  return groups.map((g) => g.files).filter((f) => f.length > 0);
}

/** One Vitest process; resolves to its JSON report's path (missing when Vitest did not write one) and its exit code. */
const vitest = (project, extraArgs, captured) =>
  new Promise((resolve) => {
    const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-test-')), 'vitest.json');
    const child = spawn(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--passWithNoTests',
        '--project',
        project,
        ...extraArgs,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: root, stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, TZ: process.env.TZ ?? 'Europe/Oslo' } },
    );
    let output = '';
    if (captured) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('close', (code) => {
      // A captured shard's output is printed whole when it ends, so two shards' lines do not interleave.
      if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve({ report, code });
    });
  });

/** Adds one report to the totals and the failures; false when there was none. */
const count = (project, report) => {
  if (!fs.existsSync(report)) return false;
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  // A file that fails with no failed test (it did not load, or a hook failed: the OpenAPI response check's
  // afterAll, decision 060) counts as one failure.
  const fileFailed = (f) => f.status === 'failed' && !f.assertionResults.some((t) => t.status === 'failed');
  totals.failed += r.testResults.filter(fileFailed).length;
  for (const file of r.testResults) {
    const where = `${project} ${path.relative(root, file.name)}`;
    if (fileFailed(file)) failures.push(`${where}: ${file.message?.split('\n')[0] ?? 'did not load'}`);
    for (const t of file.assertionResults) {
      if (t.status === 'failed') failures.push(`${where} › ${t.fullName}: ${t.failureMessages?.[0]?.split('\n')[0] ?? ''}`);
    }
  }
  return r;
};

/** One project's Vitest run(s), counted; `captured` holds its output until it ends (it runs beside another). */
async function runProject(project, captured = false) {
  const since = Date.now();
  // server-pg's files wait on PostgreSQL, a process of its own, much of the time: four workers instead of two
  // (decision 072's addendum; Vitest reads maxWorkers from the root config only, so it is set here).
  const groups = project === 'e2e' && e2eShards > 1 ? e2eGroups(e2eShards) : project === 'server-pg' ? [['--maxWorkers=4']] : [[]];
  const shards = groups.length;
  const reports = await Promise.all(groups.map((files) => vitest(project, files, captured || shards > 1)));
  let passed = 0;
  let failed = 0;
  reports.forEach(({ report, code }, i) => {
    const run = `vitest run of ${project}${shards > 1 ? ` (shard ${i + 1}/${shards})` : ''}`;
    const r = count(project, report);
    if (!r) check(run, false);
    else {
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      // A run whose report counts no failure but that exited non-zero failed outside any test (e.g. the e2e
      // teardown's OpenAPI response check, decision 060): one failure, so the totals never hide it.
      if (code !== 0 && r.numFailedTests === 0 && !r.testResults.some((f) => f.status === 'failed'))
        check(`${run}: exit code ${code}`, false);
    }
  });
  console.log(`${project}: ${passed} passed, ${failed} failed in ${seconds(since)}${shards > 1 ? ` (${shards} shards at once)` : ''}`);
}

// One project after another (decision 069 tried storm, bench and artifact beside the e2e shards: e2e then took
// 721 s instead of about 450, more than the minutes saved).
for (const project of projects) await runProject(project);
console.log(`npm test took ${seconds(started)}`);
if (failures.length) console.log(['Failed:', ...failures.map((f) => `  ✗ ${f.slice(0, 300)}`)].join('\n'));

console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed ? 1 : 0);
