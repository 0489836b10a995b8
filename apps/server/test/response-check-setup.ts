import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { mismatchSink, recordedMismatches, registerResponseCheck, type ResponseMismatch } from '../src/http/response-check';

/**
 * The server projects' setup (decision 060): every Fastify app a test file builds, whatever its config,
 * checks each /api answer against its own OpenAPI document, and the file fails listing the answers that
 * disagree. Fastify announces each new instance on the 'fastify.initialization' channel, so the hook is
 * added before the app's own hooks and routes. API_RESPONSE_CHECK=off in the environment turns it off.
 */
const subscribed = Symbol.for('lokaler.responseCheck.subscribed');
const state = globalThis as { [subscribed]?: true };
if (process.env.API_RESPONSE_CHECK !== 'off' && !state[subscribed]) {
  // Once per worker: the files share one module graph (isolate: false), and this file runs before each of them.
  state[subscribed] = true;
  const sink = mismatchSink('record');
  diagnostics.subscribe('fastify.initialization', (message) =>
    registerResponseCheck((message as { fastify: FastifyInstance }).fastify, sink),
  );
}

beforeAll(() => {
  recordedMismatches.length = 0;
});

afterAll(() => {
  if (recordedMismatches.length === 0) return;
  const lines = summarise(recordedMismatches.splice(0));
  throw new Error(`Answers that disagree with the OpenAPI document (decision 060):\n${lines.join('\n')}`);
});

/** One line per operation, status and kind, with the first answer's errors. */
function summarise(mismatches: ResponseMismatch[]): string[] {
  const seen = new Map<string, string>();
  for (const m of mismatches) {
    const key = `${m.method} ${m.operation} ${m.status} ${m.kind}`;
    if (seen.has(key)) continue;
    const errors = m.errors.map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`).slice(0, 5);
    seen.set(key, `  ${key} (${m.url})${errors.length ? `\n    ${errors.join('\n    ')}` : ''}`);
  }
  return [...seen.values()];
}
