import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** The rounds benchmark's requests (bench/rounds.ts): one call with its time, a bounded pool, a fixed order, the server's errors. */

export interface Answer {
  status: number;
  ms: number;
  body: string;
}

export function call(agent: http.Agent, port: number, token: string, method: string, urlPath: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export function expectStatus(label: string, answer: Answer, status = 200): Answer {
  if (answer.status !== status) throw new Error(`${label}: ${answer.status}, expected ${status}: ${answer.body.slice(0, 600)}`);
  return answer;
}

/** Runs `tasks` with at most `concurrency` at a time. */
export async function pool<T>(tasks: ReadonlyArray<() => Promise<T>>, concurrency: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/** A fixed shuffle (so every run asks in the same order). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The error lines (level 50) of the server's log: what a 5xx hid. */
export function printServerErrors(output: string): void {
  const errors = output.split('\n').filter((l) => l.includes('"level":50'));
  const seen = new Set<string>();
  for (const line of errors) {
    const brief = line.replace(/"stack":"[^"]*"/g, '').slice(0, 500);
    const key = brief.replace(/\d+/g, '#').slice(0, 200);
    if (seen.has(key)) continue;
    seen.add(key);
    console.log(`    server error: ${brief}`);
  }
  if (errors.length > seen.size) console.log(`    (${errors.length} error lines in all)`);
}
