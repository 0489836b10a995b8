import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { cityAdmins } from '../../db/schema/location-setup';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { call } from '../../../test/admin-test-support';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { addLocationAdmin } from '../../../test/factories/calendar';
import { createArea, createLocation } from '../../../test/factories/places';

const [siriPerson, , , bentePerson, noraPerson] = testAdmins;
type Caller = 'anonymous' | 'citizen' | 'otherAdmin' | 'locationAdmin' | 'cityAdmin';

/**
 * Who may call which route of the module (decision 015): anonymous 401, a citizen
 * 403, the administrator of another location 403, the location's administrator and a city admin get
 * through. The location's administrator here is Nora, who claimed its invitation.
 */
describe('admin locations: the access matrix', () => {
  let ctx: TestContext;
  const tokens: Record<Caller, string | null> = { anonymous: null, citizen: null, otherAdmin: null, locationAdmin: null, cityAdmin: null };
  let locationId: number;
  let linkId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await createArea(db, 'sagene', 'Sagene');
    await db.insert(cityAdmins).values({ email: bentePerson!.email.toLowerCase() });
    await addLocationAdmin(db, (await createLocation(db, { name: 'Siris skole' })).id, siriPerson!.email);
    const [siri, bente, nora, kari] = await Promise.all([
      loginAs(ctx.app, siriPerson!, { client: 'admin' }),
      loginAs(ctx.app, bentePerson!, { client: 'admin' }),
      loginAs(ctx.app, noraPerson!, { client: 'admin' }),
      loginAs(ctx.app, testCitizens[0]!),
    ]);
    Object.assign(tokens, {
      otherAdmin: siri.accessToken,
      cityAdmin: bente.accessToken,
      locationAdmin: nora.accessToken,
      citizen: kari.accessToken,
    });
    const created = await call(ctx.app, tokens.cityAdmin, 'POST', '/api/admin/new-locations', {
      name: 'Matriseskolen',
      publicLocationType: 'SCHOOLS',
      geographicAreaId: 'sagene',
      adminEmail: noraPerson!.email,
    });
    locationId = created.json().locationId;
    const [mail] = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`select body from mail_outbox where recipient = ${noraPerson!.email.toLowerCase()}`,
    );
    linkId = /nytt-lokale\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    expect((await call(ctx.app, tokens.locationAdmin, 'POST', `/api/admin/new-location/${linkId}/claim`)).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const info = {
    name: 'Matriseskolen',
    publicLocationType: 'SCHOOLS',
    filterCategory: 'SCHOOLS',
    geographicAreaId: 'sagene',
    lat: null,
    lng: null,
  };
  const prefs = {
    behandlingstid: 3,
    minBookingDurationMinutes: null,
    requireCostCategory: false,
    displayInPortal: true,
    allowRepeatedBookingsForPublicUser: true,
    allowSingleBookingsForPublicUser: true,
    maxOneTimeslotPerBookingForPublicUser: false,
  };
  const tenantInfo = { heading: 'Velkommen', description: 'Ring på.', links: [] };
  const allowed = 200;

  /** [method, url, body, what the location's administrator and the city admin get] */
  const settingsRoutes = (): [string, string, unknown, number][] => [
    ['GET', `/api/admin/location/${locationId}`, undefined, allowed],
    ['PUT', `/api/admin/location/${locationId}`, info, allowed],
    ['GET', `/api/preferences/location/${locationId}`, undefined, allowed],
    ['PUT', `/api/preferences/location/${locationId}`, prefs, allowed],
    ['PUT', `/api/admin/location/${locationId}/about`, { whoCanApply: '<p>Alle</p>' }, allowed],
    ['GET', `/api/admin/location/${locationId}/tenant-info`, undefined, allowed],
    ['PUT', `/api/admin/location/${locationId}/tenant-info`, tenantInfo, allowed],
    ['GET', `/api/admin/new-location/${linkId}`, undefined, allowed],
    ['PUT', `/api/admin/new-location/${linkId}/steps/tilganger`, { status: 'STARTED' }, allowed],
    // Past the access check: refused because the location is not ready.
    ['POST', `/api/admin/new-location/${linkId}/publish`, undefined, 422],
  ];

  it("lets the location's administrator and the city admin through every settings route, and nobody else", async () => {
    const expected: Record<Caller, number | null> = { anonymous: 401, citizen: 403, otherAdmin: 403, locationAdmin: null, cityAdmin: null };
    for (const [method, url, body, through] of settingsRoutes()) {
      for (const caller of Object.keys(expected) as Caller[]) {
        const res = await call(ctx.app, tokens[caller], method as 'GET', url, body);
        expect({ method, url, caller, status: res.statusCode }, res.body).toEqual({
          method,
          url,
          caller,
          status: expected[caller] ?? through,
        });
      }
    }
  });

  it('keeps creating locations and the invitation list to city admins', async () => {
    const body = { name: 'Byadminskolen', publicLocationType: 'SCHOOLS', geographicAreaId: 'sagene', adminEmail: 'ny@oslo.kommune.no' };
    const expected: Record<Caller, [number, number]> = {
      anonymous: [401, 401],
      citizen: [403, 403],
      otherAdmin: [403, 403],
      locationAdmin: [403, 403],
      cityAdmin: [201, 200],
    };
    for (const caller of Object.keys(expected) as Caller[]) {
      const post = await call(ctx.app, tokens[caller], 'POST', '/api/admin/new-locations', body);
      const list = await call(ctx.app, tokens[caller], 'GET', '/api/admin/new-locations');
      expect({ caller, statuses: [post.statusCode, list.statusCode] }).toEqual({ caller, statuses: expected[caller] });
    }
  });

  it('lets any admin-client login try a claim, but only the invited person (who claimed it) get it; others 403', async () => {
    const expected: Record<Caller, number> = { anonymous: 401, citizen: 403, otherAdmin: 403, locationAdmin: 200, cityAdmin: 403 };
    for (const caller of Object.keys(expected) as Caller[]) {
      expect({
        caller,
        status: (await call(ctx.app, tokens[caller], 'POST', `/api/admin/new-location/${linkId}/claim`)).statusCode,
      }).toEqual({ caller, status: expected[caller] });
    }
  });

  it('answers an anonymous caller 401 before reading a bad body', async () => {
    for (const [method, url] of [...settingsRoutes().filter(([m]) => m !== 'GET'), ['POST', '/api/admin/new-locations'] as const]) {
      const res = await ctx.app.inject({
        method: method as 'PUT',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('keeps the wizard to the person who claimed it, even from a co-administrator', async () => {
    await addLocationAdmin(ctx.database.db, locationId, siriPerson!.email);
    expect((await call(ctx.app, tokens.otherAdmin, 'GET', `/api/admin/location/${locationId}`)).statusCode).toBe(200);
    expect((await call(ctx.app, tokens.otherAdmin, 'GET', `/api/admin/new-location/${linkId}`)).statusCode).toBe(403);
  });
});
