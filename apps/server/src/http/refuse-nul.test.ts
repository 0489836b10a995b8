import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';
import { registerNulRefusal } from './refuse-nul';

describe('NUL characters (PostgreSQL text cannot hold them) are a 400 before any handler', () => {
  it('refuses NUL in the body, the query and the path under /api, naming where, and leaves other routes alone', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerNulRefusal(app);
    const handled: unknown[] = [];
    app.post('/api/things/:name', async (request) => {
      handled.push(request.body);
      return 'ok';
    });
    app.post('/idp/x', async () => 'ok');
    await app.ready();
    const cases = [
      { url: '/api/things/a', payload: { list: [{ text: 'a\u0000b' }] }, path: 'body.list.0.text' },
      { url: '/api/things/a?q=%00', payload: {}, path: 'querystring.q' },
      { url: '/api/things/a%00', payload: {}, path: 'params.name' },
      { url: '/api/things/a', payload: { 'k\u0000': 1 }, path: 'body.k\u0000' },
    ];
    for (const { url, payload, path } of cases) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path }] });
    }
    expect(handled).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/things/a', payload: { text: 'Kari \u202E 😀' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/idp/x', payload: { text: 'a\u0000' } })).statusCode).toBe(200);
    await app.close();
  });
});
