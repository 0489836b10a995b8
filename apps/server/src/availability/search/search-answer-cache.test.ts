import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { searchAssetsResponse, searchAssetsPage, type SearchAssetsResponse } from '@lokaler/domain/search-request';
import { reservations } from '../../db/schema/bookings';
import { blockedTimes, openingHours } from '../../db/schema/schedule';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addReservation, inDays, osloToday, setOpeningHours } from '../../../test/factories/calendar';
import { searchAssets, searchAssetsShapedJson, type SearchKind } from './search-assets';
import { searchAnswerCache } from './search-answer-cache';

/**
 * The city-wide search's kept answers (search-answer-cache.ts, ADR 023). Every change is written
 * here straight to the database, as another server process would: the search only learns of it
 * through search_rooms_version and the busy_changes log (migrations 0012 and 0029). Each answer is
 * compared with the location's search of the same rooms, which is never kept.
 */
describe("the search's kept answers", () => {
  let ctx: TestContext;
  const day = inDays(10);
  let school: number;
  let gym: number;
  let aula: number;
  let userId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    school = (await createLocation(db, { name: 'Lilleborg skole', behandlingstid: 0 })).id;
    await setOpeningHours(db, school, '16:00', '18:00');
    gym = (await createAsset(db, school, { name: 'Gymsal' })).id;
    aula = (await createAsset(db, school, { name: 'Aula' })).id;
    userId = (await createUser(db)).id;
  });
  afterAll(() => ctx.close());

  /** The city-wide search through the route (kept), checked against the location's (never kept). */
  const search = async (date = day): Promise<{ available: string[]; unavailable: string[] }> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/search/assets?date=${date}&duration=PT1H` });
    expect(res.statusCode, res.body).toBe(200);
    const kept = searchAssetsResponse.parse(res.json());
    const fresh: SearchAssetsResponse = await searchAssets({
      db: ctx.database.db,
      search: { kind: 'single', date, minutes: 60 },
      tagIds: [],
      locationId: school,
    });
    expect(kept).toEqual(fresh);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/search/assets?date=${date}&duration=PT1H&shape=page&limit=30` });
    expect(searchAssetsPage.parse(page.json()).available.map((h) => h.name)).toEqual(kept.available.map((h) => h.name));
    return { available: kept.available.map((h) => h.name), unavailable: kept.unavailable.map((h) => h.name) };
  };
  const bothFree = { available: ['Aula', 'Gymsal'], unavailable: [] };

  it('sees a reservation, a blocked time and every change to them on the searched date in the very next search', async () => {
    const db = ctx.database.db;
    expect(await search()).toEqual(bothFree);
    expect(await search()).toEqual(bothFree);

    const { reservationId } = await addReservation(db, {
      locationId: school,
      userId,
      bookableAssetId: gym,
      date: day,
      startTime: '16:00',
      durationMinutes: 120,
    });
    expect(await search()).toEqual({ available: ['Aula'], unavailable: ['Gymsal'] });

    await db.update(reservations).set({ status: 'REJECTED' }).where(eq(reservations.id, reservationId));
    expect(await search()).toEqual(bothFree);
    await db.update(reservations).set({ status: 'APPROVED' }).where(eq(reservations.id, reservationId));
    expect(await search()).toEqual({ available: ['Aula'], unavailable: ['Gymsal'] });

    // Moved to the next day: free on this one, taken on that one.
    expect(await search(addDays(day, 1))).toEqual(bothFree);
    await db
      .update(reservations)
      .set({ date: addDays(day, 1) })
      .where(eq(reservations.id, reservationId));
    expect(await search()).toEqual(bothFree);
    expect(await search(addDays(day, 1))).toEqual({ available: ['Aula'], unavailable: ['Gymsal'] });
    await db.delete(reservations).where(eq(reservations.id, reservationId));
    expect(await search(addDays(day, 1))).toEqual(bothFree);

    // A blocked time from the evening before into the searched afternoon.
    await addBlockedTime(db, aula, addDays(day, -1), '23:00', 19 * 60);
    expect(await search()).toEqual({ available: ['Gymsal'], unavailable: ['Aula'] });
    await db.update(blockedTimes).set({ durationMinutes: 60 }).where(eq(blockedTimes.bookableAssetId, aula));
    expect(await search()).toEqual(bothFree);
    await db
      .update(blockedTimes)
      .set({ durationMinutes: 19 * 60 })
      .where(eq(blockedTimes.bookableAssetId, aula));
    expect(await search()).toEqual({ available: ['Gymsal'], unavailable: ['Aula'] });
    await db.delete(blockedTimes).where(eq(blockedTimes.bookableAssetId, aula));
    expect(await search()).toEqual(bothFree);

    // A change rolled back changes nothing; a change to the opening hours is seen.
    await db
      .transaction(async (tx) => {
        await addBlockedTime(tx, gym, day, '16:00', 120);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await search()).toEqual(bothFree);
    await setOpeningHours(db, school, '16:00', '16:30', { bookableAssetId: gym });
    expect(await search()).toEqual({ available: ['Aula'], unavailable: ['Gymsal'] });
    await db.delete(openingHours).where(eq(openingHours.bookableAssetId, gym));
    expect(await search()).toEqual(bothFree);
  });

  it('sends the same kept bytes to the same search until something changes, and new ones after', async () => {
    const db = ctx.database.db;
    const single: SearchKind = { kind: 'single', date: addDays(day, 2), minutes: 60 };
    const params = { shape: 'page' as const, limit: 30, capacity: [], area: [] };
    const first = await searchAssetsShapedJson({ db, search: single, tagIds: [] }, params);
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(await searchAssetsShapedJson({ db, search: single, tagIds: [] }, params)).toBe(first);
    // Another shape or filter of the same search: its own text, from the same kept answer.
    const markers = await searchAssetsShapedJson({ db, search: single, tagIds: [] }, { shape: 'markers', capacity: [], area: [] });
    expect(markers).not.toBe(first);
    expect(searchAnswerCache(db).size).toBeGreaterThan(0);

    await addReservation(db, {
      locationId: school,
      userId,
      bookableAssetId: gym,
      date: addDays(day, 2),
      startTime: '16:00',
      durationMinutes: 120,
    });
    const after = await searchAssetsShapedJson({ db, search: single, tagIds: [] }, params);
    expect(after).not.toBe(first);
    expect(searchAssetsPage.parse(JSON.parse(after.toString())).unavailable.map((h) => h.name)).toEqual(['Gymsal']);
    expect(searchAssetsPage.parse(JSON.parse(first.toString())).unavailable).toEqual([]);
  });

  it("follows the clock: today's started slots and the date", async () => {
    const db = ctx.database.db;
    const today = osloToday();
    const single: SearchKind = { kind: 'single', date: today, minutes: 60 };
    const at = (time: string) => {
      // Oslo's offset today: the one whose wall clock reads `time`.
      const now = [1, 2]
        .map((h) => new Date(`${today}T${time}+0${h}:00`))
        .find((d) => osloClock(d).time === time && osloClock(d).today === today);
      if (!now) throw new Error('no such time today');
      return now;
    };
    const free = async (time: string) =>
      searchAssetsPage
        .parse(
          JSON.parse(
            (
              await searchAssetsShapedJson({ db, search: single, tagIds: [], now: at(time) }, { shape: 'page', capacity: [], area: [] })
            ).toString(),
          ),
        )
        .available.map((h) => h.name);
    expect(await free('16:40:00')).toEqual(['Aula', 'Gymsal']);
    expect(await free('17:00:00')).toEqual(['Aula', 'Gymsal']);
    // 17:00:01: the 17:00 slot has started, and from 17:15 an hour does not fit before 18:00.
    expect(await free('17:00:01')).toEqual([]);
    expect(await free('16:59:59')).toEqual(['Aula', 'Gymsal']);
  });
});
