import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { productionEnv } from '../../test/production-env';
import { loadConfig } from '../config';
import { closeConnectionsOnShutdown, shutDown } from './shutdown';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socket: net.Socket;
}

/** One request on `agent` (keep-alive: the same connection as the one before, when it is still open). */
function send(port: number, agent: http.Agent | false, path: string, body?: { text: string; rest: Promise<void> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let socket: net.Socket;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body.text) } : {},
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text, socket }),
        );
      },
    );
    request.on('socket', (s: net.Socket) => {
      socket = s;
    });
    request.on('error', reject);
    if (!body) return void request.end();
    const half = Math.floor(body.text.length / 2);
    request.write(body.text.slice(0, half));
    void body.rest.then(() => request.end(body.text.slice(half)));
  });
}

/** How a connection ended: 'closed' in order (FIN), or the error of a reset. */
function ending(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let failure: string | undefined;
    socket.once('error', (error: NodeJS.ErrnoException) => {
      failure = `error ${error.code ?? error.message}`;
    });
    socket.once('close', () => resolve(failure ?? 'closed'));
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Decision 035: the drain, on a listening app. */
describe('shutDown with a drain', () => {
  const drainMs = 1500;
  let ctx: TestContext;
  let port: number;
  let shutdownStarted = false;

  beforeAll(async () => {
    ctx = await createTestApp();
    closeConnectionsOnShutdown(ctx.app);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    if (!shutdownStarted) await ctx.close();
  });

  it('answers readiness 503 at once, keeps serving with Connection: close, closes idle connections in order, then refuses', async () => {
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const reused = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = await send(port, idle, '/api/location');
    expect(before.connection).toBe('keep-alive');
    const idleEnded = ending(before.socket);
    const reusedSocket = (await send(port, reused, '/api/location')).socket;
    // A request in flight across the signal: its body's second half arrives during the drain.
    let sendRest!: () => void;
    const inFlight = send(port, false, '/api/frontenderror', {
      text: JSON.stringify({ msg: 'Sent across a shutdown', level: 'error' }),
      rest: new Promise((resolve) => {
        sendRest = resolve;
      }),
    });
    await wait(200);

    const began = Date.now();
    shutdownStarted = true;
    const done = shutDown(ctx.app, ctx.database, drainMs);
    const ready = await send(port, false, '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'shutting-down' });

    // During the drain: a kept-alive connection and a new one are both served, and told to close.
    await wait(300);
    const onReused = await send(port, reused, '/api/location');
    expect(onReused.socket).toBe(reusedSocket);
    expect([onReused.status, onReused.connection]).toEqual([200, 'close']);
    const onNew = await send(port, false, '/api/location');
    expect([onNew.status, onNew.connection]).toEqual([200, 'close']);
    sendRest();
    const finished = await inFlight;
    expect([finished.status, finished.connection]).toEqual([204, 'close']);
    expect(Date.now() - began).toBeLessThan(drainMs);

    // After the drain: the idle connection was closed in order (no reset), and nothing new is accepted.
    expect(await idleEnded).toBe('closed');
    expect(Date.now() - began).toBeGreaterThanOrEqual(drainMs - 50);
    await done;
    await expect(send(port, false, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    idle.destroy();
    reused.destroy();
  });
});

describe('SHUTDOWN_DRAIN_MS and SHUTDOWN_GRACE_MS', () => {
  it('drain nothing outside production, and the grace is the drain plus 10 s', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).shutdown).toEqual({ drainMs: 0, graceMs: 10_000 });
    expect(loadConfig({ NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: '3000' }).shutdown).toEqual({ drainMs: 3000, graceMs: 13_000 });
    expect(loadConfig({ NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: '3000', SHUTDOWN_GRACE_MS: '4000' }).shutdown).toEqual({
      drainMs: 3000,
      graceMs: 4000,
    });
  });

  it('drain 5 s in production by default', () => {
    expect(loadConfig({ ...productionEnv }).shutdown).toEqual({ drainMs: 5000, graceMs: 15_000 });
  });

  it('refuses a grace within the drain, and nonsense, naming the variable', () => {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_GRACE_MS: '5000' })).toThrow(
      /SHUTDOWN_GRACE_MS: must be longer than SHUTDOWN_DRAIN_MS/,
    );
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
});
