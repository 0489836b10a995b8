import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { isoToDayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { availableTimeResponse, availableTimeSeriesResponse } from '@lokaler/domain/scheduling/search-query';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addClosedDate, addReservation, inDays, setOpeningHours } from '../../../test/factories/calendar';

describe('GET /api/bookableasset/availabletime and /availabletimeseries', () => {
  let ctx: TestContext;
  const day = inDays(9);
  const weekday = isoToDayOfWeek(isoWeekday(day));
  const nextWeekday = isoToDayOfWeek(isoWeekday(addDays(day, 1)));
  let meeting: number;
  let seriesOnly: number;
  let singleOnly: number;
  let hidden: number;
  let ofUnpublishedLocation: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const userId = (await createUser(db)).id;
    const location = await createLocation(db, { name: 'Grünerløkka frivilligsentral' });
    await setOpeningHours(db, location.id, '16:00', '20:00');
    meeting = (await createAsset(db, location.id, { name: 'Møterom' })).id;
    seriesOnly = (await createAsset(db, location.id, { name: 'Sal', allowSingleBookingsForPublicUser: false })).id;
    singleOnly = (await createAsset(db, location.id, { name: 'Kjøkken', allowRepeatedBookingsForPublicUser: false })).id;
    hidden = (await createAsset(db, location.id, { name: 'Lager', status: 'UNPUBLISHED' })).id;
    await addReservation(db, {
      locationId: location.id,
      userId,
      bookableAssetId: meeting,
      date: day,
      startTime: '17:00',
      durationMinutes: 60,
    });
    await addBlockedTime(db, meeting, addDays(day, 7), '19:00', 60);
    await addClosedDate(db, location.id, addDays(day, 14));
    const unpublished = await createLocation(db, { status: 'UNPUBLISHED' });
    await setOpeningHours(db, unpublished.id, '16:00', '20:00');
    ofUnpublishedLocation = (await createAsset(db, unpublished.id)).id;
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/bookableasset/${url}` });
  const starts = (times: { timeInterval: { start: string } }[]) => times.map((t) => t.timeInterval.start.slice(0, 5));
  const expectRejected = async (url: string, path: string, message: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      userMsg: message,
      fields: expect.arrayContaining([{ path: `querystring.${path}`, message }]),
    });
  };

  it('lists the starts where the duration fits, each with its end and the date as first available', async () => {
    const res = await get(`availabletime?bookableAssetId=${meeting}&date=${day}&duration=PT1H`);
    expect(res.statusCode).toBe(200);
    const times = availableTimeResponse.parse(res.json());
    // Booked 17–18: an hour fits from 16:00, then from 18:00 until 19:00 (15-minute starts).
    expect(starts(times)).toEqual(['16:00', '18:00', '18:15', '18:30', '18:45', '19:00']);
    expect(times[0]).toEqual({ timeInterval: { start: '16:00:00', end: '17:00:00' }, firstAvailable: day });
    expect(times.at(-1)).toEqual({ timeInterval: { start: '19:00:00', end: '20:00:00' }, firstAvailable: day });
  });

  it('answers no times on a closed date, for a too long duration, and in a room that lends only series', async () => {
    for (const url of [
      `availabletime?bookableAssetId=${meeting}&date=${addDays(day, 14)}&duration=PT1H`,
      `availabletime?bookableAssetId=${meeting}&date=${day}&duration=PT5H`,
      `availabletime?bookableAssetId=${seriesOnly}&date=${day}&duration=PT1H`,
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('answers the series keyed by weekday, with how many of the dates each time is free on', async () => {
    const res = await get(
      `availabletimeseries?bookableAssetId=${meeting}&from=${day}&to=${addDays(day, 14)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=${weekday}&daysOfWeek=${nextWeekday}`,
    );
    expect(res.statusCode).toBe(200);
    const series = availableTimeSeriesResponse.parse(res.json());
    // Three dates of `weekday` (the third is closed) and two of the next weekday.
    expect(series.datesCount).toBe(5);
    expect(series.unavailableDates).toEqual([addDays(day, 14)]);
    expect(series.share).toBeCloseTo(4 / 5);
    const first = series.byWeekday[weekday]!;
    const at = (time: string) => first.find((t) => t.timeInterval.start === time);
    expect(at('16:00:00')).toEqual({
      timeInterval: { start: '16:00:00', end: '17:00:00' },
      firstAvailable: day,
      availableDatesCount: 2,
      datesCount: 3,
    });
    // Booked on the first date, free a week later.
    expect(at('17:00:00')).toMatchObject({ firstAvailable: addDays(day, 7), availableDatesCount: 1 });
    // Blocked 19–20 a week later.
    expect(at('19:00:00')).toMatchObject({ firstAvailable: day, availableDatesCount: 1 });
    expect(starts(series.byWeekday[nextWeekday]!)).toEqual([
      '16:00',
      '16:15',
      '16:30',
      '16:45',
      '17:00',
      '17:15',
      '17:30',
      '17:45',
      '18:00',
      '18:15',
      '18:30',
      '18:45',
      '19:00',
    ]);
  });

  it('answers a series without times in a room that lends only single dates', async () => {
    const res = await get(
      `availabletimeseries?bookableAssetId=${singleOnly}&from=${day}&to=${addDays(day, 7)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=${weekday}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ byWeekday: { [weekday]: [] }, datesCount: 2, unavailableDates: [day, addDays(day, 7)], share: 0 });
  });

  it('answers 404 for an unknown room, an unpublished one and one of an unpublished location', async () => {
    for (const id of [424242, hidden, ofUnpublishedLocation]) {
      const single = await get(`availabletime?bookableAssetId=${id}&date=${day}&duration=PT1H`);
      expect(single.statusCode).toBe(404);
      expect(single.json()).toMatchObject({ code: 'NOT_FOUND', msg: `Bookable asset ${id} not found` });
      const series = await get(
        `availabletimeseries?bookableAssetId=${id}&from=${day}&to=${addDays(day, 7)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=MONDAY`,
      );
      expect(series.statusCode).toBe(404);
    }
  });

  it("refuses missing or invalid parameters with the search form's texts", async () => {
    await expectRejected(`availabletime?bookableAssetId=${meeting}&duration=PT1H`, 'date', 'Dato er påkrevd');
    await expectRejected(
      `availabletime?bookableAssetId=${meeting}&date=${inDays(-1)}&duration=PT1H`,
      'date',
      'Dato kan ikke være i fortiden',
    );
    await expectRejected(`availabletime?bookableAssetId=${meeting}&date=${day}`, 'duration', 'Varighet er påkrevd');
    await expectRejected(
      `availabletimeseries?bookableAssetId=${meeting}&from=${day}&to=${addDays(day, -2)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=MONDAY`,
      'to',
      'Til-dato kan ikke være før fra-dato',
    );
    await expectRejected(
      `availabletimeseries?bookableAssetId=${meeting}&from=${day}&to=${addDays(day, 7)}&duration=PT1H&daysOfWeek=MONDAY`,
      'repetition',
      'Velg hvor ofte',
    );
    await expectRejected(
      `availabletimeseries?bookableAssetId=${meeting}&from=${day}&to=${addDays(day, 7)}&duration=PT1H&repetition=WEEKLYONWEEKDAY`,
      'daysOfWeek',
      'Velg minst én ukedag',
    );
    for (const url of [`availabletime?date=${day}&duration=PT1H`, `availabletime?bookableAssetId=x&date=${day}&duration=PT1H`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: [expect.objectContaining({ path: 'querystring.bookableAssetId' })] });
    }
  });
});
