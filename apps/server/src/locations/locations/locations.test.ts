import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDataIfEmpty } from '../../seed/index';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { truncateAll } from '../../../test/test-db';
import { createArea, createAsset, createLocation } from '../../../test/factories/places';

type Body = Array<Record<string, unknown> & { id: number; name: string }>;

describe('GET /api/location and /api/location/{id}', () => {
  let ctx: TestContext;
  let shown: Awaited<ReturnType<typeof createLocation>>;
  let hidden: number;
  let unpublished: number;
  let deleted: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await createArea(db, 'st-hanshaugen', 'St. Hanshaugen');
    shown = await createLocation(db, {
      name: 'Bolteløkka skole',
      geographicAreaId: 'st-hanshaugen',
      streetAddress: 'Waldemar Thranes gate 23',
      postCode: '0171',
      city: 'Oslo',
      phoneNumber: '23456789',
      contactEmail: 'utleie@bolteloekka.no',
      behandlingstid: 7,
      minBookingDurationMinutes: 60,
      maxOneTimeslotPerBookingForPublicUser: true,
      requireContract: true,
      enableVedtak: true,
      lat: 59.93,
      lng: 10.74,
    });
    await createAsset(db, shown.id, { hasOslonokkelen: true });
    hidden = (await createLocation(db, { name: 'Adminbygget', displayInPortal: false })).id;
    unpublished = (await createLocation(db, { name: 'Nye skolen', status: 'UNPUBLISHED' })).id;
    deleted = (await createLocation(db, { name: 'Gamle skolen', status: 'DELETED' })).id;
    await createLocation(db, { name: 'Aker skole' });
    await createLocation(db, { name: 'Øraker skole' });
  });
  afterAll(() => ctx.close());

  const get = (path: string) => ctx.app.inject({ method: 'GET', url: `/api/location${path}` });

  it('lists only published locations shown in the portal, in Norwegian order, with every field', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Body;
    expect(body.map((l) => l.name)).toEqual(['Aker skole', 'Bolteløkka skole', 'Øraker skole']);
    expect(body.map((l) => l.id)).not.toContain(hidden);
    expect(body[1]).toEqual({
      id: shown.id,
      name: 'Bolteløkka skole',
      informationUrl: null,
      externalUrl: null,
      companyCode: null,
      status: 'PUBLISHED',
      publicLocationType: 'SCHOOLS',
      filterCategory: 'SCHOOLS',
      geographicAreaId: 'st-hanshaugen',
      geographicAreaName: 'St. Hanshaugen',
      displayInPortal: true,
      homepage: null,
      streetAddress: 'Waldemar Thranes gate 23',
      postCode: '0171',
      city: 'Oslo',
      phoneNumber: '23456789',
      contactEmail: 'utleie@bolteloekka.no',
      informationMessage: null,
      requireContract: true,
      requireCostCategory: false,
      enableVedtak: true,
      allowRepeatedBookingsForPublicUser: true,
      allowSingleBookingsForPublicUser: true,
      maxOneTimeslotPerBookingForPublicUser: true,
      hasBookableAssetWithOslonokkelen: true,
      behandlingstid: 7,
      minBookingDurationMinutes: 60,
      latLng: { lat: 59.93, lng: 10.74 },
    });
    expect(body[0]).toMatchObject({ hasBookableAssetWithOslonokkelen: false, latLng: null, minBookingDurationMinutes: null });
  });

  it('answers one location', async () => {
    const res = await get(`/${shown.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: shown.id, name: 'Bolteløkka skole', geographicAreaName: 'St. Hanshaugen' });
  });

  it('answers unpublished and deleted locations with their status, so the portal can send them to /404', async () => {
    expect((await get(`/${unpublished}`)).json()).toMatchObject({ id: unpublished, status: 'UNPUBLISHED' });
    expect((await get(`/${deleted}`)).json()).toMatchObject({ id: deleted, status: 'DELETED' });
  });

  it('answers 404 with the error shape for an unknown id', async () => {
    const res = await get('/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: 'Location 987654 not found', userMsg: 'Beklager, men denne siden finnes ikke' });
  });

  it.each(['abc', '0', '-4', '1.5', '1e3', '2147483648'])('answers 400 for the id %s', async (id) => {
    const res = await get(`/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      msg: expect.any(String),
      userMsg: expect.any(String),
      fields: [expect.objectContaining({ path: 'params.id' })],
    });
  });

  it('works on the demo data: at least 60 locations, the town hall among them', async () => {
    await truncateAll(ctx.database);
    await seedDemoDataIfEmpty(ctx.database.db, { today: '2031-01-15' });
    const body = (await get('')).json() as Body;
    expect(body.length).toBeGreaterThanOrEqual(60);
    expect(body.every((l) => l.status === 'PUBLISHED' && l.displayInPortal === true)).toBe(true);
    const townHall = body.find((l) => l.name === 'Oslo rådhus');
    expect(townHall).toMatchObject({ publicLocationType: 'WEDDINGS', geographicAreaId: 'sentrum', geographicAreaName: 'Sentrum' });
    const one = await get(`/${townHall!.id}`);
    expect(one.json()).toEqual(townHall);
  });
});
