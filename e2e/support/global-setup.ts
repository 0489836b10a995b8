import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;
let mismatchFile: string | undefined;

/**
 * One real server (the built bundle, on a fresh PGlite with demo data) for the whole e2e run. It checks
 * every /api answer the browsers get against its OpenAPI document (decision 060), writing each mismatch
 * to a file that the teardown reads: a non-empty file fails the run.
 */
export async function setup(project: TestProject): Promise<void> {
  mismatchFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-e2e-responses-')), 'mismatches.jsonl');
  server = await startServer({ responseCheckFile: mismatchFile });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (!mismatchFile || !fs.existsSync(mismatchFile)) return;
  const lines = fs.readFileSync(mismatchFile, 'utf8').trim().split('\n').filter(Boolean);
  fs.rmSync(path.dirname(mismatchFile), { recursive: true, force: true });
  if (lines.length === 0) return;
  const seen = new Set(
    lines.map((line) => {
      const m = JSON.parse(line) as {
        method: string;
        operation: string;
        status: number;
        kind: string;
        errors: { instancePath: string; message?: string }[];
      };
      return `${m.method} ${m.operation} ${m.status} ${m.kind} ${m.errors.map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ')}`;
    }),
  );
  throw new Error(`The e2e server's answers disagree with its OpenAPI document (decision 060):\n  ${[...seen].join('\n  ')}`);
}
