import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { locationList, locations as locationsSchema, type Location, type LocationListItem } from '@lokaler/domain/location';
import { locations } from '../../db/schema/locations';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createLocation } from '../../../test/factories/places';

/** GET /api/location?shape=list (decision 023) and the kept answers behind both shapes. */
describe('GET /api/location: the list shape and the kept answer', () => {
  let ctx: TestContext;
  let id: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    id = (await createLocation(ctx.database.db, { name: 'Bjølsen skole', externalUrl: null })).id;
    await createLocation(ctx.database.db, { name: 'Aker skole' });
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('answers only what the venue list shows, in the same order as the full shape', async () => {
    const full = (await get('/api/location')).json<Location[]>();
    const res = await get('/api/location?shape=list');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = res.json<LocationListItem[]>();
    expect(locationList.parse(list)).toEqual(list);
    expect(locationsSchema.parse(full)).toEqual(full);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'externalUrl',
      'geographicAreaId',
      'geographicAreaName',
      'id',
      'name',
      'publicLocationType',
    ]);
    expect(list.map((l) => l.name)).toEqual(full.map((l) => l.name));
    expect(list.map((l) => l.name).slice(0, 2)).toEqual(['Aker skole', 'Bjølsen skole']);
    expect(res.body.length).toBeLessThan((await get('/api/location')).body.length / 3);
  });

  it('answers a change in the next request (the kept bytes follow search_rooms_version)', async () => {
    expect((await get('/api/location?shape=list')).json<LocationListItem[]>().some((l) => l.name === 'Bjølsen skole')).toBe(true);
    await ctx.database.db.update(locations).set({ name: 'Bjølsen nye skole' }).where(eq(locations.id, id));
    expect((await get('/api/location?shape=list')).json<LocationListItem[]>().map((l) => l.name)).toContain('Bjølsen nye skole');
    expect((await get('/api/location')).json<Location[]>().map((l) => l.name)).toContain('Bjølsen nye skole');
    await ctx.database.db.update(locations).set({ status: 'UNPUBLISHED' }).where(eq(locations.id, id));
    expect((await get('/api/location?shape=list')).json<LocationListItem[]>().map((l) => l.id)).not.toContain(id);
  });

  it('refuses an unknown shape with 400', async () => {
    const res = await get('/api/location?shape=all');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBeTruthy();
  });
});
