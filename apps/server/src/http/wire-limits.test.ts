import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { loginAs } from '../../test/login';
import { rawExchange } from '../../test/raw-http';
import { testCitizens } from '../seed/test-users';

const kari = testCitizens[0]!;

/** Headers only: a body of `length` bytes is announced and never sent. */
function announce(method: string, path: string, length: number, extra: string[] = []): string {
  return [
    `${method} ${path} HTTP/1.1`,
    'Host: localhost',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...extra,
    '',
    '',
  ].join('\r\n');
}

describe('limits at the wire (decision 016)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    // Short timeouts so the slow clients are cut off within the test; the body limit is the default.
    ctx = await createTestApp({ HTTP_REQUEST_TIMEOUT_MS: '700', HTTP_HEADERS_TIMEOUT_MS: '400' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    // The first /api answer builds the OpenAPI document for the tests' response check (decision 060):
    // seconds on a loaded machine, spent here rather than inside the timed exchanges below.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('has a default body limit of 1 MiB', () => {
    expect(ctx.app.initialConfig.bodyLimit).toBe(1024 * 1024);
  });

  /**
   * Announces `length` bytes and never sends them, next to a reference request on the same server that
   * announces a small body and never sends it either: a server that waits for a body answers that one
   * 408 when its request timeout (700 ms) passes. No body byte is ever sent, so an answer proves the
   * body was not read, and an answer before the reference's 408 proves it did not wait for it. Both run
   * at once, so a loaded machine delays them alike (no wall-clock bound).
   */
  async function overLimitBeside(method: string, path: string, length: number, extra: string[] = []) {
    const wait = 10_000;
    const [answer, reference] = await Promise.all([
      rawExchange(port, (socket) => void socket.write(announce(method, path, length, extra)), wait),
      rawExchange(port, (socket) => void socket.write(announce('PUT', '/api/booking/availability', 1000)), wait),
    ]);
    expect(reference.status).toBe(408);
    return { answer, reference };
  }

  it('answers 413 to a declared body over the limit at once, without waiting for (or reading) the body', async () => {
    const { answer, reference } = await overLimitBeside('PUT', '/api/booking/availability', 2 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(answer.closedByServer).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(reference.elapsedMs);
  });

  it('does the same for a logged-in citizen sending an application', async () => {
    const { accessToken } = await loginAs(ctx.app, kari);
    const { answer, reference } = await overLimitBeside('POST', '/api/booking', 5 * 1024 * 1024, [`Authorization: Bearer ${accessToken}`]);
    expect(answer.status).toBe(413);
    expect(answer.closedByServer).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(reference.elapsedMs);
  });

  it('still lets a body under the limit through to validation', async () => {
    const body = JSON.stringify({ bookingCreationDtos: 'x'.repeat(600 * 1024) });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/booking/availability',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
  });

  it('cuts off a body that trickles in (slow loris) with 408 and closes the connection', async () => {
    let timer: NodeJS.Timeout | undefined;
    const answer = await rawExchange(
      port,
      (socket) => {
        socket.write(announce('PUT', '/api/booking/availability', 1000));
        // One byte every 100 ms: never idle long enough for an idle timeout, far too slow to finish.
        timer = setInterval(() => {
          if (!socket.destroyed) socket.write('{');
        }, 100);
      },
      5000,
    );
    clearInterval(timer);
    expect(answer.status).toBe(408);
    expect(answer.closedByServer).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(3000);
  });

  it('cuts off headers that trickle in', async () => {
    let timer: NodeJS.Timeout | undefined;
    const answer = await rawExchange(
      port,
      (socket) => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
        let n = 0;
        timer = setInterval(() => {
          if (!socket.destroyed) socket.write(`X-Slow-${n++}: a\r\n`);
        }, 100);
      },
      5000,
    );
    clearInterval(timer);
    expect(answer.closedByServer).toBe(true);
    expect(answer.status === null || answer.status === 408).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(3000);
  });
});
