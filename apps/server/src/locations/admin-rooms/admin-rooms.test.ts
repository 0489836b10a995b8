import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoom, adminRooms, roomMessages, type AdminRoom, type RoomFieldsInput } from '@lokaler/domain/admin-room';
import { searchAssetsResponse } from '@lokaler/domain/search-request';
import { assetTags, assetTypes, bookableAssets, tags } from '../../db/schema/assets';
import { reservations } from '../../db/schema/bookings';
import { cityAdmins, locationAuditLog } from '../../db/schema/location-setup';
import { testAdmins } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addLocationAdmin, addReservation, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { call } from '../../../test/admin-test-support';
import { countingDb } from '../../../test/counting-db';
import { listAdminRooms } from './list-admin-rooms';

const fields = (overrides: Partial<RoomFieldsInput> = {}): RoomFieldsInput => ({
  name: 'Musikkrom',
  externalAssetNumber: 'M2',
  capacity: 30,
  squareMeters: 55.5,
  assetTypeId: null,
  tagIds: [],
  assetInfoMessage: 'Piano kan brukes',
  hasOslonokkelen: false,
  allowRepeatedBookingsForPublicUser: true,
  allowSingleBookingsForPublicUser: false,
  maxOneTimeslotPerBookingForPublicUser: true,
  visible: true,
  ...overrides,
});

describe('rooms of a location, as its administrators set them up (/api/admin/…/bookableasset…)', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let bente: string;
  let school: number;
  let gym: number;
  let storage: number;
  let sport: number;
  let shower: number;
  let typeId: number;
  let userId: number;
  const day = inDays(10);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    school = (await createLocation(db, { name: 'Sagene skole', lat: 59.93, lng: 10.75 })).id;
    await setOpeningHours(db, school, '16:00', '22:00');
    gym = (await createAsset(db, school, { name: 'Gymsal', externalAssetNumber: 'G1' })).id;
    storage = (await createAsset(db, school, { name: 'Lager', status: 'UNPUBLISHED', allowSingleBookingsForPublicUser: false })).id;
    await createAsset(db, school, { name: 'Revet rom', status: 'DELETED' });
    [sport, shower] = (
      await db
        .insert(tags)
        .values([
          { name: 'Idrett og trening', tagType: 'purpose' },
          { name: 'Dusj', tagType: 'facility' },
        ])
        .returning()
    ).map((t) => t.id) as [number, number];
    typeId = (await db.insert(assetTypes).values({ name: 'Musikkrom' }).returning())[0]!.id;
    await db.insert(assetTags).values({ bookableAssetId: gym, tagId: sport });
    await addLocationAdmin(db, school, testAdmins[0]!.email);
    const other = await createLocation(db, { name: 'Deichman Bjerke' });
    await addLocationAdmin(db, other.id, testAdmins[1]!.email);
    await db.insert(cityAdmins).values({ email: testAdmins[3]!.email.toLowerCase() });
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    bente = (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken;
    userId = (await createUser(db)).id;
  });
  afterAll(() => ctx.close());

  const list = async (token = siri, locationId = school) => {
    const res = await call(ctx.app, token, 'GET', `/api/admin/bookableasset/${locationId}/bookableassets`);
    expect(res.statusCode, res.body).toBe(200);
    return adminRooms.parse(res.json());
  };
  const publicNames = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/api/location/${school}/bookableassets` })).json<{ name: string }[]>().map((r) => r.name);
  const searchNames = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/search/assets?date=${day}&duration=PT1H` });
    expect(res.statusCode, res.body).toBe(200);
    const body = searchAssetsResponse.parse(res.json());
    return [...body.available, ...body.unavailable]
      .filter((h) => h.locationId === school)
      .map((h) => h.name)
      .sort();
  };
  const audit = async () =>
    (
      await ctx.database.db.select().from(locationAuditLog).where(eq(locationAuditLog.locationId, school)).orderBy(asc(locationAuditLog.id))
    ).map((e) => ({ action: e.action, actorName: e.actorName, before: e.before, after: e.after }));
  const roomRows = async () =>
    ctx.database.db.select().from(bookableAssets).where(eq(bookableAssets.locationId, school)).orderBy(asc(bookableAssets.id));
  const tagRows = async () => ctx.database.db.select().from(assetTags).orderBy(asc(assetTags.bookableAssetId), asc(assetTags.tagId));

  it("lists visible and hidden rooms, not deleted ones, with the room's own flags, status, tag ids and future reservations", async () => {
    const { reservationId } = await addReservation(ctx.database.db, {
      locationId: school,
      userId,
      bookableAssetId: gym,
      date: day,
      startTime: '17:00',
      durationMinutes: 60,
    });
    const rooms = await list();
    expect(rooms.map((r) => [r.displayName, r.status, r.hasFutureReservations])).toEqual([
      ['Gymsal (G1)', 'PUBLISHED', true],
      ['Lager', 'UNPUBLISHED', false],
    ]);
    expect(rooms[0]).toMatchObject({
      id: gym,
      tagIds: [sport],
      purposes: ['Idrett og trening'],
      locationId: school,
      locationName: 'Sagene skole',
    });
    // The room's own flag, not the effective one (the location allows single bookings, the room does not).
    expect(rooms[1]).toMatchObject({ id: storage, allowSingleBookingsForPublicUser: false });
    // A cancelled reservation, or one that has ended, holds nothing.
    await ctx.database.db.update(reservations).set({ status: 'CANCELLED' }).where(eq(reservations.id, reservationId));
    await addReservation(ctx.database.db, {
      locationId: school,
      userId,
      bookableAssetId: gym,
      date: inDays(-3),
      startTime: '17:00',
      durationMinutes: 60,
      status: 'APPROVED',
    });
    expect((await list())[0]!.hasFutureReservations).toBe(false);
  });

  it('reads the rooms in a fixed number of queries, whatever their number', async () => {
    const user = {
      userId: 1,
      sub: 's',
      name: 'Siri',
      email: testAdmins[0]!.email,
      portal: 'ADMIN' as const,
      clientId: 'c',
      adminLocationIds: [school],
      cityAdmin: false,
    };
    const few = countingDb(ctx.database.db);
    await listAdminRooms({ db: few.db, user, locationId: school });
    const many = await createLocation(ctx.database.db, { name: 'Stor skole' });
    for (let i = 0; i < 12; i++)
      await createAsset(ctx.database.db, many.id, { name: `Klasserom ${i}`, status: i % 2 ? 'PUBLISHED' : 'UNPUBLISHED' });
    const lots = countingDb(ctx.database.db);
    expect(await listAdminRooms({ db: lots.db, user: { ...user, adminLocationIds: [many.id] }, locationId: many.id })).toHaveLength(12);
    // The location, its rooms, their tags, their future reservations.
    expect(few.count()).toBe(4);
    expect(lots.count()).toBe(4);
  });

  it("adds a room at the location's position with its tags and an audit entry; the portal and the search show it in the next request", async () => {
    expect(await publicNames()).toEqual(['Gymsal']);
    expect(await searchNames()).toEqual(['Gymsal']);
    const res = await call(
      ctx.app,
      siri,
      'POST',
      `/api/admin/location/${school}/bookableassets`,
      fields({ assetTypeId: typeId, tagIds: [shower, sport, shower] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const room = adminRoom.parse(res.json());
    expect(room).toMatchObject({
      name: 'Musikkrom',
      displayName: 'Musikkrom (M2)',
      status: 'PUBLISHED',
      capacity: 30,
      squareMeters: 55.5,
      assetTypeId: typeId,
      tagIds: [sport, shower].sort((a, b) => a - b),
      latLng: { lat: 59.93, lng: 10.75 },
      allowSingleBookingsForPublicUser: false,
      maxOneTimeslotPerBookingForPublicUser: true,
      hasFutureReservations: false,
      assetInfoMessage: 'Piano kan brukes',
    });
    expect(await publicNames()).toEqual(['Gymsal', 'Musikkrom']);
    expect(await searchNames()).toEqual(['Gymsal', 'Musikkrom']);
    expect((await audit()).at(-1)).toEqual({
      action: 'ROOM_ADDED',
      actorName: 'Siri Saksbehandler',
      before: null,
      after: expect.objectContaining({ id: room.id, name: 'Musikkrom', status: 'PUBLISHED', tagIds: room.tagIds }),
    });

    // Hidden: gone from the portal and the search in the next request, still in the administrator's list.
    const hidden = await call(
      ctx.app,
      siri,
      'PUT',
      `/api/admin/bookableasset/${room.id}`,
      fields({ visible: false, tagIds: [sport], capacity: 25 }),
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'UNPUBLISHED', tagIds: [sport], capacity: 25, latLng: { lat: 59.93, lng: 10.75 } });
    expect(await publicNames()).toEqual(['Gymsal']);
    expect(await searchNames()).toEqual(['Gymsal']);
    expect((await list()).map((r) => r.name)).toContain('Musikkrom');
    const changed = (await audit()).at(-1)!;
    expect(changed).toMatchObject({
      action: 'ROOM_CHANGED',
      before: { status: 'PUBLISHED', capacity: 30 },
      after: { status: 'UNPUBLISHED', capacity: 25, tagIds: [sport] },
    });
    // Saving the same fields again writes no entry.
    const entries = (await audit()).length;
    expect(
      (await call(ctx.app, siri, 'PUT', `/api/admin/bookableasset/${room.id}`, fields({ visible: false, tagIds: [sport], capacity: 25 })))
        .statusCode,
    ).toBe(200);
    expect(await audit()).toHaveLength(entries);
  });

  it("lets a city-wide administrator change any location's rooms; an administrator of another location gets 403 and nothing changes", async () => {
    const before = await roomRows();
    for (const [method, url, body] of [
      ['GET', `/api/admin/bookableasset/${school}/bookableassets`, undefined],
      ['POST', `/api/admin/location/${school}/bookableassets`, fields()],
      ['PUT', `/api/admin/bookableasset/${gym}`, fields()],
      ['DELETE', `/api/admin/bookableasset/${storage}`, undefined],
    ] as const) {
      const res = await call(ctx.app, jonas, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await roomRows()).toEqual(before);
    expect((await list(bente)).map((r) => r.name)).toContain('Gymsal');
    const renamed = await call(
      ctx.app,
      bente,
      'PUT',
      `/api/admin/bookableasset/${storage}`,
      fields({ name: 'Lager 2', externalAssetNumber: null, visible: false }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await audit()).at(-1)).toMatchObject({ action: 'ROOM_CHANGED', actorName: 'Bente Byadmin', after: { name: 'Lager 2' } });
  });

  it('refuses to delete a room with future reservations (409, nothing changes); deletes it once they are gone', async () => {
    const { reservationId } = await addReservation(ctx.database.db, {
      locationId: school,
      userId,
      bookableAssetId: gym,
      date: day,
      startTime: '18:00',
      durationMinutes: 60,
      status: 'APPROVED',
    });
    const auditBefore = await audit();
    const refused = await call(ctx.app, siri, 'DELETE', `/api/admin/bookableasset/${gym}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', userMsg: roomMessages.hasFutureReservations });
    expect((await roomRows()).find((r) => r.id === gym)!.status).toBe('PUBLISHED');
    expect(await audit()).toEqual(auditBefore);

    await ctx.database.db.update(reservations).set({ status: 'REJECTED' }).where(eq(reservations.id, reservationId));
    const deleted = await call(ctx.app, siri, 'DELETE', `/api/admin/bookableasset/${gym}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    expect((await roomRows()).find((r) => r.id === gym)!.status).toBe('DELETED');
    expect((await list()).map((r) => r.id)).not.toContain(gym);
    expect(await publicNames()).not.toContain('Gymsal');
    expect((await audit()).at(-1)).toMatchObject({ action: 'ROOM_DELETED', before: { id: gym, name: 'Gymsal' }, after: null });
    // Deleted is gone: no second deletion, no change.
    expect((await call(ctx.app, siri, 'DELETE', `/api/admin/bookableasset/${gym}`)).statusCode).toBe(404);
    expect((await call(ctx.app, siri, 'PUT', `/api/admin/bookableasset/${gym}`, fields())).statusCode).toBe(404);
  });

  it('answers 404 for an unknown room or location and for a room of a deleted location', async () => {
    const gone = await createLocation(ctx.database.db, { name: 'Nedlagt skole', status: 'DELETED' });
    const goneRoom = (await createAsset(ctx.database.db, gone.id, { name: 'Gymsal' })).id;
    for (const [method, url, body] of [
      ['GET', `/api/admin/bookableasset/${gone.id}/bookableassets`, undefined],
      ['GET', '/api/admin/bookableasset/987654/bookableassets', undefined],
      ['POST', `/api/admin/location/${gone.id}/bookableassets`, fields()],
      ['PUT', `/api/admin/bookableasset/${goneRoom}`, fields()],
      ['DELETE', `/api/admin/bookableasset/${goneRoom}`, undefined],
      ['PUT', '/api/admin/bookableasset/987654', fields()],
      ['DELETE', '/api/admin/bookableasset/987654', undefined],
    ] as const) {
      const res = await call(ctx.app, bente, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', userMsg: expect.any(String) });
    }
    expect(
      (await ctx.database.db.select().from(bookableAssets).where(eq(bookableAssets.locationId, gone.id))).map((r) => r.status),
    ).toEqual(['PUBLISHED']);
  });

  describe('bad input: a clear Norwegian 4xx, never 5xx, nothing half-saved', () => {
    const post = (body: unknown) => call(ctx.app, siri, 'POST', `/api/admin/location/${school}/bookableassets`, body);

    it.each([
      ['negative capacity', { capacity: -1 }, 'body.capacity', roomMessages.capacity],
      ['capacity 1.5', { capacity: 1.5 }, 'body.capacity', roomMessages.capacity],
      ['capacity as text', { capacity: 'tretti' }, 'body.capacity', roomMessages.capacity],
      ['negative area', { squareMeters: -2 }, 'body.squareMeters', roomMessages.squareMeters],
      ['an empty name', { name: '' }, 'body.name', roomMessages.nameRequired],
      ['a name of spaces', { name: '   ' }, 'body.name', roomMessages.nameRequired],
    ])("%s → 400 with the field's message", async (_what, override, path, message) => {
      const [rooms, tagsBefore] = [await roomRows(), await tagRows()];
      const res = await post(fields(override as Partial<RoomFieldsInput>));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: expect.arrayContaining([{ path, message }]) });
      expect(await roomRows()).toEqual(rooms);
      expect(await tagRows()).toEqual(tagsBefore);
    });

    it('an unknown tag or room type → 422 with its message; neither a new room nor a changed one is half-saved', async () => {
      const [rooms, tagsBefore, auditBefore] = [await roomRows(), await tagRows(), await audit()];
      const unknownTag = await post(fields({ tagIds: [sport, 999_999] }));
      expect(unknownTag.statusCode).toBe(422);
      expect(unknownTag.json()).toMatchObject({
        code: 'UNPROCESSABLE',
        userMsg: roomMessages.unknownTag,
        fields: [{ path: 'body.tagIds', message: roomMessages.unknownTag }],
      });
      const unknownType = await post(fields({ assetTypeId: 999_999 }));
      expect(unknownType.statusCode).toBe(422);
      expect(unknownType.json()).toMatchObject({ userMsg: roomMessages.unknownAssetType });
      const change = await call(
        ctx.app,
        siri,
        'PUT',
        `/api/admin/bookableasset/${storage}`,
        fields({ name: 'Nytt navn', tagIds: [999_999] }),
      );
      expect(change.statusCode).toBe(422);
      expect(await roomRows()).toEqual(rooms);
      expect(await tagRows()).toEqual(tagsBefore);
      expect(await audit()).toEqual(auditBefore);
    });

    it('stores a spreadsheet formula in a name as text and answers it as is', async () => {
      const name = "=cmd|' /C calc'!A0";
      const res = await post(fields({ name, externalAssetNumber: '+1', assetInfoMessage: '<script>alert(1)</script>' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ name, displayName: `${name} (+1)`, assetInfoMessage: '<script>alert(1)</script>' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect((await list()).find((r) => r.id === res.json<AdminRoom>().id)!.name).toBe(name);
    });
  });
});
