import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExternalIssuer, startKrrStub, krrEnv, type ExternalIssuer, type KrrStub } from '../../test/external-issuer';
import { addLocationAdmin, inDays, setOpeningHours } from '../../test/factories/calendar';
import { createAsset, createLocation } from '../../test/factories/places';
import { bearer, sendIdToken } from '../../test/login';
import { createTestApp, type TestContext } from '../../test/test-app';
import { queryRows } from '../db/client';
import { withCheckDigits } from '../seed/test-users';

const PUBLIC_URL = 'https://lokaler.example.no';
/** ID-porten registers clients with UUID-like ids; Entra ID's app registrations are UUIDs too. */
const PORTAL_CLIENT = '4c0a7b2e-9d1f-4e55-a3b6-0d2c9f8e7a61';
const ADMIN_CLIENT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
/** Entra ID's access tokens carry the API app's App ID URI (or client id) as aud; no resource indicator. */
const ADMIN_API = 'api://lokaler-api';
const citizenPid = withCheckDigits('150772', '456');

/**
 * Decision 032: with ID-porten and Entra ID configured by environment variables only, tokens
 * shaped exactly like theirs go the whole way: a citizen's ID-porten token books (the e-mail from
 * KRR behind Maskinporten, the name from the ID token), an administrator's Entra token approves.
 */
describe('real providers by configuration: ID-porten for citizens, Entra ID for administrators', () => {
  let ctx: TestContext;
  let idporten: ExternalIssuer;
  let entra: ExternalIssuer;
  let krr: KrrStub;
  const logs: Record<string, unknown>[] = [];
  let room: number;

  beforeAll(async () => {
    idporten = await startExternalIssuer('idporten');
    entra = await startExternalIssuer('entra');
    krr = await startKrrStub({ [citizenPid]: { epostadresse: 'lise.lokal@example.no', mobiltelefonnummer: '+4799887766' } });
    ctx = await createTestApp(
      {
        PUBLIC_URL,
        OIDC_ISSUER: idporten.issuer,
        OIDC_CLIENT_ID: PORTAL_CLIENT,
        ADMIN_OIDC_ISSUER: entra.issuer,
        ADMIN_OIDC_CLIENT_ID: ADMIN_CLIENT,
        ADMIN_OIDC_AUDIENCE: ADMIN_API,
        ADMIN_OIDC_RESOURCE: '',
        ADMIN_OIDC_SCOPES: `openid profile ${ADMIN_API}/Lokaler.Admin`,
        ADMIN_OIDC_USER_CLAIM: 'preferred_username',
        ADMIN_OIDC_CITY_ADMIN_CLAIM: 'roles',
        ADMIN_OIDC_CITY_ADMIN_VALUE: 'Lokaler.CityAdmin',
        ...krrEnv(krr),
      },
      { logs },
    );
    const db = ctx.database.db;
    const location = await createLocation(db, { name: 'Bjølsen skole' });
    await setOpeningHours(db, location.id, '08:00', '23:00');
    await addLocationAdmin(db, location.id, 'Siri.Saksbehandler@oslo.kommune.no');
    room = (await createAsset(db, location.id, { name: 'Gymsal' })).id;
  });
  afterAll(async () => {
    await ctx.close();
    await Promise.all([idporten.close(), entra.close(), krr.close()]);
  });

  const citizen = {
    clientId: PORTAL_CLIENT,
    sub: 'Xk3pZ0q9yHn6bT1uR4wE8sA2dF5gJ7kL9mN0pQ3rS6t=',
    audience: `${PUBLIC_URL}/api`,
    claims: { pid: citizenPid },
  };
  const admin = {
    clientId: ADMIN_CLIENT,
    sub: 'aBcD3fGh1jKlMn0pQrStUvWxYz0123456789AbCdEf',
    audience: ADMIN_API,
    claims: { preferred_username: 'Siri.Saksbehandler@oslo.kommune.no', name: 'Siri Saksbehandler', roles: ['Lokaler.User'] },
  };
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('a whole login → booking → approval with ID-porten and Entra ID tokens', async () => {
    // The citizen: an ID-porten access token (no typ, pid, no name or e-mail) and the login's ID token.
    const citizenToken = await idporten.accessToken(citizen);
    const first = await call(citizenToken, 'GET', '/api/currentuser/roles');
    expect(first.statusCode, first.body).toBe(200);
    // The e-mail from KRR (through Maskinporten's JWT grant), the name not known yet.
    expect(first.json()).toMatchObject({ name: '', email: 'lise.lokal@example.no', portal: 'PUBLIC', roles: ['PUBLIC'] });
    await sendIdToken(ctx.app, citizenToken, await idporten.idToken({ ...citizen, claims: { name: 'Lise Lokal' } }));
    expect((await call(citizenToken, 'GET', '/api/currentuser/roles')).json()).toMatchObject({
      name: 'Lise Lokal',
      email: 'lise.lokal@example.no',
    });

    // The form is filled in with what the server knows (the portal prefills it from /currentuser/roles); the person may change it.
    const known = (await call(citizenToken, 'GET', '/api/currentuser/roles')).json<{ email: string }>();
    const booked = await call(citizenToken, 'POST', '/api/booking', {
      availabilityData: {
        probablyAvailable: [
          {
            bookableAssetId: room,
            datesAndTimes: [{ date: inDays(20), startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }],
          },
        ],
      },
      isRepeating: false,
      bookingPortalClient: 'PUBLIC',
      bookingPurpose: 'PUBLICUSER_LOAN',
      formAnswers: { activity: 'Volleyball', participants: 12, contactEmail: known.email, contactPhone: '99887766', message: '' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { bookingId } = booked.json<{ bookingId: number }>();
    // The receipt goes to the address KRR gave.
    const mail = await queryRows<{ recipient: string }>(
      ctx.database.db,
      sql`select recipient from mail_outbox where topic->>'bookingId' = ${String(bookingId)}`,
    );
    expect(mail.map((m) => m.recipient)).toEqual(['lise.lokal@example.no']);

    // The administrator: an Entra ID v2 access token (typ JWT, azp, preferred_username, roles), matched by preferred_username.
    const adminToken = await entra.accessToken(admin);
    const roles = await call(adminToken, 'GET', '/api/currentuser/roles');
    expect(roles.statusCode, roles.body).toBe(200);
    expect(roles.json()).toMatchObject({ portal: 'ADMIN', roles: ['ADMIN'] });
    await sendIdToken(
      ctx.app,
      adminToken,
      await entra.idToken({ ...admin, claims: { name: 'Siri Saksbehandler', preferred_username: 'Siri.Saksbehandler@oslo.kommune.no' } }),
    );
    const approved = await call(adminToken, 'PUT', `/api/booking/${bookingId}/approve`, { costCategory: 'FREE' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await call(citizenToken, 'GET', `/api/user/booking/${bookingId}`)).json()).toMatchObject({ status: 'APPROVED' });

    // Maskinporten was asked once (the token is cached), KRR with the pid in the body only.
    expect(krr.grants).toHaveLength(1);
    expect(krr.grants[0]).toMatchObject({ iss: 'lokaler-maskinporten-client', scope: 'krr:global/kontaktinformasjon.read' });
    expect(krr.lookups).toEqual([{ body: { personidentifikatorer: [citizenPid] }, authorization: expect.stringMatching(/^Bearer /) }]);
    // Nothing of the person in any log line.
    expect(JSON.stringify(logs)).not.toContain(citizenPid);
  });

  it('gives city-wide rights through the configured role claim', async () => {
    const plain = await call(
      await entra.accessToken({ ...admin, sub: 'other-admin', claims: { preferred_username: 'ny@oslo.kommune.no' } }),
      'GET',
      '/api/currentuser/roles',
    );
    expect(plain.json()).toMatchObject({ roles: [] });
    const city = await call(
      await entra.accessToken({
        ...admin,
        sub: 'city-admin',
        claims: { preferred_username: 'by@oslo.kommune.no', roles: ['Lokaler.User', 'Lokaler.CityAdmin'] },
      }),
      'GET',
      '/api/currentuser/roles',
    );
    expect(city.json()).toMatchObject({ roles: ['CITY_ADMIN'] });
  });

  describe('refused tokens: 401 and a warn line naming the reason and the issuer', () => {
    async function expectRefused(token: string, reason: RegExp) {
      logs.length = 0;
      const res = await call(token, 'GET', '/api/currentuser/roles');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', msg: expect.stringMatching(reason) });
      const line = logs.find((l) => l.msg === 'Access token refused');
      expect(line).toMatchObject({ level: 40, reason: expect.stringMatching(reason) });
      expect(JSON.stringify(line)).not.toContain(token.split('.')[2]);
      return line!;
    }

    it('an unconfigured issuer', async () => {
      const stranger = await startExternalIssuer('idporten');
      try {
        const line = await expectRefused(await stranger.accessToken(citizen), /unknown issuer/);
        expect(line.issuer).toBe(stranger.issuer);
      } finally {
        await stranger.close();
      }
    });

    it('a wrong audience', async () => {
      const line = await expectRefused(await idporten.accessToken({ ...citizen, audience: 'https://other.example.no/api' }), /aud/);
      expect(line.issuer).toBe(idporten.issuer);
      // An Entra token for another API of the tenant.
      await expectRefused(await entra.accessToken({ ...admin, audience: 'api://another-api' }), /aud/);
    });

    it('an acr too low', async () => {
      await expectRefused(
        await idporten.accessToken({ ...citizen, claims: { ...citizen.claims, acr: 'idporten-loa-low' } }),
        /level of assurance/,
      );
    });

    it('an algorithm not allowed (ES256, a key the issuer does publish, while RS256 is configured)', async () => {
      await expectRefused(await idporten.accessToken({ ...citizen, alg: 'ES256' }), /alg/);
    });

    it('an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 600;
      await expectRefused(await idporten.accessToken({ ...citizen, claims: { ...citizen.claims, iat: past, exp: past + 120 } }), /"exp"/);
    });

    it('an ID token sent as the access token', async () => {
      // ID-porten's ID token names no client_id; one that did would still carry the client, not the API, as aud.
      await expectRefused(await idporten.idToken(citizen), /another client/);
      await expectRefused(await idporten.idToken({ ...citizen, claims: { client_id: PORTAL_CLIENT } }), /aud/);
    });
  });

  describe("PUT /api/currentuser/id-token refuses what is not this login's ID token, and changes nothing", () => {
    const put = async (accessToken: string, idToken: string) => call(accessToken, 'PUT', '/api/currentuser/id-token', { idToken });
    const other = { ...citizen, sub: 'another-citizen', claims: { pid: withCheckDigits('010203', '123') } };

    it("400 for another subject, another client, an expired one or another issuer's; 401 without a valid access token", async () => {
      const token = await idporten.accessToken(other);
      await put(token, await idporten.idToken({ ...other, claims: { name: 'Ola Første' } }));
      const cases = [
        [await idporten.idToken({ ...citizen, claims: { name: 'Feil Person' } }), /"sub"/],
        [await idporten.idToken({ ...other, clientId: 'someone-else', claims: { name: 'Feil Klient' } }), /"aud"/],
        [await idporten.idToken({ ...other, claims: { name: 'For Sent', iat: 1_700_000_000, exp: 1_700_000_120 } }), /"exp"/],
        [await entra.idToken({ ...other, claims: { name: 'Feil Utsteder' } }), /another issuer/],
        ['not-a-jwt', /not a JWT/],
      ] as const;
      for (const [idToken, reason] of cases) {
        const res = await put(token, idToken);
        expect(res.statusCode, idToken.slice(0, 20)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringMatching(reason) });
      }
      expect((await call(token, 'GET', '/api/currentuser/roles')).json()).toMatchObject({ name: 'Ola Første' });
      expect((await ctx.app.inject({ method: 'PUT', url: '/api/currentuser/id-token', payload: { idToken: 'x' } })).statusCode).toBe(401);
    });
  });
});
