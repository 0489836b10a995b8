import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears } from '@lokaler/domain/scheduling/calendar-date';
import { scheduleResponse, type ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { getSchedule } from './get-schedule';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { createAsset, createLocation } from '../../../test/factories/places';
import {
  addBlockedTime,
  addClosedDate,
  addLocationAdmin,
  addReservation,
  inDays,
  osloToday,
  setOpeningHours,
} from '../../../test/factories/calendar';

type Slot = ScheduleResponse[number]['timeslotsByDate'][string][number];

describe('GET /api/schedule, /api/admin/schedule, /api/bookableasset/firstandlastbookabledate', () => {
  let ctx: TestContext;
  let locationId: number;
  let gym: number;
  let hall: number;
  let hiddenRoom: number;
  let unpublishedLocationRoom: number;
  let otherLocationRoom: number;
  let kariReservation: number;
  let kari: string;
  let ola: string;
  let siri: string;
  const day = inDays(4);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const location = await createLocation(db, { name: 'Sagene skole', behandlingstid: 2 });
    locationId = location.id;
    await setOpeningHours(db, location.id, '16:00', '18:00');
    gym = (await createAsset(db, location.id, { name: 'Gymsal' })).id;
    hall = (await createAsset(db, location.id, { name: 'Aula' })).id;
    // The hall opens earlier on every day: the room's own hours replace the location's.
    await setOpeningHours(db, location.id, '15:00', '16:00', { bookableAssetId: hall });
    hiddenRoom = (await createAsset(db, location.id, { name: 'Lager', status: 'UNPUBLISHED' })).id;
    const unpublished = await createLocation(db, { status: 'UNPUBLISHED' });
    unpublishedLocationRoom = (await createAsset(db, unpublished.id)).id;
    const other = await createLocation(db, { name: 'Annen skole', adminCanBookPastDates: true });
    await setOpeningHours(db, other.id, '16:00', '18:00');
    otherLocationRoom = (await createAsset(db, other.id)).id;

    await addClosedDate(db, location.id, inDays(5), 'Vannlekkasje');
    await addBlockedTime(db, gym, day, '16:30:00', 30);
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    ola = (await loginAs(ctx.app, testCitizens[1]!)).accessToken;
    const kariId = (await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(kari) })).json<{
      userId: number;
    }>().userId;
    kariReservation = (
      await addReservation(db, {
        locationId: location.id,
        userId: kariId,
        bookableAssetId: gym,
        date: day,
        startTime: '17:00',
        durationMinutes: 60,
      })
    ).reservationId;
    // A cancelled reservation holds nothing.
    await addReservation(db, {
      locationId: location.id,
      userId: kariId,
      bookableAssetId: gym,
      date: day,
      startTime: '16:00',
      durationMinutes: 30,
      status: 'CANCELLED',
    });
    await addLocationAdmin(db, location.id, testAdmins[0]!.email);
    siri = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
  });
  afterAll(() => ctx.close());

  const query = (ids: number[], from: string, to: string, extra = '') =>
    `${ids.map((id) => `bookableAssetIds=${id}`).join('&')}&fromInclusive=${from}&toInclusive=${to}${extra}`;
  const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const slotsOf = (body: ScheduleResponse, id: number, date: string): Slot[] =>
    body.find((s) => s.bookableAssetId === id)!.timeslotsByDate[date]!;
  const slotAt = (slots: Slot[], time: string) => slots.find((s) => s.startTime === time)!;

  it("answers each room's 15-minute slots per date with booked, blocked and bookingAllowed for the public", async () => {
    const res = await get(`/api/schedule?${query([gym, hall], osloToday(), inDays(6))}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<ScheduleResponse>();
    // Exactly the schema's shape (parsing drops unknown keys): the route sends it without zod's encoding.
    expect(scheduleResponse.parse(body)).toEqual(body);
    expect(body.map((s) => s.bookableAssetId)).toEqual([gym, hall]);
    expect(Object.keys(body[0]!.timeslotsByDate)).toHaveLength(7);
    const slots = slotsOf(body, gym, day);
    expect(slots.map((s) => s.startTime)).toEqual([
      '16:00:00',
      '16:15:00',
      '16:30:00',
      '16:45:00',
      '17:00:00',
      '17:15:00',
      '17:30:00',
      '17:45:00',
    ]);
    // The cancelled reservation at 16:00 is not there; the blocked time is blocked for the public.
    expect(slotAt(slots, '16:00:00')).toEqual({
      startTime: '16:00:00',
      duration: 'PT15M',
      booked: false,
      bookingAllowed: true,
      displayAsBlockedButAllowed: false,
      blocked: false,
    });
    expect(slotAt(slots, '16:30:00')).toMatchObject({
      blocked: true,
      bookingAllowed: false,
      displayAsBlockedButAllowed: false,
      booked: false,
    });
    expect(slotAt(slots, '17:00:00')).toMatchObject({ booked: true, blocked: false, bookingAllowed: true });
    // The hall's own hours; behandlingstid (2 days) and the closed date make days unbookable, not hidden.
    expect(slotsOf(body, hall, day).map((s) => s.startTime)).toEqual(['15:00:00', '15:15:00', '15:30:00', '15:45:00']);
    expect(slotsOf(body, gym, inDays(1)).every((s) => !s.bookingAllowed)).toBe(true);
    expect(slotsOf(body, gym, inDays(2)).every((s) => s.bookingAllowed)).toBe(true);
    expect(slotsOf(body, gym, inDays(5)).length).toBe(8);
    expect(slotsOf(body, gym, inDays(5)).every((s) => !s.bookingAllowed)).toBe(true);
  });

  it('names the closed dates with their reason beside the slots, for the public and not for an administrator who may book them', async () => {
    const body = (await get(`/api/schedule?${query([gym, hall], osloToday(), inDays(6))}`)).json<ScheduleResponse>();
    const closed = [{ date: inDays(5), reason: 'Vannlekkasje' }];
    expect(body.map((s) => s.closedDates)).toEqual([closed, closed]);
    // A week without closed dates answers as before.
    expect((await get(`/api/schedule?${query([gym], day, day)}`)).json<ScheduleResponse>()[0]).not.toHaveProperty('closedDates');
    // The administrator's schedule: closed for them too, unless they make closed dates available.
    const admin = (await get(`/api/admin/schedule?${query([gym], inDays(1), inDays(6))}`, siri)).json<ScheduleResponse>();
    expect(admin[0]!.closedDates).toEqual(closed);
    // No admin route sends closedDatesAvailable today; the service keeps the rule for when one does.
    const user = { userId: 1, sub: 'siri', name: 'Siri', email: testAdmins[0]!.email, portal: 'ADMIN' as const, clientId: 'admin' };
    const withClosed = await getSchedule({
      db: ctx.database.db,
      query: { bookableAssetIds: [gym], fromInclusive: inDays(1), toInclusive: inDays(6) },
      access: { kind: 'admin', user: { ...user, adminLocationIds: [locationId], cityAdmin: false }, closedDatesAvailable: true },
    });
    expect(withClosed[0]).not.toHaveProperty('closedDates');
    expect(withClosed[0]!.timeslotsByDate[inDays(5)]!.every((s) => s.bookingAllowed)).toBe(true);
  });

  it('keeps the order asked and answers a repeated id once', async () => {
    const body = (await get(`/api/schedule?${query([hall, gym, hall], day, day)}`)).json<ScheduleResponse>();
    expect(body.map((s) => s.bookableAssetId)).toEqual([hall, gym]);
  });

  it('lets an administrator of the location book blocked slots and skip behandlingstid', async () => {
    const res = await get(`/api/admin/schedule?${query([gym], inDays(1), day, '&allowedToBookBlockedSlots=true')}`, siri);
    expect(res.statusCode).toBe(200);
    const body = res.json<ScheduleResponse>();
    expect(scheduleResponse.parse(body)).toEqual(body);
    expect(slotAt(slotsOf(body, gym, day), '16:30:00')).toMatchObject({
      blocked: true,
      bookingAllowed: true,
      displayAsBlockedButAllowed: true,
    });
    expect(slotAt(slotsOf(body, gym, day), '17:00:00')).toMatchObject({ booked: true, displayAsBlockedButAllowed: false });
    expect(slotsOf(body, gym, inDays(1)).every((s) => s.bookingAllowed)).toBe(true);
    // Without the flag blocked stays blocked, also for the administrator.
    const plain = (await get(`/api/admin/schedule?${query([gym], day, day)}`, siri)).json<ScheduleResponse>();
    expect(slotAt(slotsOf(plain, gym, day), '16:30:00')).toMatchObject({ bookingAllowed: false, displayAsBlockedButAllowed: false });
  });

  it('ignores a reservation only for its owner or an administrator', async () => {
    const ignore = `&reservationIdsToIgnore=${kariReservation}`;
    const bookedFor = async (url: string, token?: string) =>
      slotAt(slotsOf((await get(url, token)).json<ScheduleResponse>(), gym, day), '17:00:00').booked;
    expect(await bookedFor(`/api/schedule?${query([gym], day, day, ignore)}`)).toBe(true);
    expect(await bookedFor(`/api/schedule?${query([gym], day, day, ignore)}`, ola)).toBe(true);
    expect(await bookedFor(`/api/schedule?${query([gym], day, day, ignore)}`, kari)).toBe(false);
    expect(await bookedFor(`/api/admin/schedule?${query([gym], day, day, ignore)}`, siri)).toBe(false);
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const expect400 = async (url: string, path: string, message?: string) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        fields: expect.arrayContaining([expect.objectContaining({ path, ...(message ? { message } : {}) })]),
      });
    };
    await expect400(`/api/schedule?fromInclusive=${day}&toInclusive=${day}`, 'querystring.bookableAssetIds');
    await expect400(`/api/schedule?bookableAssetIds=abc&fromInclusive=${day}&toInclusive=${day}`, 'querystring.bookableAssetIds.0');
    await expect400(
      `/api/schedule?${query([gym], '2025-02-30', day)}`,
      'querystring.fromInclusive',
      'Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD',
    );
    await expect400(`/api/schedule?${query([gym], day, inDays(1))}`, 'querystring.toInclusive', 'Til-dato kan ikke være før fra-dato');
    await expect400(`/api/schedule?${query([gym], day, inDays(200))}`, 'querystring.toInclusive', 'Perioden kan være høyst 93 dager');
  });

  it('answers 404 for unknown and hidden rooms, 401/403 on the admin route', async () => {
    for (const id of [999_999, hiddenRoom, unpublishedLocationRoom]) {
      const res = await get(`/api/schedule?${query([gym, id], day, day)}`);
      expect(res.statusCode, `room ${id}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', userMsg: expect.any(String) });
    }
    // The administrator sees the unpublished room of their location, not another location's room.
    expect((await get(`/api/admin/schedule?${query([hiddenRoom], day, day)}`, siri)).statusCode).toBe(200);
    expect((await get(`/api/admin/schedule?${query([gym, otherLocationRoom], day, day)}`, siri)).json()).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await get(`/api/admin/schedule?${query([gym], day, day)}`)).statusCode).toBe(401);
    const asCitizen = await get(`/api/admin/schedule?${query([gym], day, day)}`, kari);
    expect(asCitizen.statusCode).toBe(403);
    expect(asCitizen.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('gives the first and last bookable date for the caller', async () => {
    const today = osloToday();
    const publicBounds = await get(`/api/bookableasset/firstandlastbookabledate?bookableAssetIds=${gym}&bookableAssetIds=${hall}`);
    expect(publicBounds.statusCode).toBe(200);
    expect(publicBounds.json()).toEqual({ firstDate: inDays(2), lastDate: addYears(today, 10) });
    // The other location has no behandlingstid: the earliest first date over the rooms wins.
    expect(
      (await get(`/api/bookableasset/firstandlastbookabledate?bookableAssetIds=${gym}&bookableAssetIds=${otherLocationRoom}`)).json(),
    ).toEqual({ firstDate: today, lastDate: addYears(today, 10) });
    expect((await get(`/api/admin/bookableasset/firstandlastbookabledate?bookableAssetIds=${gym}`, siri)).json()).toEqual({
      firstDate: today,
      lastDate: addYears(today, 10),
    });
    expect((await get(`/api/admin/bookableasset/firstandlastbookabledate?bookableAssetIds=${otherLocationRoom}`, siri)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/admin/bookableasset/firstandlastbookabledate?bookableAssetIds=${gym}`, kari)).statusCode).toBe(403);
    expect((await get(`/api/bookableasset/firstandlastbookabledate?bookableAssetIds=${hiddenRoom}`)).statusCode).toBe(404);
    const bad = await get('/api/bookableasset/firstandlastbookabledate');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: [expect.objectContaining({ path: 'querystring.bookableAssetIds' })] });
  });
});
