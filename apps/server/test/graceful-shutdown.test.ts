import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReverseProxy } from './reverse-proxy';
import { createScratchDatabase, startServerProcess, type ScratchDatabase, type ServerProcess } from './server-process';

const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
/** The grace outside production: no drain (SHUTDOWN_DRAIN_MS 0) plus 10 s (config.ts). */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * The grace the hanging request's process is given: the timer is the same whatever its length (the default's
 * 10 s is checked in http/shutdown.test.ts), and the test waits it out (decision 072).
 */
const HANG_GRACE_MS = 3000;

/** Resolves when `condition` holds, checked every 50 ms; rejects naming `what` after `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server has logged the request to `urlPath` arriving (Fastify's "incoming request" line, LOG_LEVEL info). */
const arrived = (server: ServerProcess, urlPath: string) => () =>
  server
    .output()
    .split('\n')
    .some((line) => line.includes('"incoming request"') && line.includes(`"url":"${urlPath}"`));

/** A POST whose body arrives in two parts, `pauseMs` apart: a request in flight for that long. */
function slowPost(port: number, urlPath: string, body: string, pause: Promise<void>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
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
    if (engine === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lokaler_shutdown');
      env.DATABASE_URL = scratch.url;
    }
    // LOG_LEVEL info: the test waits for the server's own "incoming request" line instead of a fixed time.
    server = await startServerProcess({ ...env, LOG_LEVEL: 'info' });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
  });

  it('finishes the request in flight, refuses new connections, and exits 0 within the grace period', async () => {
    let sendRest!: () => void;
    const pause = new Promise<void>((resolve) => {
      sendRest = resolve;
    });
    const inFlight = slowPost(server.port, '/api/frontenderror', JSON.stringify({ msg: 'Sent across a shutdown', level: 'error' }), pause);
    // The request has reached the server (its route waits for the rest of the body) before the signal.
    await until(arrived(server, '/api/frontenderror'), 'the server logs the request arriving');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // New connections are refused (the listener is closed) while the process still waits for the request in flight.
    await until(
      () =>
        fetch(`${server.baseUrl}/api/health`).then(
          () => false,
          () => true,
        ),
      'a new connection is refused',
    );
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();

    sendRest();
    const answer = await inFlight;
    expect(answer.status).toBe(204);
    const code = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS);
  }, 60_000);

  it(`exits (with 1) after its grace (SHUTDOWN_GRACE_MS, here ${HANG_GRACE_MS / 1000} s) when a request never finishes`, async () => {
    server = await startServerProcess({ ...env, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: String(HANG_GRACE_MS) });
    const never = slowPost(
      server.port,
      '/api/frontenderror',
      JSON.stringify({ msg: 'Never finished', level: 'error' }),
      new Promise<void>(() => {}),
    );
    never.catch(() => {});
    await until(arrived(server, '/api/frontenderror'), 'the server logs the request arriving');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(HANG_GRACE_MS - 100);
    expect(Date.now() - signalledAt).toBeLessThan(HANG_GRACE_MS + 3000);
    expect(server.output()).toContain('shutdown took too long: exiting');
  }, 240_000);
});

interface Traffic {
  statuses: Map<number, number>;
  /** What a client saw instead of an answer (a reset or refused connection to the proxy). */
  errors: string[];
  stop(): Promise<void>;
}

/** `clients` clients, each sending GETs one after another over its own keep-alive connection to the proxy. */
function steadyTraffic(port: number, clients: number, paths: string[]): Traffic {
  const statuses = new Map<number, number>();
  const errors: string[] = [];
  let running = true;
  const get = (agent: http.Agent, path: string) =>
    new Promise<void>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
          resolve();
        });
        response.on('error', (error) => {
          errors.push(`${path}: ${error.message}`);
          resolve();
        });
      });
      request.on('error', (error) => {
        errors.push(`${path}: ${error.message}`);
        resolve();
      });
    });
  const loops = Array.from({ length: clients }, async (_, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = client; running; n++) await get(agent, paths[n % paths.length]!);
    agent.destroy();
  });
  return {
    statuses,
    errors,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

// Two processes on one database: PGlite is one process's own.
if (engine === 'postgres') {
  /** Decision 035: what a load balancer sees while each process is restarted in turn. */
  describe('a rolling restart behind a load balancer', () => {
    // The proxy checks every 200 ms; ROLLING_TEST_DRAIN_MS=0 shows the test failing without a drain.
    const drainMs = Number(process.env.ROLLING_TEST_DRAIN_MS ?? 1000);
    let scratch: ScratchDatabase;
    const servers: ServerProcess[] = [];
    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lokaler_rolling');
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await scratch?.drop();
    });

    it('answers every request: 0 resets and 0 × 5xx while each process drains and restarts', async () => {
      // The proxy on 127.0.0.1 appends X-Forwarded-For, as a city's balancer does; the servers believe only it.
      const env = { DATABASE_URL: scratch.url, SHUTDOWN_DRAIN_MS: String(drainMs), DATABASE_POOL_SIZE: '5', TRUST_PROXY: 'loopback' };
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
      const proxy = await startReverseProxy(
        servers.map((s) => s.port),
        200,
      );
      await Promise.all(servers.map((s) => proxy.waitHealthy(s.port)));
      const traffic = steadyTraffic(proxy.port, 6, ['/api/location', '/api/preferences/options/assettypes']);
      const figures: string[] = [];
      try {
        await new Promise((r) => setTimeout(r, 1000));
        for (const slot of [0, 1]) {
          const old = servers[slot]!;
          const signalled = Date.now();
          old.child.kill('SIGTERM');
          expect(await old.exited).toBe(0);
          const exitedAfter = Date.now() - signalled;
          servers[slot] = await startServerProcess(env, { port: old.port });
          await proxy.waitHealthy(old.port);
          figures.push(`process ${slot + 1}: exited ${exitedAfter} ms after SIGTERM, back in the pool after ${Date.now() - signalled} ms`);
          await new Promise((r) => setTimeout(r, 1000));
        }
      } finally {
        await traffic.stop();
        await proxy.close();
      }
      const total = [...traffic.statuses.values()].reduce((a, b) => a + b, 0);
      const fiveHundreds = [...traffic.statuses].filter(([status]) => status >= 500);
      const notOk = [...traffic.statuses].filter(([status]) => status !== 200);
      // eslint-disable-next-line no-console -- the figures are the test's report
      console.log(
        `rolling restart (drain ${drainMs} ms): ${total} requests, statuses ${JSON.stringify(Object.fromEntries(traffic.statuses))}, per upstream ${JSON.stringify(Object.fromEntries(proxy.stats.served))}, retried after a refused connect ${proxy.stats.retriedAfterRefusal}\n  ${figures.join('\n  ')}\n  health: ${proxy.stats.health.join(', ')}`,
      );

      expect(proxy.stats.resets).toEqual([]);
      expect(traffic.errors).toEqual([]);
      expect(fiveHundreds).toEqual([]);
      // And nothing else either: the routes chosen answer 200 whenever they are reached.
      expect(notOk).toEqual([]);
      expect(proxy.stats.noUpstream).toBe(0);
      expect(total).toBeGreaterThan(300);
      // Both processes really served before and after their restart.
      expect([...proxy.stats.served.values()].every((n) => n > 50)).toBe(true);
    }, 360_000); // Four process starts: minutes on a machine busy with other work, not a speed bound (decision 072).
  });
}
