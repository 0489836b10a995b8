import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { locations as locationsSchema } from '@lokaler/domain/location';
import { locations as locationsTable } from '../../db/schema/locations';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createLocation } from '../../../test/factories/places';

type Body = Array<Record<string, unknown> & { id: number; name: string; publicLocationType: string }>;

/** Spec 01 §7's GET /api/location/public?locationSource={source} (decision 061). */
describe('GET /api/location/public?locationSource=…', () => {
  let ctx: TestContext;
  let library: number;
  let otherLibrary: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await createLocation(db, { name: 'Aker skole' });
    library = (await createLocation(db, { name: 'Deichman Tøyen', publicLocationType: 'LIBRARIES', filterCategory: 'LIBRARIES' })).id;
    otherLibrary = (await createLocation(db, { name: 'Deichman Bjørvika', publicLocationType: 'LIBRARIES', filterCategory: 'LIBRARIES' }))
      .id;
    await createLocation(db, { name: 'Deichman Nytt', publicLocationType: 'LIBRARIES', status: 'UNPUBLISHED' });
    await createLocation(db, { name: 'Deichman Lager', publicLocationType: 'LIBRARIES', displayInPortal: false });
    await createLocation(db, { name: 'Deichman Gamle', publicLocationType: 'LIBRARIES', status: 'DELETED' });
  });
  afterAll(() => ctx.close());

  const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/location/public${query}` });

  it("answers the source's published locations shown in the portal, in Norwegian order, exactly as GET /api/location has them", async () => {
    const res = await get('?locationSource=LIBRARIES');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = locationsSchema.parse(res.json()) as Body;
    expect(body.map((l) => l.id)).toEqual([otherLibrary, library]);
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/location' })).json<Body>();
    expect(body).toEqual(all.filter((l) => l.publicLocationType === 'LIBRARIES'));
  });

  it('answers an empty list for a source with no published location', async () => {
    const res = await get('?locationSource=WEDDINGS');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('follows a change at once (a location moved to another source)', async () => {
    await ctx.database.db.update(locationsTable).set({ publicLocationType: 'SCHOOLS' }).where(eq(locationsTable.id, library));
    expect((await get('?locationSource=LIBRARIES')).json<Body>().map((l) => l.id)).toEqual([otherLibrary]);
    expect((await get('?locationSource=SCHOOLS')).json<Body>().map((l) => l.name)).toEqual(['Aker skole', 'Deichman Tøyen']);
  });

  it('answers ETag and 304 on If-None-Match', async () => {
    const first = await get('?locationSource=SCHOOLS');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^".+"$/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/location/public?locationSource=SCHOOLS',
      headers: { 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each([
    ['', 'Kilde (locationSource) er påkrevd'],
    ['?locationSource=', 'Ukjent kilde (locationSource), bruk en av SCHOOLS, KINDERGARTEN, LIBRARIES, DISTRICT_VENUES, WEDDINGS'],
    ['?locationSource=libraries', 'Ukjent kilde (locationSource), bruk en av SCHOOLS, KINDERGARTEN, LIBRARIES, DISTRICT_VENUES, WEDDINGS'],
    ['?locationSource=PADEL', 'Ukjent kilde (locationSource), bruk en av SCHOOLS, KINDERGARTEN, LIBRARIES, DISTRICT_VENUES, WEDDINGS'],
    [
      '?locationSource=SCHOOLS&locationSource=LIBRARIES',
      'Ukjent kilde (locationSource), bruk en av SCHOOLS, KINDERGARTEN, LIBRARIES, DISTRICT_VENUES, WEDDINGS',
    ],
  ])('answers 400 naming the field for %j', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      userMsg: expect.any(String),
      fields: [{ path: 'querystring.locationSource', message }],
    });
  });

  it('is not taken for a location id: /api/location/{id} still answers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/location/${library}` })).json()).toMatchObject({ id: library });
  });
});
