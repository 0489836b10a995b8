import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 049's rule for decision 055's benchmark: bench/pdf.ts at CI size (a few renderings of the
 * 200-date contract), so a PDF bench that no longer runs fails CI. Figures are printed, never asserted.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

describe('bench/pdf.ts at CI size (a 200-date contract, three renderings)', () => {
  it('renders and prints the render time and memory', async () => {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, 'pdf.ts'), '--runs=3', '--warm-up=1'], {
        cwd: path.resolve(here, '..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pdf.ts exited with ${code}:\n${text}`))));
    });
    console.log(output);
    expect(output).toMatch(/PDF\/A-2b contract, 200 dates .*: \d+ bytes, \d+ pages/);
    expect(output).toMatch(/render: p50 [\d.]+ ms, p95 [\d.]+ ms/);
    expect(output).toMatch(/memory: RSS [\d.]+ MB before the first rendering, at most [\d.]+ MB more/);
  });
});
