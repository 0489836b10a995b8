import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  searchAssetsPage,
  searchAssetsResponse,
  searchMarkersResponse,
  type SearchAssetsPage,
  type SearchAssetsResponse,
  type SearchMarkersResponse,
} from '@lokaler/domain/search-request';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createArea, createAsset, createLocation } from '../../../test/factories/places';
import { inDays, setOpeningHours } from '../../../test/factories/calendar';

/**
 * Decision 019: the search answers what the screens use — a filtered page with its counts and the
 * map's markers — while the whole answer of spec 01 §7 stays as it was without the new parameters.
 */
describe('GET /api/search/assets with shape=page|markers and the result filters', () => {
  let ctx: TestContext;
  const day = inDays(10);
  const base = `/api/search/assets?date=${day}&duration=PT1H`;
  let grunerlokka: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    grunerlokka = await createArea(db, 'grunerlokka', 'Grünerløkka');
    const sagene = await createArea(db, 'sagene', 'Sagene');
    const deichman = await createLocation(db, { name: 'Deichman Grünerløkka', geographicAreaId: grunerlokka, lat: 59.92, lng: 10.76 });
    const bjolsen = await createLocation(db, { name: 'Bjølsen skole', geographicAreaId: sagene, lat: 59.94, lng: 10.75 });
    const aerovei = await createLocation(db, { name: 'Årvoll Ærøy senter', geographicAreaId: sagene });
    for (const l of [deichman, bjolsen, aerovei]) await setOpeningHours(db, l.id, '16:00', '22:00');
    await createAsset(db, deichman.id, { name: 'Kafé', capacity: 8 });
    await createAsset(db, deichman.id, { name: 'Scene', capacity: 60 });
    for (let i = 1; i <= 5; i++) await createAsset(db, bjolsen.id, { name: `Klasserom ${i}`, capacity: 25 });
    await createAsset(db, aerovei.id, { name: 'Sal', capacity: 120 });
    // Free on no date: lends only series, so a single-date search counts it unavailable.
    await createAsset(db, bjolsen.id, { name: 'Gymsal', capacity: 100, allowSingleBookingsForPublicUser: false });
  });
  afterAll(() => ctx.close());

  const get = async <T>(url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('answers the whole lists without the new parameters, as before', async () => {
    const whole = await get<SearchAssetsResponse>(base);
    expect(searchAssetsResponse.parse(whole)).toEqual(whole);
    expect(whole.available).toHaveLength(8);
    expect(whole.unavailable.map((h) => h.displayName)).toEqual(['Gymsal']);
  });

  it('pages each list after the filters, with the counts before and after them and the area options', async () => {
    const whole = await get<SearchAssetsResponse>(base);
    const page = await get<SearchAssetsPage>(`${base}&shape=page&limit=3`);
    expect(searchAssetsPage.parse(page)).toEqual(page);
    expect(page.available).toEqual(whole.available.slice(0, 3));
    expect(page.unavailable).toEqual(whole.unavailable);
    expect(page).toMatchObject({ totalAvailable: 8, totalUnavailable: 1, allAvailable: 8, allUnavailable: 1, offset: 0, limit: 3 });
    expect(page.areas).toEqual([
      { id: grunerlokka, name: 'Grünerløkka', count: 2 },
      { id: 'sagene', name: 'Sagene', count: 6 },
    ]);

    const next = await get<SearchAssetsPage>(`${base}&shape=page&limit=3&offset=3&list=available`);
    expect(next.available).toEqual(whole.available.slice(3, 6));
    expect(next.unavailable).toEqual([]);

    const filtered = await get<SearchAssetsPage>(`${base}&shape=page&capacity=51-100&area=${grunerlokka}`);
    expect(filtered).toMatchObject({ totalAvailable: 1, totalUnavailable: 0, allAvailable: 8, allUnavailable: 1 });
    expect(filtered.available.map((h) => h.displayName)).toEqual(['Scene']);
    // The area options stay those of every available room: ticking one does not hide the others.
    expect(filtered.areas).toEqual(page.areas);
  });

  it('folds æ, ø, å and accents on both sides of the free text: grunerlokka, bjolsen, aeroy, KAFE', async () => {
    const names = async (text: string) =>
      (await get<SearchAssetsPage>(`${base}&shape=page&text=${encodeURIComponent(text)}`)).available.map((h) => h.displayName).sort();
    expect(await names('grunerlokka')).toEqual(['Kafé', 'Scene']);
    expect(await names('bjolsen klasserom 3')).toEqual(['Klasserom 3']);
    expect(await names('aeroy')).toEqual(['Sal']);
    expect(await names('arvoll')).toEqual(['Sal']);
    expect(await names('KAFE')).toEqual(['Kafé']);
    expect(await names('Grünerløkka kafé')).toEqual(['Kafé']);
    const none = await get<SearchAssetsPage>(`${base}&shape=page&text=finnesikke`);
    expect(none).toMatchObject({ available: [], unavailable: [], totalAvailable: 0, allAvailable: 8 });
  });

  it('answers the map one compact marker per location with free rooms, after the filters', async () => {
    const { markers } = await get<SearchMarkersResponse>(`${base}&shape=markers`);
    expect(searchMarkersResponse.parse({ markers })).toEqual({ markers });
    // Årvoll has no place on the map; Gymsal is free on no date.
    expect(markers.map((m) => [m.locationName, m.freeRooms.length]).sort()).toEqual([
      ['Bjølsen skole', 5],
      ['Deichman Grünerløkka', 2],
    ]);
    expect(markers.find((m) => m.locationName === 'Bjølsen skole')?.freeRooms).not.toContain('Gymsal');
    const filtered = await get<SearchMarkersResponse>(`${base}&shape=markers&text=kafe`);
    expect(filtered.markers).toEqual([
      { locationId: expect.any(Number), locationName: 'Deichman Grünerløkka', latLng: { lat: 59.92, lng: 10.76 }, freeRooms: ['Kafé'] },
    ]);
  });

  it('refuses bad shape parameters with 400, never 500', async () => {
    for (const extra of ['shape=all', 'limit=0', 'limit=201', 'offset=-1', 'list=both', 'capacity=1-1000', `text=${'x'.repeat(201)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `${base}&${extra}` });
      expect(res.statusCode, extra).toBe(400);
      expect(res.json<{ code: string }>().code).toBeTruthy();
    }
  });
});
