import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS } from '../src/http/shutdown';
import { createScratchDatabase, startServerProcess, type ScratchDatabase, type ServerProcess } from './server-process';

/** A POST whose body arrives in two parts, `pauseMs` apart: a request in flight for that long. */
function slowPost(port: number, urlPath: string, body: string, pause: Promise<void>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    void pause.then(() => request.end(body.slice(half)));
  });
}

/** The real server process (main.ts) receives SIGTERM while a request is still arriving. */
describe('graceful shutdown of a server process', () => {
  let scratch: ScratchDatabase | undefined;
  let server: ServerProcess;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    if (process.env.TEST_ENGINE === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lokaler_shutdown');
      env.DATABASE_URL = scratch.url;
    }
    server = await startServerProcess(env);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
  });

  it('finishes the request in flight, refuses new connections, and exits 0 within the grace period', async () => {
    let sendRest!: () => void;
    const pause = new Promise<void>((resolve) => { sendRest = resolve; });
    const inFlight = slowPost(server.port, '/api/frontenderror', JSON.stringify({ msg: 'Sent across a shutdown', level: 'error' }), pause);
    // The request has reached the server (its route waits for the rest of the body) before the signal.
    await new Promise((r) => setTimeout(r, 500));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));

    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    sendRest();
    const answer = await inFlight;
    expect(answer.status).toBe(204);
    const code = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS);
  }, 60_000);

  it(`exits (with 1) after ${SHUTDOWN_GRACE_MS / 1000} s when a request never finishes`, async () => {
    server = await startServerProcess(env);
    const never = slowPost(server.port, '/api/frontenderror', JSON.stringify({ msg: 'Never finished', level: 'error' }), new Promise<void>(() => {}));
    never.catch(() => {});
    await new Promise((r) => setTimeout(r, 500));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(SHUTDOWN_GRACE_MS - 100);
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS + 3000);
  }, 240_000);
});
