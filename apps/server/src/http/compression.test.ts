import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createAsset, createLocation } from '../../test/factories/places';
import { inDays, setOpeningHours } from '../../test/factories/calendar';
import { simpleEncoding } from './compression';

describe('compressed answers and ETags (decision 016)', () => {
  let ctx: TestContext;
  let roomId = 0;
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    // A venue list of some 10 KiB: twenty published schools with their addresses, one room each.
    for (let i = 0; i < 20; i++) {
      const location = await createLocation(db, {
        streetAddress: `Waldemar Thranes gate ${i + 1}`,
        postCode: '0171',
        city: 'Oslo',
        phoneNumber: '23456789',
        contactEmail: `utleie${i}@skole.oslo.kommune.no`,
        lat: 59.93,
        lng: 10.74,
      });
      roomId = (await createAsset(db, location.id)).id;
      await setOpeningHours(db, location.id, '08:00', '22:00');
    }
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('compresses an answer over 1 KiB with brotli or gzip by Accept-Encoding, to the same JSON', async () => {
    const plain = await get('/api/location', { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/location', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await get('/api/location', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('leaves an answer under 1 KiB as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  it('answers 304 without a body to a repeated public read with If-None-Match, and 200 once the data changed', async () => {
    const first = await get('/api/location', { 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get('/api/location', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-encoding']).toBeUndefined();

    // The same tag whichever encoding: it names the answer, not its transfer.
    expect((await get('/api/location', { 'accept-encoding': 'identity', 'if-none-match': String(etag) })).statusCode).toBe(304);

    await createLocation(ctx.database.db, { name: 'Aaa nyeste skole' });
    const changed = await get('/api/location', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(zlib.brotliDecompressSync(changed.rawPayload).toString()).toContain('Aaa nyeste skole');
  });

  it('tags the kept schedule answer and the search, and no protected or error answer', async () => {
    const day = inDays(7);
    const scheduleUrl = `/api/schedule?bookableAssetIds=${roomId}&fromInclusive=${day}&toInclusive=${day}`;
    const schedule = await get(scheduleUrl);
    expect(schedule.statusCode).toBe(200);
    expect((await get(scheduleUrl, { 'if-none-match': String(schedule.headers.etag) })).statusCode).toBe(304);

    const search = await get(`/api/search/assets?date=${day}&duration=PT1H`);
    expect(search.statusCode).toBe(200);
    expect((await get(`/api/search/assets?date=${day}&duration=PT1H`, { 'if-none-match': String(search.headers.etag) })).statusCode).toBe(
      304,
    );

    const missing = await get('/api/location/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const protectedRead = await get('/api/user/booking');
    expect(protectedRead.headers.etag).toBeUndefined();
  });

  it('compresses a kept answer (the venue list) once per encoding, and again once the data changed', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    const gzip = vi.spyOn(zlib, 'gzipSync');
    try {
      await createLocation(ctx.database.db, { name: 'Aab ny skole' });
      const first = await get('/api/location?shape=list', { 'accept-encoding': 'gzip, deflate, br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers.vary).toContain('accept-encoding');
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toContain('Aab ny skole');
      const calls = brotli.mock.calls.length;
      expect(calls).toBeGreaterThan(0);
      const again = await get('/api/location?shape=list', { 'accept-encoding': 'br' });
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(brotli.mock.calls.length).toBe(calls);

      const gzipped = await get('/api/location?shape=list', { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      const plain = await get('/api/location?shape=list', { 'accept-encoding': 'identity' });
      expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
      const gzipCalls = gzip.mock.calls.length;
      await get('/api/location?shape=list', { 'accept-encoding': 'gzip' });
      expect(gzip.mock.calls.length).toBe(gzipCalls);

      // q-values are left to @fastify/compress: the same JSON.
      const weighted = await get('/api/location?shape=list', { 'accept-encoding': 'gzip;q=1.0, br;q=0.5' });
      expect(weighted.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(weighted.rawPayload).toString()).toBe(plain.body);

      await createLocation(ctx.database.db, { name: 'Aac enda nyere skole' });
      const changed = await get('/api/location?shape=list', { 'accept-encoding': 'br' });
      expect(brotli.mock.calls.length).toBe(calls + 1);
      expect(zlib.brotliDecompressSync(changed.rawPayload).toString()).toContain('Aac enda nyere skole');
    } finally {
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });

  it('chooses br before gzip in a plain Accept-Encoding list and leaves the rest to @fastify/compress', () => {
    expect(simpleEncoding('gzip, deflate, br')).toBe('br');
    expect(simpleEncoding('gzip, deflate')).toBe('gzip');
    expect(simpleEncoding('x-gzip')).toBe('gzip');
    expect(simpleEncoding('identity')).toBeUndefined();
    expect(simpleEncoding(undefined)).toBeUndefined();
    expect(simpleEncoding('br;q=0, gzip')).toBeUndefined();
    expect(simpleEncoding('*')).toBeUndefined();
  });
});
