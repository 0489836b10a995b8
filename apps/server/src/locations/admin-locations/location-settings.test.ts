import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationFieldMessages, type LocationInfoInput } from '@lokaler/domain/admin-location';
import { queryRows } from '../../db/client';
import { cityAdmins } from '../../db/schema/location-setup';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { call } from '../../../test/admin-test-support';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { addLocationAdmin } from '../../../test/factories/calendar';
import { createArea, createBooking, createLocation } from '../../../test/factories/places';

const [siriPerson, , , bentePerson] = testAdmins;

describe("a location's fields, preferences and texts (decision 015)", () => {
  let ctx: TestContext;
  let siri: string;
  let bente: string;
  let kari: CitizenSession;
  let locationId: number;
  let deletedId: number;
  let bookingId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await createArea(db, 'sagene', 'Sagene');
    await createArea(db, 'frogner', 'Frogner');
    await db.insert(cityAdmins).values({ email: bentePerson!.email.toLowerCase() });
    locationId = (
      await createLocation(db, {
        name: 'Sagene samfunnshus',
        publicLocationType: 'DISTRICT_VENUES',
        filterCategory: 'DISTRICT_VENUES',
        contactEmail: 'post@sagene.no',
      })
    ).id;
    deletedId = (await createLocation(db, { name: 'Revet skole', status: 'DELETED' })).id;
    await addLocationAdmin(db, locationId, siriPerson!.email);
    await addLocationAdmin(db, deletedId, siriPerson!.email);
    [siri, bente] = (await Promise.all(
      [siriPerson!, bentePerson!].map(async (p) => (await loginAs(ctx.app, p, { client: 'admin' })).accessToken),
    )) as [string, string];
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    bookingId = (await createBooking(db, locationId, kari.userId, { status: 'APPROVED' })).id;
  });
  afterAll(() => ctx.close());

  const info = (fields: Partial<LocationInfoInput> = {}): LocationInfoInput => ({
    name: 'Sagene samfunnshus',
    publicLocationType: 'DISTRICT_VENUES',
    filterCategory: 'DISTRICT_VENUES',
    geographicAreaId: 'sagene',
    streetAddress: 'Kristiansands gate 2',
    postCode: '0463',
    city: 'Oslo',
    phoneNumber: '23 45 67 89',
    contactEmail: 'post@sagene.no',
    homepage: 'https://sagene.no',
    externalUrl: null,
    companyCode: '1234',
    informationMessage: null,
    lat: 59.93,
    lng: 10.75,
    ...fields,
  });
  const auditActions = async () =>
    await queryRows<{ action: string; before: unknown; after: unknown }>(
      ctx.database.db,
      sql`
    select action, before, after from location_audit_log where location_id = ${locationId} order by id`,
    );

  it('answers every field the administrator edits', async () => {
    const res = await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: locationId,
      status: 'PUBLISHED',
      name: 'Sagene samfunnshus',
      geographicAreaId: 'sagene',
      geographicAreaName: 'Sagene',
      contactEmail: 'post@sagene.no',
      lat: null,
      lng: null,
      requireContract: false,
      preferences: { behandlingstid: 0, minBookingDurationMinutes: null, displayInPortal: true, allowSingleBookingsForPublicUser: true },
    });
  });

  it('saves the fields, the information message without its script, and audits only what changed', async () => {
    const before = await auditActions();
    const res = await call(
      ctx.app,
      siri,
      'PUT',
      `/api/admin/location/${locationId}`,
      info({ informationMessage: '<p>Velkommen<script>alert("x")</script> <a href="https://sagene.no" onclick="steal()">hit</a></p>' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      streetAddress: 'Kristiansands gate 2',
      postCode: '0463',
      lat: 59.93,
      lng: 10.75,
      informationMessage: '<p>Velkommen <a href="https://sagene.no" target="_blank" rel="noopener">hit</a></p>',
    });
    // The portal reads the stored, cleaned text.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/location/${locationId}` })).json().informationMessage).not.toContain('script');
    const entries = (await auditActions()).slice(before.length);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'LOCATION_INFO',
      before: { streetAddress: null, lat: null },
      after: { streetAddress: 'Kristiansands gate 2', lat: 59.93 },
    });
    expect(Object.keys(entries[0]!.after as object)).not.toContain('name');

    // The same again changes nothing and writes no entry.
    await call(
      ctx.app,
      siri,
      'PUT',
      `/api/admin/location/${locationId}`,
      info({ informationMessage: '<p>Velkommen <a href="https://sagene.no">hit</a></p>' }),
    );
    expect(await auditActions()).toHaveLength(before.length + 1);
    // Changing the district to a known one works.
    expect(
      (await call(ctx.app, siri, 'PUT', `/api/admin/location/${locationId}`, info({ geographicAreaId: 'frogner' }))).json()
        .geographicAreaName,
    ).toBe('Frogner');
  });

  it.each([
    ['a post code that is not 4 digits', { postCode: '04a3' }, 'body.postCode', locationFieldMessages.postCode],
    ['a position with lat but no lng', { lat: 59.9, lng: null }, 'body.lat', locationFieldMessages.positionBoth],
    ['a javascript: homepage', { homepage: 'javascript:alert(1)' }, 'body.homepage', locationFieldMessages.url],
    ['an empty name', { name: '  ' }, 'body.name', locationFieldMessages.nameRequired],
    ['a bad e-mail', { contactEmail: 'post(at)sagene' }, 'body.contactEmail', locationFieldMessages.email],
  ])('refuses %s with 400 and the Norwegian message, saving nothing', async (_what, fields, path, message) => {
    const before = (await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}`)).json();
    const res = await call(ctx.app, siri, 'PUT', `/api/admin/location/${locationId}`, info(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path, message });
    expect((await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}`)).json()).toEqual(before);
  });

  it("refuses an unknown district with 422 'Ukjent bydel.' and saves nothing", async () => {
    const before = (await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}`)).json();
    const res = await call(
      ctx.app,
      siri,
      'PUT',
      `/api/admin/location/${locationId}`,
      info({ geographicAreaId: 'atlantis', streetAddress: 'Ny gate 1' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ userMsg: 'Ukjent bydel.', fields: [{ path: 'body.geographicAreaId', message: 'Ukjent bydel.' }] });
    expect((await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}`)).json()).toEqual(before);
  });

  it('reads and saves the preferences, which the portal then uses', async () => {
    const prefs = {
      behandlingstid: 14,
      minBookingDurationMinutes: 60,
      requireCostCategory: true,
      displayInPortal: true,
      allowRepeatedBookingsForPublicUser: false,
      allowSingleBookingsForPublicUser: true,
      maxOneTimeslotPerBookingForPublicUser: true,
    };
    const res = await call(ctx.app, siri, 'PUT', `/api/preferences/location/${locationId}`, prefs);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(prefs);
    expect((await call(ctx.app, siri, 'GET', `/api/preferences/location/${locationId}`)).json()).toEqual(prefs);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/location/${locationId}` })).json()).toMatchObject({
      behandlingstid: 14,
      minBookingDurationMinutes: 60,
    });
    expect((await auditActions()).at(-1)).toMatchObject({
      action: 'PREFERENCES',
      before: { behandlingstid: 0, minBookingDurationMinutes: null },
      after: { behandlingstid: 14, minBookingDurationMinutes: 60 },
    });

    for (const [fields, message] of [
      [{ behandlingstid: 366 }, locationFieldMessages.behandlingstid],
      [{ behandlingstid: 1.5 }, locationFieldMessages.behandlingstid],
      [{ minBookingDurationMinutes: 20 }, locationFieldMessages.minDuration],
      [{ minBookingDurationMinutes: 0 }, locationFieldMessages.minDuration],
    ] as const) {
      const bad = await call(ctx.app, siri, 'PUT', `/api/preferences/location/${locationId}`, { ...prefs, ...fields });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.map((f: { message: string }) => f.message)).toContain(message);
    }
    expect((await call(ctx.app, siri, 'GET', `/api/preferences/location/${locationId}`)).json()).toEqual(prefs);
  });

  it('saves the "Om lån og leie" texts sanitised; the public about page shows them', async () => {
    const res = await call(ctx.app, siri, 'PUT', `/api/admin/location/${locationId}/about`, {
      whoCanApply: '<h2>Alle</h2><p>Lag og foreninger<img src=x onerror="alert(1)"></p>',
      locationCosts: '  ',
      loanCriteria: '<script>alert(1)</script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { whoCanApply: '<h2>Alle</h2><p>Lag og foreninger</p>', locationCosts: null, loanCriteria: null };
    expect(res.json()).toEqual(expected);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/about/${locationId}` })).json()).toEqual(expected);
    expect((await auditActions()).at(-1)).toMatchObject({
      action: 'ABOUT_TEXTS',
      before: { whoCanApply: null },
      after: { whoCanApply: expected.whoCanApply },
    });
    expect(
      (await call(ctx.app, siri, 'PUT', `/api/admin/location/${locationId}/about`, { whoCanApply: 'x'.repeat(20_001) })).statusCode,
    ).toBe(400);
  });

  it("keeps the tenant info: null until written; then the tenant's practical information is the location's own", async () => {
    expect((await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}/tenant-info`)).json()).toBeNull();
    const generated = await kari.request({ method: 'GET', url: `/api/user/booking/${bookingId}/infoforleietaker` });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json().heading).toBe('Praktisk informasjon om Sagene samfunnshus');

    const own = {
      heading: 'Før dere kommer',
      description: 'Nøkkelen hentes i resepsjonen.\nRydd etter dere.',
      links: [{ url: 'https://sagene.no/husregler', linkText: 'Husregler' }],
    };
    const res = await call(ctx.app, siri, 'PUT', `/api/admin/location/${locationId}/tenant-info`, own);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}/tenant-info`)).json()).toEqual(own);
    expect((await kari.request({ method: 'GET', url: `/api/user/booking/${bookingId}/infoforleietaker` })).json()).toEqual(own);
    expect((await auditActions()).at(-1)).toMatchObject({ action: 'TENANT_INFO', before: null, after: own });

    const bad = await call(ctx.app, siri, 'PUT', `/api/admin/location/${locationId}/tenant-info`, {
      ...own,
      links: [{ url: 'javascript:alert(1)', linkText: '' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'body.links.0.url', message: locationFieldMessages.url },
        { path: 'body.links.0.linkText', message: locationFieldMessages.linkText },
      ]),
    );
    expect((await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}/tenant-info`)).json()).toEqual(own);
  });

  it('answers 404 for a deleted or unknown location, to its administrator and to the city admin', async () => {
    for (const token of [siri, bente]) {
      expect((await call(ctx.app, token, 'GET', `/api/admin/location/${deletedId}`)).statusCode).toBe(404);
      expect(
        (
          await call(ctx.app, token, 'PUT', `/api/preferences/location/${deletedId}`, {
            behandlingstid: 1,
            minBookingDurationMinutes: null,
            requireCostCategory: false,
            displayInPortal: true,
            allowRepeatedBookingsForPublicUser: true,
            allowSingleBookingsForPublicUser: true,
            maxOneTimeslotPerBookingForPublicUser: false,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect((await call(ctx.app, bente, 'GET', '/api/admin/location/999999')).statusCode).toBe(404);
  });
});
