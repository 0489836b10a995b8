import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { searchAssetsResponse, type SearchAssetsResponse } from '@lokaler/domain/search-request';
import { assetTags, bookableAssets, tags } from '../../db/schema/assets';
import { locations } from '../../db/schema/locations';
import { closedDates, openingHours } from '../../db/schema/schedule';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addClosedDate, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { searchAssets, searchAssetsJson, type SearchKind } from './search-assets';

/**
 * The city-wide search keeps the rooms between searches (search-rooms-cache.ts). Every change is
 * written here straight to the database, as another server process would: the search only learns
 * of it through search_rooms_version (migration 0012).
 */
describe("the search's kept rooms", () => {
  let ctx: TestContext;
  const day = inDays(10);
  let school: number;
  let gym: number;
  let aula: number;
  let sport: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    school = (await createLocation(db, { name: 'Sagene skole' })).id;
    await setOpeningHours(db, school, '16:00', '22:00');
    gym = (await createAsset(db, school, { name: 'Gymsal' })).id;
    aula = (await createAsset(db, school, { name: 'Aula' })).id;
    [sport] = (
      await db
        .insert(tags)
        .values([{ name: 'Idrett og trening', tagType: 'purpose' }])
        .returning()
    ).map((t) => t.id) as [number];
  });
  afterAll(() => ctx.close());

  const single: SearchKind = { kind: 'single', date: day, minutes: 60 };
  /** Through the route (every room read exactly) and through the database's pre-filter. */
  const both = async (tagIds: number[] = []): Promise<SearchAssetsResponse> => {
    const tagQuery = tagIds.map((t) => `&tagIds=${t}`).join('');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/search/assets?date=${day}&duration=PT1H${tagQuery}` });
    expect(res.statusCode, res.body).toBe(200);
    const viaRoute = searchAssetsResponse.parse(res.json());
    const crowded = await searchAssets({ db: ctx.database.db, search: single, tagIds, exactRoomLimit: 0 });
    expect(crowded).toEqual(viaRoute);
    return viaRoute;
  };
  const names = (result: SearchAssetsResponse) => ({
    available: result.available.map((h) => h.name),
    unavailable: result.unavailable.map((h) => h.name),
  });

  it('sees a change to a room, its tags, opening hours, closed dates or location in the very next search', async () => {
    const db = ctx.database.db;
    expect(names(await both())).toEqual({ available: ['Aula', 'Gymsal'], unavailable: [] });

    await db.update(bookableAssets).set({ name: 'Idrettshall' }).where(eq(bookableAssets.id, gym));
    expect(names(await both())).toEqual({ available: ['Aula', 'Idrettshall'], unavailable: [] });

    expect(names(await both([sport]))).toEqual({ available: [], unavailable: [] });
    await db.insert(assetTags).values({ bookableAssetId: gym, tagId: sport });
    expect(names(await both([sport]))).toEqual({ available: ['Idrettshall'], unavailable: [] });

    await addClosedDate(db, school, day);
    expect(names(await both())).toEqual({ available: [], unavailable: ['Aula', 'Idrettshall'] });
    await db.delete(closedDates).where(and(eq(closedDates.locationId, school), eq(closedDates.date, day)));
    expect(names(await both())).toEqual({ available: ['Aula', 'Idrettshall'], unavailable: [] });

    // The aula gets hours of its own: half an hour a day, too short for an hour.
    await setOpeningHours(db, school, '16:00', '16:30', { bookableAssetId: aula });
    expect(names(await both())).toEqual({ available: ['Idrettshall'], unavailable: ['Aula'] });
    await db.delete(openingHours).where(eq(openingHours.bookableAssetId, aula));
    expect(names(await both())).toEqual({ available: ['Aula', 'Idrettshall'], unavailable: [] });

    await db.update(locations).set({ behandlingstid: 30 }).where(eq(locations.id, school));
    const late = await both();
    expect(names(late)).toEqual({ available: [], unavailable: ['Aula', 'Idrettshall'] });
    expect(late.unavailable[0]?.behandlingstid).toBe(30);
    await db.update(locations).set({ behandlingstid: 0 }).where(eq(locations.id, school));

    await db.update(bookableAssets).set({ status: 'UNPUBLISHED' }).where(eq(bookableAssets.id, aula));
    expect(names(await both())).toEqual({ available: ['Idrettshall'], unavailable: [] });
    await db.update(bookableAssets).set({ status: 'PUBLISHED' }).where(eq(bookableAssets.id, aula));

    // A change rolled back changes nothing.
    await db
      .transaction(async (tx) => {
        await tx.update(bookableAssets).set({ name: 'Borte' }).where(eq(bookableAssets.id, aula));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(names(await both())).toEqual({ available: ['Aula', 'Idrettshall'], unavailable: [] });
  });

  it('writes exactly the text JSON.stringify writes of the answer', async () => {
    const recurring: SearchKind = {
      kind: 'recurring',
      from: inDays(1),
      to: inDays(60),
      minutes: 60,
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['TUESDAY', 'THURSDAY'],
    };
    for (const search of [single, recurring]) {
      for (const options of [{ tagIds: [] }, { tagIds: [sport] }, { tagIds: [], locationId: school }]) {
        const text = await searchAssetsJson({ db: ctx.database.db, search, ...options });
        expect(text).toBe(JSON.stringify(await searchAssets({ db: ctx.database.db, search, ...options })));
      }
    }
  });
});
