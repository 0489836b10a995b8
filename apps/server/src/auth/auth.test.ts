import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@lokaler/domain/api-error';
import { signAccessToken } from '../../test/access-tokens';
import { bearer, loginAs } from '../../test/login';
import { createTestApp, type TestContext } from '../../test/test-app';
import { queryRows } from '../db/client';
import { testCitizens } from '../idp/test-users';

const kari = testCitizens[0]!;

describe('access token verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const roles = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers });

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
    expect(res.json()).toEqual({ userId: expect.any(Number), name: 'Kari Nordmann', email: kari.email, portal: 'PUBLIC', roles: ['PUBLIC'] });
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
    await expectUnauthorized(bearer(await signAccessToken(ctx.app, { typ: 'JWT' })), /typ/);
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
    const everything = await queryRows<{ dump: string }>(ctx.database.db, sql`select coalesce(string_agg(u::text, ' '), '') as dump from users u`);
    expect(everything[0]!.dump).toContain(kari.sub);
    expect(everything[0]!.dump).not.toContain(kari.pid);
    // Nor does the provider's storage (sessions, grants, codes, refresh tokens).
    const stored = await queryRows<{ dump: string }>(ctx.database.db, sql`select coalesce(string_agg(payload::text, ' '), '') as dump from oidc_payloads`);
    expect(stored[0]!.dump).not.toContain(kari.pid);
  });

  it('keeps the stored name and e-mail when a token carries none (as ID-porten\'s do)', async () => {
    await roles(bearer(await signAccessToken(ctx.app)));
    const bare = await roles(bearer(await signAccessToken(ctx.app, { claims: { name: undefined, email: undefined } })));
    expect(bare.json()).toMatchObject({ name: 'Kari Nordmann', email: kari.email });
    const stranger = await roles(bearer(await signAccessToken(ctx.app, { claims: { sub: 'never-seen-before', name: undefined, email: undefined } })));
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({ name: '', email: null, portal: 'PUBLIC' });
  });

  it('takes a changed name from the token into the users row', async () => {
    const token = await signAccessToken(ctx.app, { claims: { name: 'Kari Nordmann-Hansen' } });
    const res = await roles(bearer(token));
    expect(res.json()).toMatchObject({ name: 'Kari Nordmann-Hansen' });
    const back = await roles(bearer(await signAccessToken(ctx.app)));
    expect(back.json()).toMatchObject({ name: 'Kari Nordmann' });
  });
});

describe('access token lifetime', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ OIDC_ACCESS_TOKEN_TTL_SECONDS: '1' });
  });
  afterAll(() => ctx.close());

  it('a real token stops working when it expires', async () => {
    const { accessToken, expiresIn } = await loginAs(ctx.app, kari);
    expect(expiresIn).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', userMsg: messages.unauthorized });
  });
});
