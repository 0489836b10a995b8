import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { frontendErrors } from '../../db/schema/settings';
import { useTestApp } from '../../../test/test-app';
import { truncateAll } from '../../../test/test-db';
import { listFrontendErrors, pruneTotal } from './repository';
import { fingerprintOf, KEEP_PER_ERROR } from './record-frontend-error';
import { FRONTEND_ERROR_RATE_LIMIT } from './routes';

describe('POST /api/frontenderror', () => {
  const ctx = useTestApp();
  beforeEach(() => truncateAll(ctx.database));

  const post = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/frontenderror', payload: payload as object });

  it('stores a report and answers 204 without a body', async () => {
    const res = await post({
      msg: 'TypeError: x is undefined',
      level: 'ERROR',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      time: '2031-03-30T01:30:00+02:00',
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await listFrontendErrors(ctx.database.db);
    expect(row).toMatchObject({ msg: 'TypeError: x is undefined', level: 'error', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(row!.clientTime?.toISOString()).toBe('2031-03-29T23:30:00.000Z');
  });

  it('keeps no personal data: e-mail, identity and phone numbers, tokens and query strings are removed', async () => {
    const msg =
      'Failed for kari.nordmann@example.no pid 12088012345 tlf 41 23 45 67 at https://lokaler.oslo.kommune.no/bookinger/12?code=abc&state=xyz Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    expect((await post({ msg, level: 'error' })).statusCode).toBe(204);
    const [row] = await listFrontendErrors(ctx.database.db);
    for (const secret of ['kari.nordmann', '12088012345', '41 23 45 67', 'code=abc', 'eyJ']) expect(row!.msg).not.toContain(secret);
    expect(row!.msg).toContain('[e-post]');
    expect(row!.msg).toContain('https://lokaler.oslo.kommune.no/bookinger/12?[…]');
  });

  it('keeps the newest 20 reports of one error, without pushing out other errors', async () => {
    await post({ msg: 'ChunkLoadError: loading chunk 7 failed', level: 'error' });
    for (let i = 0; i < KEEP_PER_ERROR + 5; i++) {
      expect((await post({ msg: `Render crash in row ${i}`, level: 'error' })).statusCode).toBe(204);
    }
    const rows = await listFrontendErrors(ctx.database.db);
    const crash = rows.filter((r) => r.fingerprint === fingerprintOf('error', 'Render crash in row 0'));
    expect(crash).toHaveLength(KEEP_PER_ERROR);
    // The newest are kept: 'row 24' is there, 'row 4' (the 5th) is not.
    expect(crash.map((r) => r.msg)).toContain('Render crash in row 24');
    expect(crash.map((r) => r.msg)).not.toContain('Render crash in row 4');
    expect(rows.filter((r) => r.msg.startsWith('ChunkLoadError'))).toHaveLength(1);
  });

  it('caps the table as a whole, dropping the oldest', async () => {
    for (let i = 0; i < 6; i++) await post({ msg: `Distinct error ${'x'.repeat(i)}`, level: 'warn' });
    await pruneTotal(ctx.database.db, 4);
    const rows = await listFrontendErrors(ctx.database.db);
    expect(rows.map((r) => r.msg)).toEqual([5, 4, 3, 2].map((i) => `Distinct error ${'x'.repeat(i)}`));
  });

  it('cuts very long messages', async () => {
    expect((await post({ msg: 'a'.repeat(15_000), level: 'error' })).statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(frontendErrors).where(eq(frontendErrors.level, 'error'));
    expect(row!.msg.length).toBeLessThanOrEqual(2_000);
  });

  it.each([
    [{ level: 'error' }, 'body.msg'],
    [{ msg: '   ', level: 'error' }, 'body.msg'],
    [{ msg: 'x' }, 'body.level'],
    [{ msg: 'x', level: 'error', time: 'yesterday' }, 'body.time'],
    [{ msg: 'x'.repeat(20_001), level: 'error' }, 'body.msg'],
  ])('refuses %j with 400 naming %s, and stores nothing', async (payload, path) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: expect.arrayContaining([expect.objectContaining({ path })]) });
    expect(await listFrontendErrors(ctx.database.db)).toEqual([]);
  });

  it(`limits a client address to ${FRONTEND_ERROR_RATE_LIMIT} reports a minute, others are not affected`, async () => {
    const from = (remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/frontenderror', remoteAddress, payload: { msg: 'Flood', level: 'error' } });
    for (let i = 0; i < FRONTEND_ERROR_RATE_LIMIT; i++) expect((await from('192.0.2.40')).statusCode).toBe(204);
    const before = await listFrontendErrors(ctx.database.db);
    const limited = await from('192.0.2.40');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', userMsg: 'For mange forespørsler. Vent litt og prøv igjen.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await listFrontendErrors(ctx.database.db)).toEqual(before);
    expect((await from('192.0.2.41')).statusCode).toBe(204);
  });
});
