import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { markShuttingDown } from '../../http/shutdown';
import { READINESS_TIMEOUT_MS } from './routes';

describe('GET /api/health', () => {
  const ctx = useTestApp();
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('answers ok and names the engine under test', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', engine: process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite' });
  });

  it('stays ok (liveness) while the database is down, so a database outage restarts no process', async () => {
    vi.spyOn(ctx.database.db, 'execute').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', msg: expect.any(String), userMsg: expect.any(String) });
  });
});

describe('GET /api/health/ready', () => {
  const ctx = useTestApp();
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  const ready = () => ctx.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('answers 200 when the database answers', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 when the database refuses', async () => {
    vi.spyOn(ctx.database.db, 'execute').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database-unavailable' });
    expect(res.headers['retry-after']).toBe('5');
  });

  it(`answers 503 when the database does not answer within ${READINESS_TIMEOUT_MS} ms`, async () => {
    vi.spyOn(ctx.database.db, 'execute').mockReturnValue(new Promise(() => {}) as never);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = ready();
    await vi.advanceTimersByTimeAsync(READINESS_TIMEOUT_MS + 10);
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database-unavailable' });
  });

  // Last: the app stays marked.
  it('answers 503 once shutdown began, though the database answers', async () => {
    markShuttingDown(ctx.app);
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'shutting-down' });
  });
});
