import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetTags, assetTypes, bookingFlows, tags } from '../../db/schema/assets';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation } from '../../../test/factories/places';
import { countingDb } from '../../../test/counting-db';
import { listAssetsOfLocation } from './list-assets-of-location';

type Room = Record<string, unknown> & { id: number; displayName: string };

describe('rooms: GET /api/location/{id}/bookableassets, /api/bookableasset, /api/bookableasset/{id}, /api/bookingflow/{id}', () => {
  let ctx: TestContext;
  let locationId: number;
  let gymId: number;
  let meeting: number;
  let hiddenRoom: number;
  let deletedLocationRoom: number;
  let flowId: number;
  let typeId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const [flow] = await db
      .insert(bookingFlows)
      .values({ name: 'Lån av skolelokaler', theme: 'school', publicFormLink: '/bookinger', adminFormLink: '/ny-booking/intern-aktivitet' })
      .returning();
    flowId = flow!.id;
    typeId = (await db.insert(assetTypes).values({ name: 'Gymsal' }).returning())[0]!.id;
    const location = await createLocation(db, { name: 'Sagene skole', allowSingleBookingsForPublicUser: false, lat: 59.93, lng: 10.75 });
    locationId = location.id;
    const gymRow = await createAsset(db, locationId, {
      name: 'Gymsal',
      externalAssetNumber: 'G1',
      capacity: 120,
      squareMeters: 420.5,
      assetTypeId: typeId,
      bookingFlowId: flowId,
      hasOslonokkelen: true,
      assetInfoMessage: 'Innesko påbudt',
      maxOneTimeslotPerBookingForPublicUser: true,
      lat: 59.931,
      lng: 10.751,
    });
    meeting = (await createAsset(db, locationId, { name: 'Aula', capacity: 200 })).id;
    hiddenRoom = (await createAsset(db, locationId, { name: 'Lager', status: 'UNPUBLISHED' })).id;
    const gone = await createLocation(db, { name: 'Nedlagt skole', status: 'DELETED' });
    deletedLocationRoom = (await createAsset(db, gone.id, { name: 'Gymsal' })).id;
    const tagRows = await db
      .insert(tags)
      .values([
        { name: 'Idrett og trening', tagType: 'purpose' },
        { name: 'Dusj', tagType: 'facility' },
        { name: 'Garderobe', tagType: 'facility' },
        { name: 'Rullestoltilgang', tagType: 'uu' },
      ])
      .returning();
    await db.insert(assetTags).values(tagRows.map((t) => ({ bookableAssetId: gymRow.id, tagId: t.id })));
    gymId = gymRow.id;
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api${url}` });
  const expectBadRequest = async (url: string, path: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      userMsg: expect.any(String),
      fields: expect.arrayContaining([expect.objectContaining({ path })]),
    });
  };

  it('lists the published rooms of a location by name, with tags, flow and the effective public rules', async () => {
    const res = await get(`/location/${locationId}/bookableassets`);
    expect(res.statusCode).toBe(200);
    const rooms = res.json() as Room[];
    expect(rooms.map((r) => r.displayName)).toEqual(['Aula', 'Gymsal (G1)']);
    expect(rooms[1]).toEqual({
      id: gymId,
      name: 'Gymsal',
      externalAssetNumber: 'G1',
      displayName: 'Gymsal (G1)',
      locationId,
      locationName: 'Sagene skole',
      bookingFlowId: flowId,
      bookingFlow: {
        id: flowId,
        name: 'Lån av skolelokaler',
        theme: 'school',
        publicFormLink: '/bookinger',
        adminFormLink: '/ny-booking/intern-aktivitet',
      },
      capacity: 120,
      squareMeters: 420.5,
      purposes: ['Idrett og trening'],
      facilities: ['Dusj', 'Garderobe'],
      uu: ['Rullestoltilgang'],
      filters: [
        { id: expect.any(Number), name: 'Dusj', tagType: 'facility' },
        { id: expect.any(Number), name: 'Garderobe', tagType: 'facility' },
        { id: expect.any(Number), name: 'Idrett og trening', tagType: 'purpose' },
        { id: expect.any(Number), name: 'Rullestoltilgang', tagType: 'uu' },
      ],
      assetTypeId: typeId,
      latLng: { lat: 59.931, lng: 10.751 },
      hasOslonokkelen: true,
      assetInfoMessage: 'Innesko påbudt',
      // The location forbids single bookings; the room asks for one timeslot per booking.
      allowRepeatedBookingsForPublicUser: true,
      allowSingleBookingsForPublicUser: false,
      maxOneTimeslotPerBookingForPublicUser: true,
    });
    expect(rooms[0]).toMatchObject({ id: meeting, bookingFlow: null, bookingFlowId: null, purposes: [], filters: [], latLng: null });
  });

  it('runs the same number of queries for one room as for many (no N+1)', async () => {
    const few = countingDb(ctx.database.db);
    await listAssetsOfLocation({ db: few.db, locationId });
    const many = await createLocation(ctx.database.db, { name: 'Stor skole' });
    for (let i = 0; i < 12; i++) await createAsset(ctx.database.db, many.id, { name: `Klasserom ${i}` });
    const lots = countingDb(ctx.database.db);
    expect(await listAssetsOfLocation({ db: lots.db, locationId: many.id })).toHaveLength(12);
    // The location, its rooms, all their tags.
    expect(few.count()).toBe(3);
    expect(lots.count()).toBe(3);
  });

  it('answers 404 for an unknown location and 400 for a bad id', async () => {
    const res = await get('/location/424242/bookableassets');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', userMsg: expect.any(String) });
    await expectBadRequest('/location/abc/bookableassets', 'params.id');
  });

  it('answers rooms by repeated ids, leaving out unknown, unpublished and deleted ones', async () => {
    const res = await get(
      `/bookableasset?ids=${gymId}&ids=${meeting}&ids=${hiddenRoom}&ids=${deletedLocationRoom}&ids=777777&ids=${gymId}`,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as Room[]).map((r) => r.id)).toEqual([meeting, gymId]);
    const single = await get(`/bookableasset?ids=${gymId}`);
    expect((single.json() as Room[]).map((r) => r.displayName)).toEqual(['Gymsal (G1)']);
  });

  it('refuses a missing or non-numeric ids parameter', async () => {
    await expectBadRequest('/bookableasset', 'querystring.ids');
    await expectBadRequest(`/bookableasset?ids=${gymId}&ids=abc`, 'querystring.ids.1');
  });

  it('answers one room, 404 for unknown or unpublished ones, 400 for a bad id', async () => {
    const res = await get(`/bookableasset/${gymId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: gymId, displayName: 'Gymsal (G1)', uu: ['Rullestoltilgang'] });
    for (const id of [hiddenRoom, deletedLocationRoom, 999999]) {
      const missing = await get(`/bookableasset/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', msg: `Bookable asset ${id} not found` });
    }
    await expectBadRequest('/bookableasset/12x', 'params.id');
  });

  it('answers a booking flow, 404 for an unknown one, 400 for a bad id', async () => {
    const res = await get(`/bookingflow/${flowId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: flowId,
      name: 'Lån av skolelokaler',
      theme: 'school',
      publicFormLink: '/bookinger',
      adminFormLink: '/ny-booking/intern-aktivitet',
    });
    expect((await get('/bookingflow/31337')).statusCode).toBe(404);
    await expectBadRequest('/bookingflow/-1', 'params.id');
  });
});
