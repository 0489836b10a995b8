import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { messages } from '@lokaler/domain/api-error';
import { foreignKey, signAccessToken, type AccessTokenOptions } from '../../test/access-tokens';
import { bearer, loginAs } from '../../test/login';
import { useTestApp } from '../../test/test-app';
import { testAdmins, testCitizens } from '../seed/test-users';
import { CLOCK_SKEW_SECONDS } from './token-verifier';

const kari = testCitizens[0]!;
const siri = testAdmins[0]!;
const now = () => Math.floor(Date.now() / 1000);

/**
 * Decision 016: every kind of bad access token is refused with 401 (RFC 6750 invalid_token),
 * one case per test. The tokens are minted with jose against the local provider's own key unless
 * the case is the key itself, so each test changes exactly one thing about a token the API accepts.
 */
describe('access tokens the API refuses', () => {
  const ctx = useTestApp();

  /** A citizen's route. */
  const myBookings = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user/booking', headers: bearer(token) });

  async function expectRefused(token: string, reason: RegExp) {
    const res = await myBookings(token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', msg: expect.stringMatching(reason), userMsg: messages.unauthorized });
  }

  const token = (options: AccessTokenOptions = {}) => signAccessToken(ctx.app, options);

  it('accepts the unchanged token every case below starts from', async () => {
    expect((await myBookings(await token())).statusCode).toBe(200);
  });

  it('refuses a bad signature: a key the provider never published, under the provider key id', async () => {
    await expectRefused(await token({ key: await foreignKey() }), /signature/);
  });

  it('refuses a valid token whose signature was altered', async () => {
    const [header, payload, signature] = (await token()).split('.');
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await expectRefused(`${header}.${payload}.${flipped}`, /signature/);
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    const payload = (await token()).split('.')[1];
    await expectRefused(`${header}.${payload}.`, /alg/);
  });

  it('refuses an expired token, even one second past exp (expiry gets no clock-skew grace)', async () => {
    await expectRefused(await token({ claims: { iat: now() - 300, exp: now() - 1 } }), /"exp"/);
  });

  it('refuses a token that is not yet valid (nbf beyond the clock skew)', async () => {
    await expectRefused(await token({ claims: { nbf: now() + CLOCK_SKEW_SECONDS + 60 } }), /"nbf"/);
  });

  it('refuses another issuer', async () => {
    await expectRefused(await token({ claims: { iss: 'https://idporten.example.no' } }), /issuer/);
  });

  it('refuses another audience', async () => {
    await expectRefused(await token({ claims: { aud: 'https://other.example.no/api' } }), /aud/);
  });

  it('refuses a citizen token without acr', async () => {
    await expectRefused(await token({ claims: { acr: undefined } }), /level of assurance/);
  });

  it('refuses a citizen token below idporten-loa-substantial, and takes idporten-loa-high', async () => {
    await expectRefused(await token({ claims: { acr: 'idporten-loa-low' } }), /level of assurance/);
    expect((await myBookings(await token({ claims: { acr: 'idporten-loa-high' } }))).statusCode).toBe(200);
  });

  it('refuses an iat in the future beyond the clock skew, and takes one within it', async () => {
    const ahead = now() + CLOCK_SKEW_SECONDS + 60;
    await expectRefused(await token({ claims: { iat: ahead, exp: ahead + 600 } }), /"iat"/);
    const slightlyAhead = now() + 10;
    expect((await myBookings(await token({ claims: { iat: slightlyAhead, exp: slightlyAhead + 600 } }))).statusCode).toBe(200);
  });

  it('refuses a token without iat', async () => {
    await expectRefused(await token({ claims: { iat: undefined } }), /"iat"/);
  });

  it('refuses a lifetime longer than the provider issues (with a forged far exp)', async () => {
    const ttl = ctx.app.config.oidc.accessTokenTtlSeconds;
    await expectRefused(await token({ claims: { iat: now(), exp: now() + 365 * 24 * 3600 } }), /lifetime/);
    await expectRefused(await token({ claims: { iat: now(), exp: now() + ttl + CLOCK_SKEW_SECONDS + 5 } }), /lifetime/);
    expect((await myBookings(await token({ claims: { iat: now(), exp: now() + ttl } }))).statusCode).toBe(200);
  });

  it("refuses an administrator's real token on a citizen route", async () => {
    const { accessToken } = await loginAs(ctx.app, siri, { client: 'admin' });
    expect(decodeJwt(accessToken).aud).toBe(ctx.app.config.oidc.adminAudience);
    await expectRefused(accessToken, /admin app/);
  });

  it("refuses the admin client's token carrying the portal's audience (client and audience must agree)", async () => {
    const { oidc } = ctx.app.config;
    const crossed = await token({ claims: { sub: siri.sub, client_id: oidc.adminClientId, aud: oidc.audience, email: siri.email } });
    await expectRefused(crossed, /audience/);
  });

  it("refuses the portal client's token carrying the admin audience", async () => {
    const crossed = await token({ claims: { aud: ctx.app.config.oidc.adminAudience } });
    await expectRefused(crossed, /audience/);
  });

  it("does not let a citizen's real token through to an administrator's route", async () => {
    const { accessToken } = await loginAs(ctx.app, kari);
    expect(decodeJwt(accessToken).aud).toBe(ctx.app.config.oidc.audience);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/currentuser/adminlocations', headers: bearer(accessToken) });
    // A valid token of the wrong app: refused as "not allowed" (403), as every admin route does.
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("keeps the routes both apps call open to an administrator's token", async () => {
    const { accessToken } = await loginAs(ctx.app, siri, { client: 'admin' });
    const roles = await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(accessToken) });
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toMatchObject({ portal: 'ADMIN' });
    // One booking: an unknown id is the administrator's 404, not the guard's 401.
    const booking = await ctx.app.inject({ method: 'GET', url: '/api/booking/999999', headers: bearer(accessToken) });
    expect(booking.statusCode).toBe(404);
  });
});
