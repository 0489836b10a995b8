import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { impersonationMessages } from '@lokaler/domain/impersonation';
import type { UserBookingSummary } from '@lokaler/domain/user-booking';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { localOrganizations, type LocalOrgRegistry } from '../../integrations/org-registry/local-org-registry';
import { bearer, loginAs } from '../../../test/login';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { addFlow, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { IMPERSONATION_COOKIE } from './impersonation-cookie';

describe('acting for an organisation: /api/user/impersonation…', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let per: CitizenSession;
  let ola: CitizenSession;
  let clubBooking: number;
  let perPrivate: number;
  let kariPrivate: number;
  let schoolRoom: number;
  const club = localOrganizations.sageneSjakklubb;
  const choir = localOrganizations.frognerDamekor;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const locationId = (await createLocation(db, { name: 'Sagene samfunnshus' })).id;
    const room = (await createAsset(db, locationId, { name: 'Møterom', externalAssetNumber: 'M1' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
    per = await citizenSession(ctx.app, testCitizens[3]!);
    const time = (startTime: string) => [{ bookableAssetId: room, date: inDays(5), startTime, durationMinutes: 60 }];
    clubBooking = (
      await applicantBooking(db, {
        locationId,
        userId: per.userId,
        organization: { number: club.orgnr, name: club.orgNavn },
        times: time('18:00:00'),
      })
    ).id;
    perPrivate = (await applicantBooking(db, { locationId, userId: per.userId, times: time('19:00:00') })).id;
    kariPrivate = (await applicantBooking(db, { locationId, userId: kari.userId, times: time('20:00:00') })).id;
    const school = await createLocation(db, { name: 'Sagene skole' });
    await setOpeningHours(db, school.id, '16:00', '22:00');
    schoolRoom = (await createAsset(db, school.id, { name: 'Gymsal', bookingFlowId: (await addFlow(db, 'school')).id })).id;
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    (ctx.app.orgRegistry as LocalOrgRegistry).resetRoles();
    for (const who of [kari, per, ola]) who.cookies.clear();
  });

  const actAs = (who: CitizenSession, orgNo: string, orgName = 'x') =>
    who.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo, orgName } });
  const mine = async (who: CitizenSession) =>
    (await who.request({ method: 'GET', url: '/api/user/booking' })).json<UserBookingSummary[]>().map((b) => b.bookingId);
  const effective = async (who: CitizenSession) =>
    (await who.request({ method: 'GET', url: '/api/user/impersonation/effectiveuser' })).json();

  it('lists the organisations where the person has the role kommunale tjenester', async () => {
    expect((await kari.request({ method: 'GET', url: '/api/user/impersonation/organizations/valid' })).json()).toEqual([
      { orgnr: choir.orgnr, orgNavn: 'Frogner Damekor', rolleKode: 'KOMAB', impersonationId: choir.orgnr },
      { orgnr: club.orgnr, orgNavn: 'Sagene Sjakklubb', rolleKode: 'KOMAB', impersonationId: club.orgnr },
    ]);
    expect((await ola.request({ method: 'GET', url: '/api/user/impersonation/organizations/valid' })).json()).toEqual([
      {
        orgnr: localOrganizations.toyenSportsklubb.orgnr,
        orgNavn: 'Tøyen Sportsklubb',
        rolleKode: 'KOMAB',
        impersonationId: localOrganizations.toyenSportsklubb.orgnr,
      },
    ]);
  });

  it('switches with a signed, httpOnly, SameSite=Lax cookie for /api, and back to the private person', async () => {
    expect(await effective(kari)).toEqual({
      name: 'Kari Nordmann',
      id: String(kari.userId),
      impersonationId: null,
      email: testCitizens[0]!.email,
    });
    const res = await actAs(kari, club.orgnr, 'whatever the client says');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Sagene Sjakklubb', id: club.orgnr, impersonationId: club.orgnr, email: testCitizens[0]!.email });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${IMPERSONATION_COOKIE}=${kari.userId}:${club.orgnr}\\.[A-Za-z0-9+/_-]+;`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api');
    expect(await effective(kari)).toMatchObject({ name: 'Sagene Sjakklubb', impersonationId: club.orgnr });

    const back = await actAs(kari, '', 'NO_IMPERSONATION');
    expect(back.json()).toMatchObject({ name: 'Kari Nordmann', impersonationId: null });
    expect(kari.cookies.has(IMPERSONATION_COOKIE)).toBe(false);
  });

  it("shows an organisation's bookings to every representative, and keeps them out of private lists", async () => {
    expect(await mine(per)).toEqual([perPrivate]);
    expect(await mine(kari)).toEqual([kariPrivate]);
    await actAs(per, club.orgnr);
    await actAs(kari, club.orgnr);
    expect(await mine(per)).toEqual([clubBooking]);
    expect(await mine(kari)).toEqual([clubBooking]);
    const detail = await kari.request({ method: 'GET', url: `/api/user/booking/${clubBooking}` });
    expect(detail.json()).toMatchObject({ displayOrgName: 'Sagene Sjakklubb', userName: 'Per Hansen' });
    expect((await kari.request({ method: 'GET', url: `/api/user/booking/${kariPrivate}` })).statusCode).toBe(404);
    await actAs(kari, choir.orgnr);
    expect(await mine(kari)).toEqual([]);
    expect((await ola.request({ method: 'GET', url: `/api/user/booking/${clubBooking}` })).statusCode).toBe(404);
  });

  it("makes an application sent while acting for an organisation the organisation's, seen by its other representatives", async () => {
    await actAs(kari, club.orgnr);
    const sent = await kari.request({
      method: 'POST',
      url: '/api/booking',
      payload: {
        availabilityData: {
          probablyAvailable: [
            {
              bookableAssetId: schoolRoom,
              datesAndTimes: [{ date: inDays(21), startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }],
            },
          ],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: {
          activity: 'Sjakk',
          purpose: 'Klubbkveld',
          participants: 12,
          contactEmail: 'kari.nordmann@example.no',
          contactPhone: '41234567',
          message: '',
        },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { bookingId } = sent.json<{ bookingId: number }>();
    await actAs(per, club.orgnr);
    expect(await mine(per)).toContain(bookingId);
    expect((await per.request({ method: 'GET', url: `/api/user/booking/${bookingId}` })).json()).toMatchObject({
      displayOrgName: 'Sagene Sjakklubb',
    });
    await actAs(kari, '', 'NO_IMPERSONATION');
    expect(await mine(kari)).not.toContain(bookingId);
  });

  it('refuses an organisation the person does not represent and keeps the current choice', async () => {
    await actAs(kari, club.orgnr);
    for (const orgNo of [localOrganizations.toyenSportsklubb.orgnr, localOrganizations.snekkerservice.orgnr, '123']) {
      const res = await actAs(kari, orgNo);
      expect([orgNo, res.statusCode, res.json().userMsg]).toEqual([orgNo, 403, impersonationMessages.notRepresentative]);
    }
    expect(await effective(kari)).toMatchObject({ impersonationId: club.orgnr });
  });

  it('ignores a cookie it did not sign, or one set for another person, and clears it', async () => {
    kari.cookies.set(IMPERSONATION_COOKIE, `${kari.userId}:${club.orgnr}`);
    const forged = await kari.request({ method: 'GET', url: '/api/user/booking' });
    expect(forged.json<UserBookingSummary[]>().map((b) => b.bookingId)).toEqual([kariPrivate]);
    expect(String(forged.headers['set-cookie'])).toMatch(new RegExp(`^${IMPERSONATION_COOKIE}=;`));

    await actAs(kari, club.orgnr);
    const karisCookie = kari.cookies.get(IMPERSONATION_COOKIE)!;
    per.cookies.set(IMPERSONATION_COOKIE, karisCookie);
    expect(await mine(per)).toEqual([perPrivate]);
    expect(per.cookies.has(IMPERSONATION_COOKIE)).toBe(false);
  });

  it("checks the register on every request: a withdrawn role answers 403 once, clears the cookie, and nothing is done in the organisation's name", async () => {
    await actAs(kari, club.orgnr);
    (ctx.app.orgRegistry as LocalOrgRegistry).setRoles(testCitizens[0]!.sub, []);
    const stale = await kari.request({ method: 'GET', url: '/api/user/booking' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'FORBIDDEN', userMsg: impersonationMessages.stale });
    expect(kari.cookies.has(IMPERSONATION_COOKIE)).toBe(false);
    expect(await mine(kari)).toEqual([kariPrivate]);

    await actAs(kari, '', 'NO_IMPERSONATION');
    (ctx.app.orgRegistry as LocalOrgRegistry).resetRoles();
    await actAs(kari, club.orgnr);
    (ctx.app.orgRegistry as LocalOrgRegistry).setRoles(testCitizens[0]!.sub, []);
    // "Who am I" falls back to the private person rather than failing the page header.
    expect(await effective(kari)).toMatchObject({ name: 'Kari Nordmann', impersonationId: null });
  });

  it('clears the cookie at logout, also without a valid token', async () => {
    await actAs(kari, club.orgnr);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { cookie: `${IMPERSONATION_COOKIE}=${kari.cookies.get(IMPERSONATION_COOKIE)}` },
    });
    expect(res.statusCode).toBe(204);
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(new RegExp(`^${IMPERSONATION_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(cleared).toContain('Path=/api');
  });

  it("never lets an administrator's token act for an organisation: the organisation routes are the portal's, 401", async () => {
    const siri = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
    await actAs(kari, club.orgnr);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/impersonation/effectiveuser',
      headers: { ...bearer(siri), cookie: `${IMPERSONATION_COOKIE}=${kari.cookies.get(IMPERSONATION_COOKIE)}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('Kari');
    const organizations = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/impersonation/organizations/valid',
      headers: bearer(siri),
    });
    expect(organizations.statusCode).toBe(401);
    expect(organizations.body).not.toContain(club.orgnr);
  });
});
