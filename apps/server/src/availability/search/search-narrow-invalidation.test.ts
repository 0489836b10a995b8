import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { searchAssetsPage } from '@lokaler/domain/search-request';
import { assetTags, bookableAssets, tags } from '../../db/schema/assets';
import { reservations } from '../../db/schema/bookings';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addClosedDate, addReservation, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { searchAssets, searchAssetsShapedJson, type SearchKind } from './search-assets';
import { searchRoomsCache } from './search-rooms-cache';
import { pruneBusyChanges } from './search-versions-repository';

/**
 * Narrow invalidation (decision 047). Every change is written straight to the database, as another
 * server process would: the search learns of it only through the triggers' rows (migration 0029).
 * A booking drops only the kept answers whose rooms and dates it touches; a change to one location's
 * fixed data renews only that location's kept rooms.
 */
describe('narrow invalidation of the kept rooms and answers', () => {
  let ctx: TestContext;
  const day = inDays(12);
  let userId: number;
  let north: number;
  let south: number;
  let hall: number;
  let court: number;
  let sport: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    userId = (await createUser(db)).id;
    north = (await createLocation(db, { name: 'Nordby skole', behandlingstid: 0 })).id;
    south = (await createLocation(db, { name: 'Sørby skole', behandlingstid: 0 })).id;
    await setOpeningHours(db, north, '16:00', '18:00');
    await setOpeningHours(db, south, '16:00', '18:00');
    hall = (await createAsset(db, north, { name: 'Idrettshall' })).id;
    court = (await createAsset(db, south, { name: 'Ballbinge' })).id;
    [sport] = (
      await db
        .insert(tags)
        .values([{ name: 'Ballspill', tagType: 'purpose' }])
        .returning()
    ).map((t) => t.id) as [number];
    await db.insert(assetTags).values({ bookableAssetId: court, tagId: sport });
  });
  afterAll(() => ctx.close());

  const params = { shape: 'page' as const, limit: 30, capacity: [], area: [] };
  const page = (body: string | Buffer) => searchAssetsPage.parse(JSON.parse(body.toString()));
  const single = (date = day): SearchKind => ({ kind: 'single', date, minutes: 60 });

  it('drops only the kept answers whose rooms and dates a booking touches', async () => {
    const db = ctx.database.db;
    const everyRoom = () => searchAssetsShapedJson({ db, search: single(), tagIds: [] }, params);
    const courtOnly = () => searchAssetsShapedJson({ db, search: single(), tagIds: [sport] }, params);
    const nextDay = () => searchAssetsShapedJson({ db, search: single(addDays(day, 1)), tagIds: [] }, params);
    const [every, courts, next] = [await everyRoom(), await courtOnly(), await nextDay()];
    expect([await everyRoom(), await courtOnly(), await nextDay()]).toEqual([every, courts, next]);
    expect(await courtOnly()).toBe(courts);

    // The hall is booked on the day: the search of every room sees it; the ball court's search
    // (which does not include the hall) and the next day's keep their answers, the very same bytes.
    const { reservationId } = await addReservation(db, {
      locationId: north,
      userId,
      bookableAssetId: hall,
      date: day,
      startTime: '16:00',
      durationMinutes: 120,
    });
    const everyAfter = await everyRoom();
    expect(everyAfter).not.toBe(every);
    expect(page(everyAfter).unavailable.map((h) => h.name)).toEqual(['Idrettshall']);
    expect(await courtOnly()).toBe(courts);
    expect(await nextDay()).toBe(next);

    // Approved: still busy, nothing the search reads changed, the answer is kept; rejected: free again.
    await db.update(reservations).set({ status: 'APPROVED' }).where(eq(reservations.id, reservationId));
    expect(await everyRoom()).toBe(everyAfter);
    await db.update(reservations).set({ status: 'REJECTED' }).where(eq(reservations.id, reservationId));
    expect(page(await everyRoom()).unavailable).toEqual([]);
    await db.update(reservations).set({ status: 'APPROVED' }).where(eq(reservations.id, reservationId));
    expect(page(await everyRoom()).unavailable.map((h) => h.name)).toEqual(['Idrettshall']);

    // The ball court booked: its search answers anew.
    await addReservation(db, { locationId: south, userId, bookableAssetId: court, date: day, startTime: '16:00', durationMinutes: 120 });
    const courtsAfter = await courtOnly();
    expect(courtsAfter).not.toBe(courts);
    expect(page(courtsAfter).unavailable.map((h) => h.name)).toEqual(['Ballbinge']);
    expect(await nextDay()).toBe(next);
  });

  it('renews only the changed location in the kept rooms, and answers the change', async () => {
    const db = ctx.database.db;
    const date = addDays(day, 3);
    const names = async () => {
      const answer = await searchAssets({ db, search: single(date), tagIds: [] });
      return { available: answer.available.map((h) => h.name), unavailable: answer.unavailable.map((h) => h.name) };
    };
    expect(await names()).toEqual({ available: ['Ballbinge', 'Idrettshall'], unavailable: [] });
    const before = await searchRoomsCache(db);
    const rowOf = (copy: typeof before, id: number) => copy.rooms.find((r) => r.row.id === id)?.row;

    await addClosedDate(db, north, date);
    expect(await names()).toEqual({ available: ['Ballbinge'], unavailable: ['Idrettshall'] });
    const after = await searchRoomsCache(db);
    expect(after).not.toBe(before);
    // The south's room is the row read before; the north's was read again.
    expect(rowOf(after, court)).toBe(rowOf(before, court));
    expect(rowOf(after, hall)).not.toBe(rowOf(before, hall));

    // A rename ranks the new name among the kept ones: 'Arena' now comes first (before 'Ballbinge').
    await db.update(bookableAssets).set({ name: 'Arena' }).where(eq(bookableAssets.id, hall));
    const renamed = await searchAssets({ db, search: single(addDays(day, 4)), tagIds: [] });
    expect(renamed.available.map((h) => h.name)).toEqual(['Arena', 'Ballbinge']);
    // Names ranked ever closer to each other until no rank is left between them: read whole, in order.
    for (let i = 1; i <= 12; i++) {
      const name = `Arena ${String(i).padStart(2, '0')}`;
      await db.update(bookableAssets).set({ name }).where(eq(bookableAssets.id, hall));
      const order = await searchAssets({ db, search: single(addDays(day, 5)), tagIds: [] });
      expect(order.available.map((h) => h.name)).toEqual([name, 'Ballbinge']);
    }
    await db.update(bookableAssets).set({ name: 'Arena' }).where(eq(bookableAssets.id, hall));
    // Every kept room answers as a copy read whole: the location's own search agrees.
    for (const locationId of [north, south]) {
      const own = await searchAssets({ db, search: single(date), tagIds: [], locationId });
      const cityWide = await searchAssets({ db, search: single(date), tagIds: [] });
      const mine = (h: { locationId: number }) => h.locationId === locationId;
      expect({ available: cityWide.available.filter(mine), unavailable: cityWide.unavailable.filter(mine) }).toEqual(own);
    }
  });

  it('drops every kept answer when the changes since its last read were pruned', async () => {
    const db = ctx.database.db;
    const date = addDays(day, 6);
    const first = await searchAssetsShapedJson({ db, search: single(date), tagIds: [] }, params);
    expect(page(first).unavailable).toEqual([]);
    await addReservation(db, { locationId: north, userId, bookableAssetId: hall, date, startTime: '16:00', durationMinutes: 120 });
    // Two runs: the second deletes what the first's snapshot had seen committed, the booking's row too.
    await pruneBusyChanges(db);
    await pruneBusyChanges(db);
    const after = await searchAssetsShapedJson({ db, search: single(date), tagIds: [] }, params);
    expect(page(after).unavailable.map((h) => h.name)).toEqual(['Arena']);
  });
});

describe('the kept rooms renewed among many locations', () => {
  let ctx: TestContext;
  const day = inDays(14);
  const places: { location: number; room: number }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    for (let i = 0; i < 6; i++) {
      const location = (await createLocation(db, { name: `Skole ${i + 1}`, behandlingstid: 0 })).id;
      await setOpeningHours(db, location, '16:00', '18:00');
      places.push({ location, room: (await createAsset(db, location, { name: `Sal ${i + 1}` })).id });
    }
  });
  afterAll(() => ctx.close());

  it("keeps every other location's room objects and calendars, and answers as each location's own search", async () => {
    const db = ctx.database.db;
    const search = { kind: 'single' as const, date: day, minutes: 60 };
    expect((await searchAssets({ db, search, tagIds: [] })).unavailable).toEqual([]);
    const before = await searchRoomsCache(db);
    const [first, second] = places as [(typeof places)[number], (typeof places)[number]];
    await addClosedDate(db, first.location, day);
    const cityWide = await searchAssets({ db, search, tagIds: [] });
    expect(cityWide.unavailable.map((h) => h.name)).toEqual(['Sal 1']);
    const after = await searchRoomsCache(db);
    const roomOf = (copy: typeof before, id: number) => copy.rooms.find((r) => r.row.id === id);
    // One calendar unused of seven: the old ones stay at their index, the new one comes after.
    expect(after.calendars).toHaveLength(before.calendars.length + 1);
    expect(roomOf(after, second.room)).toBe(roomOf(before, second.room));
    expect(roomOf(after, first.room)?.calendar.index).toBe(before.calendars.length);
    for (const { location } of places) {
      const own = await searchAssets({ db, search, tagIds: [], locationId: location });
      const mine = (h: { locationId: number }) => h.locationId === location;
      expect({ available: cityWide.available.filter(mine), unavailable: cityWide.unavailable.filter(mine) }).toEqual(own);
    }
  });
});
