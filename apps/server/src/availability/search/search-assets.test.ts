import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAssetsResponse, type SearchAssetHit, type SearchAssetsResponse } from '@lokaler/domain/search-request';
import { isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { daysOfWeek, isoToDayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { expandWeekdayPattern } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { assetTags, tags } from '../../db/schema/assets';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addClosedDate, addReservation, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { searchAssets } from './search-assets';

describe('GET /api/search/assets[/{locationId}][/repeating]', () => {
  let ctx: TestContext;
  const day = inDays(10);
  const weekLater = inDays(17);
  const ids: Record<string, number> = {};
  let sagene: number;
  let hiddenFromPortal: number;
  let unpublished: number;
  let sport: number;
  let shower: number;
  let concert: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    [sport, shower, concert] = (
      await db
        .insert(tags)
        .values([
          { name: 'Idrett og trening', tagType: 'purpose' },
          { name: 'Dusj', tagType: 'facility' },
          { name: 'Konsert og forestilling', tagType: 'purpose' },
        ])
        .returning()
    ).map((t) => t.id) as [number, number, number];
    const userId = (await createUser(db)).id;

    const school = await createLocation(db, { name: 'Sagene skole', lat: 59.938, lng: 10.754 });
    sagene = school.id;
    await setOpeningHours(db, sagene, '16:00', '22:00');
    ids.gym = (await createAsset(db, sagene, { name: 'Gymsal', externalAssetNumber: 'G1', capacity: 120, lat: 59.9381, lng: 10.7541 })).id;
    ids.aula = (await createAsset(db, sagene, { name: 'Aula', capacity: 200 })).id;
    ids.full = (await createAsset(db, sagene, { name: 'Fullt rom' })).id;
    ids.seriesOnly = (await createAsset(db, sagene, { name: 'Bare serier', allowSingleBookingsForPublicUser: false })).id;
    ids.blocked = (await createAsset(db, sagene, { name: 'Blokkert sal' })).id;
    ids.storage = (await createAsset(db, sagene, { name: 'Lager', status: 'UNPUBLISHED' })).id;
    await db.insert(assetTags).values([
      { bookableAssetId: ids.gym, tagId: sport },
      { bookableAssetId: ids.gym, tagId: shower },
      { bookableAssetId: ids.aula, tagId: concert },
    ]);
    await addReservation(db, {
      locationId: sagene,
      userId,
      bookableAssetId: ids.full,
      date: day,
      startTime: '16:00',
      durationMinutes: 360,
    });
    // A cancelled reservation holds nothing.
    await addReservation(db, {
      locationId: sagene,
      userId,
      bookableAssetId: ids.gym,
      date: day,
      startTime: '16:00',
      durationMinutes: 360,
      status: 'CANCELLED',
    });
    // Blocked until 21:30: half an hour is left, an hour is not.
    await addBlockedTime(db, ids.blocked, day, '16:00', 330);

    // Applications 14 days ahead: `day` is too soon, a week later is not.
    const library = await createLocation(db, { name: 'Torshov bibliotek', behandlingstid: 14 });
    await setOpeningHours(db, library.id, '08:00', '20:00');
    ids.reading = (await createAsset(db, library.id, { name: 'Lesesal' })).id;

    const venue = await createLocation(db, { name: 'Stovner kulturhus', minBookingDurationMinutes: 120 });
    await setOpeningHours(db, venue.id, '10:00', '22:00');
    await addClosedDate(db, venue.id, weekLater);
    ids.hall = (await createAsset(db, venue.id, { name: 'Storsal' })).id;

    const notListed = await createLocation(db, { name: 'Rådhuset', displayInPortal: false });
    hiddenFromPortal = notListed.id;
    await setOpeningHours(db, hiddenFromPortal, '09:00', '15:00');
    ids.wedding = (await createAsset(db, hiddenFromPortal, { name: 'Vielsesrom' })).id;

    const closed = await createLocation(db, { name: 'Nedlagt skole', status: 'UNPUBLISHED' });
    unpublished = closed.id;
    await setOpeningHours(db, unpublished, '08:00', '22:00');
    await createAsset(db, unpublished, { name: 'Gymsal' });
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api${url}` });
  const search = async (url: string): Promise<SearchAssetsResponse> => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    // The route sends with JSON.stringify, not the schema: the contract is checked here.
    return searchAssetsResponse.parse(res.json());
  };
  const names = (hits: SearchAssetHit[]) => hits.map((h) => h.displayName);
  const expectRejected = async (url: string, path: string, message: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      userMsg: message,
      fields: expect.arrayContaining([{ path: `querystring.${path}`, message }]),
    });
  };

  it("answers every published room of the portal's locations on one date, free ones first by name", async () => {
    const result = await search(`/search/assets?date=${day}&duration=PT1H`);
    expect(names(result.available)).toEqual(['Aula', 'Gymsal (G1)']);
    // Booked, blocked, within behandlingstid, single loans not lent, shorter than the minimum.
    expect(names(result.unavailable)).toEqual(['Bare serier', 'Blokkert sal', 'Fullt rom', 'Lesesal', 'Storsal']);
    expect(result.available[1]).toEqual({
      bookableAssetId: ids.gym,
      locationId: sagene,
      datesCount: 1,
      unavailableDates: [],
      name: 'Gymsal',
      displayName: 'Gymsal (G1)',
      capacity: 120,
      assetTypeId: null,
      locationName: 'Sagene skole',
      geographicAreaId: 'sagene',
      geographicAreaName: 'Sagene',
      latLng: { lat: 59.9381, lng: 10.7541 },
      tagIds: [sport, shower].sort((a, b) => a - b),
      behandlingstid: 0,
    });
    // Without a position of its own a room is placed at its location.
    expect(result.available[0]!.latLng).toEqual({ lat: 59.938, lng: 10.754 });
    expect(result.unavailable.find((h) => h.bookableAssetId === ids.full)).toMatchObject({ datesCount: 1, unavailableDates: [day] });
    // Lends series only: no single date is free.
    expect(result.unavailable.find((h) => h.bookableAssetId === ids.seriesOnly)).toMatchObject({ datesCount: 1, unavailableDates: [day] });
  });

  it('finds the half hour a blocked time leaves, and the minimum duration met', async () => {
    const halfHour = await search(`/search/assets?date=${day}&duration=PT30M`);
    expect(names(halfHour.available)).toContain('Blokkert sal');
    const twoHours = await search(`/search/assets?date=${day}&duration=PT2H`);
    expect(names(twoHours.available)).toEqual(['Aula', 'Gymsal (G1)', 'Storsal']);
  });

  it('honours behandlingstid: the library is free once the date is far enough ahead', async () => {
    const later = await search(`/search/assets?date=${inDays(14)}&duration=PT1H`);
    expect(names(later.available)).toContain('Lesesal');
    const tooSoon = await search(`/search/assets?date=${inDays(13)}&duration=PT1H`);
    expect(names(tooSoon.unavailable)).toContain('Lesesal');
  });

  it("keeps the rooms with every asked tag, and ignores the 'alle' tag", async () => {
    expect(names((await search(`/search/assets?date=${day}&duration=PT1H&tagIds=${sport}`)).available)).toEqual(['Gymsal (G1)']);
    expect(names((await search(`/search/assets?date=${day}&duration=PT1H&tagIds=${sport}&tagIds=${shower}`)).available)).toEqual([
      'Gymsal (G1)',
    ]);
    const none = await search(`/search/assets?date=${day}&duration=PT1H&tagIds=${sport}&tagIds=${concert}`);
    expect(none).toEqual({ available: [], unavailable: [] });
    const all = await search(`/search/assets?date=${day}&duration=PT1H&tagIds=alle`);
    expect(names(all.available)).toEqual(['Aula', 'Gymsal (G1)']);
  });

  it('sorts a recurring search by the share of free dates, then by name', async () => {
    const weekday = isoToDayOfWeek(isoWeekday(day));
    const result = await search(
      `/search/assets/repeating?from=${day}&to=${weekLater}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=${weekday}`,
    );
    // Full share first (Bare serier lends series), then the half-free rooms by name.
    expect(names(result.available)).toEqual(['Aula', 'Bare serier', 'Gymsal (G1)', 'Blokkert sal', 'Fullt rom', 'Lesesal']);
    expect(result.available.find((h) => h.bookableAssetId === ids.full)).toMatchObject({ datesCount: 2, unavailableDates: [day] });
    expect(result.available.find((h) => h.bookableAssetId === ids.reading)).toMatchObject({ datesCount: 2, unavailableDates: [day] });
    expect(names(result.unavailable)).toEqual(['Storsal']);
    const twoHours = await search(
      `/search/assets/repeating?from=${day}&to=${weekLater}&duration=PT2H&repetition=WEEKLYONWEEKDAY&daysOfWeek=${weekday}`,
    );
    // Closed on the second date.
    expect(twoHours.available.find((h) => h.bookableAssetId === ids.hall)).toMatchObject({ datesCount: 2, unavailableDates: [weekLater] });
  });

  it("answers one location's rooms, also a location not listed in the portal", async () => {
    expect(names((await search(`/search/assets/${sagene}?date=${day}&duration=PT1H`)).available)).toEqual(['Aula', 'Gymsal (G1)']);
    const wedding = await search(`/search/assets/${hiddenFromPortal}?date=${day}&duration=PT1H`);
    expect(names(wedding.available)).toEqual(['Vielsesrom']);
    const all = await search(`/search/assets?date=${day}&duration=PT1H`);
    expect([...all.available, ...all.unavailable].map((h) => h.bookableAssetId)).not.toContain(ids.wedding);
    const pattern = { from: day, to: inDays(40), repetition: 'BIWEEKLYONWEEKDAY', daysOfWeek: ['MONDAY', 'FRIDAY'] } as const;
    const biweekly = await search(
      `/search/assets/${sagene}/repeating?from=${pattern.from}&to=${pattern.to}&duration=PT1H&repetition=${pattern.repetition}&daysOfWeek=MONDAY&daysOfWeek=FRIDAY`,
    );
    expect(names(biweekly.available).sort()).toEqual(['Aula', 'Bare serier', 'Blokkert sal', 'Fullt rom', 'Gymsal (G1)']);
    expect(biweekly.available.find((h) => h.bookableAssetId === ids.aula)).toMatchObject({
      datesCount: expandWeekdayPattern(pattern).length,
      unavailableDates: [],
    });
  });

  it('answers 404 for an unknown or unpublished location and 400 for a bad id', async () => {
    for (const id of [unpublished, 987654]) {
      const res = await get(`/search/assets/${id}?date=${day}&duration=PT1H`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', msg: `Location ${id} not found` });
    }
    const bad = await get(`/search/assets/abc?date=${day}&duration=PT1H`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', fields: [expect.objectContaining({ path: 'params.locationId' })] });
  });

  it("refuses a single-date search with the search form's texts", async () => {
    await expectRejected('/search/assets?duration=PT1H', 'date', 'Dato er påkrevd');
    await expectRejected('/search/assets?date=17.05.2031&duration=PT1H', 'date', 'Dato er påkrevd');
    await expectRejected(`/search/assets?date=${inDays(-1)}&duration=PT1H`, 'date', 'Dato kan ikke være i fortiden');
    await expectRejected(`/search/assets?date=${inDays(549)}&duration=PT1H`, 'date', 'Dato kan ikke være mer enn 1.5 år frem i tid');
    await expectRejected(`/search/assets?date=${day}`, 'duration', 'Varighet er påkrevd');
    await expectRejected(`/search/assets?date=${day}&duration=1h`, 'duration', 'Varighet er påkrevd');
    await expectRejected(`/search/assets/${sagene}?date=${inDays(-3)}&duration=PT1H`, 'date', 'Dato kan ikke være i fortiden');
    const badTag = await get(`/search/assets?date=${day}&duration=PT1H&tagIds=sport`);
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json()).toMatchObject({ code: 'VALIDATION', fields: [expect.objectContaining({ path: 'querystring.tagIds.0' })] });
  });

  it("refuses a recurring search with the search form's texts", async () => {
    const base = `duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=MONDAY`;
    await expectRejected(`/search/assets/repeating?to=${weekLater}&${base}`, 'from', 'Dato er påkrevd');
    await expectRejected(`/search/assets/repeating?from=${day}&to=${inDays(3)}&${base}`, 'to', 'Til-dato kan ikke være før fra-dato');
    await expectRejected(
      `/search/assets/repeating?from=${day}&to=${inDays(600)}&${base}`,
      'to',
      'Dato kan ikke være mer enn 1.5 år frem i tid',
    );
    await expectRejected(
      `/search/assets/repeating?from=${day}&to=${weekLater}&duration=PT1H&daysOfWeek=MONDAY`,
      'repetition',
      'Velg hvor ofte',
    );
    await expectRejected(
      `/search/assets/repeating?from=${day}&to=${weekLater}&duration=PT1H&repetition=WEEKLYONWEEKDAY`,
      'daysOfWeek',
      'Velg minst én ukedag',
    );
    await expectRejected(
      `/search/assets/${sagene}/repeating?from=${day}&to=${weekLater}&repetition=WEEKLYONWEEKDAY&daysOfWeek=MONDAY`,
      'duration',
      'Varighet er påkrevd',
    );
    const badPattern = await get(`/search/assets/repeating?from=${day}&to=${weekLater}&duration=PT1H&repetition=DAILY&daysOfWeek=MONDAY`);
    expect(badPattern.statusCode).toBe(400);
    expect(badPattern.json()).toMatchObject({ fields: [expect.objectContaining({ path: 'querystring.repetition' })] });
    const badDay = await get(
      `/search/assets/repeating?from=${day}&to=${weekLater}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=FUNDAY`,
    );
    expect(badDay.statusCode).toBe(400);
  });

  it('gives the same answer whether it reads every busy row or lets the database pick the crowded dates', async () => {
    const recurring = {
      kind: 'recurring' as const,
      from: day,
      to: inDays(60),
      minutes: 60,
      repetition: 'WEEKLYONWEEKDAY' as const,
      daysOfWeek: ['MONDAY', 'WEDNESDAY', 'SATURDAY'] as const,
    };
    // The long one is read in two halves on two connections.
    const everyDay = { ...recurring, to: inDays(200), daysOfWeek: [...daysOfWeek] };
    for (const query of [
      { kind: 'single' as const, date: day, minutes: 60 },
      { ...recurring, daysOfWeek: [...recurring.daysOfWeek] },
      everyDay,
    ]) {
      const exact = await searchAssets({ db: ctx.database.db, search: query, tagIds: [], exactRoomLimit: 1000 });
      const crowded = await searchAssets({ db: ctx.database.db, search: query, tagIds: [], exactRoomLimit: 0 });
      expect(crowded).toEqual(exact);
    }
  });
});
