import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@lokaler/domain/api-error';
import { signAccessToken } from '../../test/access-tokens';
import { bearer, loginAs } from '../../test/login';
import { useTestApp } from '../../test/test-app';
import { queryRows } from '../db/client';
import { testCitizens } from '../seed/test-users';

const kari = testCitizens[0]!;

describe('access token verification', () => {
  const ctx = useTestApp();

  const roles = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers });

  async function expectUnauthorized(headers: Record<string, string>, reason?: RegExp) {
    const res = await roles(headers);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    const body = res.json();
    expect(body).toEqual({ code: 'UNAUTHENTICATED', msg: expect.any(String), userMsg: messages.unauthorized });
    if (reason) expect(body.msg).toMatch(reason);
    return body as { msg: string };
  }

  it('accepts a token from the real login flow and knows the person', async () => {
    const { accessToken } = await loginAs(ctx.app, kari);
    const res = await roles(bearer(accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: expect.any(Number),
      name: 'Kari Nordmann',
      email: kari.email,
      portal: 'PUBLIC',
      roles: ['PUBLIC'],
    });
  });

  it('accepts a well-formed token signed with the provider key (the forging helper is sound)', async () => {
    const res = await roles(bearer(await signAccessToken(ctx.app)));
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 with the spec text when there is no token', async () => {
    const res = await roles();
    expect(res.headers['www-authenticate']).toBe('Bearer');
    await expectUnauthorized({}, /Missing bearer token/);
  });

  it('answers 401 to a malformed Authorization header or a token that is not a JWT', async () => {
    await expectUnauthorized({ authorization: 'Basic a2FyaTpoZW1tZWxpZw==' }, /Malformed/);
    await expectUnauthorized({ authorization: 'Bearer' }, /Malformed/);
    await expectUnauthorized(bearer('not-a-jwt'), /not a JWT/);
  });

  it('answers 401 to another client and a non-access-token typ (the other negatives: token-negatives.test.ts)', async () => {
    await expectUnauthorized(bearer(await signAccessToken(ctx.app, { claims: { client_id: 'someone-else' } })), /another client/);
    await expectUnauthorized(bearer(await signAccessToken(ctx.app, { typ: 'logout+jwt' })), /typ/);
  });

  it('takes the typ of each provider: none (ID-porten), JWT (Entra ID), at+jwt and application/at+jwt', async () => {
    for (const typ of [undefined, 'JWT', 'at+jwt', 'application/at+jwt']) {
      expect((await roles(bearer(await signAccessToken(ctx.app, { typ })))).statusCode).toBe(200);
    }
  });

  it('refuses the ID token as an access token', async () => {
    const { idToken } = await loginAs(ctx.app, kari);
    await expectUnauthorized(bearer(idToken));
  });

  it('keeps users by sub and never stores the national identity number', async () => {
    await roles(bearer((await loginAs(ctx.app, kari)).accessToken));
    await roles(bearer((await loginAs(ctx.app, kari)).accessToken));
    const users = await queryRows<Record<string, unknown>>(ctx.database.db, sql`select * from users where sub = ${kari.sub}`);
    expect(users).toHaveLength(1);
    const everything = await queryRows<{ dump: string }>(
      ctx.database.db,
      sql`select coalesce(string_agg(u::text, ' '), '') as dump from users u`,
    );
    expect(everything[0]!.dump).toContain(kari.sub);
    expect(everything[0]!.dump).not.toContain(kari.pid);
    // Nor does the provider's storage (sessions, grants, codes, refresh tokens).
    const stored = await queryRows<{ dump: string }>(
      ctx.database.db,
      sql`select coalesce(string_agg(payload::text, ' '), '') as dump from oidc_payloads`,
    );
    expect(stored[0]!.dump).not.toContain(kari.pid);
  });

  it('never takes a name or an e-mail from the access token (they come from the ID token, decision 032)', async () => {
    const res = await roles(
      bearer(
        await signAccessToken(ctx.app, {
          claims: { sub: 'never-seen-before', pid: '00000000000', name: 'Mallory', email: 'mallory@example.no' },
        }),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '', email: null, portal: 'PUBLIC' });
  });

  it("fills a new citizen's e-mail from the person register by the token's pid", async () => {
    const res = await roles(bearer(await signAccessToken(ctx.app, { claims: { sub: 'first-sight', pid: kari.pid } })));
    expect(res.json()).toMatchObject({ name: '', email: kari.email });
  });
});

describe('access token lifetime', () => {
  const ctx = useTestApp({ OIDC_ACCESS_TOKEN_TTL_SECONDS: '1' });

  it('a real token stops working when it expires', async () => {
    // Without the ID token's PUT: on a busy machine the one-second token may be gone before it.
    const { accessToken, expiresIn } = await loginAs(ctx.app, kari, { sendIdToken: false });
    expect(expiresIn).toBeLessThanOrEqual(1);
    // 2.1 s later by the clock the server reads (Date only: its timers and I/O run as ever), without waiting for it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2100 });
    const res = await ctx.app
      .inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(accessToken) })
      .finally(() => vi.useRealTimers());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', userMsg: messages.unauthorized });
  });
});
