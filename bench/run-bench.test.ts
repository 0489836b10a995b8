import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/test/server-process';
import type { BenchRow } from './run-bench';

/**
 * Decision 049: `npm run bench` at CI size (the vitest project 'bench', run by `npm test` when
 * TEST_DATABASE_URL is set), so a benchmark that no longer starts fails CI. A tiny city
 * (generate-city.ts --scale=0.01: 10 locations, 60 rooms, 10,000 reservations) in a throwaway
 * database, then run-bench.ts as `npm run bench` runs it — the bundled application server as a child
 * process (without the bare ceiling) — for one second per search and schedule scenario, kept and uncached.
 * Figures are printed, never asserted: only that every scenario answered 2xx and nothing failed.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** Runs a bench script as its npm script does (node --import tsx); resolves with its output, rejects on a non-zero exit. */
function runScript(file: string, args: string[], databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, file), ...args], {
      cwd: root,
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${file} exited with ${code}:\n${output}`))));
  });
}

describe('npm run bench at CI size (a tiny city, one second per scenario)', () => {
  let scratch: ScratchDatabase;
  const dataDir = path.join(here, '.data', `vitest-${process.pid}`);

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('the bench project needs TEST_DATABASE_URL (scripts/test.mjs runs it only then)');
    scratch = await createScratchDatabase(serverUrl, 'lokaler_bench_small_ci');
  });

  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('answers every search and schedule scenario, kept and uncached, with 2xx only, and prints the figures', async () => {
    const generated = await runScript('generate-city.ts', ['--scale=0.01'], scratch.url);
    expect(generated).toContain('"reservations":10000');

    const json = path.join(dataDir, 'rows.json');
    const output = await runScript(
      'run-bench.ts',
      // Without the bare ceiling: its second per scenario would double the project's time (60 s budget).
      ['--seconds=1', '--connections=2', '--only=search,schedule', '--no-bare', `--data-dir=${dataDir}`, `--json=${json}`],
      scratch.url,
    );
    console.log(output.slice(output.indexOf('\nRun ')));
    const { rows } = JSON.parse(fs.readFileSync(json, 'utf8')) as { rows: BenchRow[] };

    expect(rows.map((r) => r.scenario)).toEqual([
      'search-single',
      'search-recurring',
      'search-worst',
      'search-single-uncached',
      'search-recurring-uncached',
      'search-worst-uncached',
      'schedule',
      'schedule-uncached',
    ]);
    for (const r of rows) {
      expect(r.app.requests, r.scenario).toBeGreaterThan(0);
      expect(r.app.failures, r.scenario).toBe(0);
      expect(Number.isFinite(r.app.p95), r.scenario).toBe(true);
      expect(r.cpu.server + r.cpu.postgres, r.scenario).toBeGreaterThanOrEqual(0);
      // The printed table has the row, with its CPU time and load average.
      expect(output).toContain(`| ${r.title} | 2 |`);
    }
    expect(output).toContain('CPU ms/request (app + PostgreSQL)');
  });
});
