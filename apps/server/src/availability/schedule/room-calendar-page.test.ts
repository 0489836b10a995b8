import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomCalendarPage, type RoomCalendarPage } from '@lokaler/domain/scheduling/room-calendar-page';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addClosedDate, addReservation, inDays, setOpeningHours } from '../../../test/factories/calendar';

/**
 * GET /api/bookableasset/calendar (decision 019): the room page's four calls in one answer, equal
 * to what each of those calls answers on its own.
 */
describe('GET /api/bookableasset/calendar', () => {
  let ctx: TestContext;
  let gym: number;
  let hall: number;
  let hidden: number;
  let unpublishedLocationRoom: number;
  let locationId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const location = await createLocation(db, { name: 'Sagene skole', behandlingstid: 9, minBookingDurationMinutes: 60 });
    locationId = location.id;
    await setOpeningHours(db, location.id, '16:00', '18:00');
    gym = (await createAsset(db, location.id, { name: 'Gymsal' })).id;
    hall = (await createAsset(db, location.id, { name: 'Aula' })).id;
    // The first bookable date is closed: the opening week names it.
    await addClosedDate(db, location.id, inDays(9), 'Vannlekkasje');
    hidden = (await createAsset(db, location.id, { name: 'Lager', status: 'UNPUBLISHED' })).id;
    unpublishedLocationRoom = (await createAsset(db, (await createLocation(db, { status: 'UNPUBLISHED' })).id)).id;
    const users = await loginAs(ctx.app, testCitizens[0]!);
    const userId = (await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(users.accessToken) })).json<{
      userId: number;
    }>().userId;
    await addReservation(db, {
      locationId: location.id,
      userId,
      bookableAssetId: gym,
      date: inDays(10),
      startTime: '17:00',
      durationMinutes: 60,
    });
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const ids = (...list: number[]) => list.map((id) => `bookableAssetIds=${id}`).join('&');

  it("answers the rooms, the location, the bounds and the opening week's schedule, each as its own call answers it", async () => {
    const res = await get(`/api/bookableasset/calendar?${ids(gym, hall)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = res.json<RoomCalendarPage>();
    // Exactly the schema's shape: the answer is written as text, not through zod's encoding.
    expect(roomCalendarPage.parse(page)).toEqual(page);

    const rooms = (await get(`/api/bookableasset?ids=${gym}&ids=${hall}`)).json();
    const location = (await get(`/api/location/${locationId}`)).json();
    const bounds = (await get(`/api/bookableasset/firstandlastbookabledate?${ids(gym, hall)}`)).json<{ firstDate: string }>();
    expect(page.rooms).toEqual(rooms);
    expect(page.rooms.map((r) => r.displayName)).toEqual(['Aula', 'Gymsal']);
    expect(page.location).toEqual(location);
    expect(page.location?.minBookingDurationMinutes).toBe(60);
    expect(page.bounds).toEqual(bounds);
    expect(bounds.firstDate).toBe(inDays(9));
    // The week of the first bookable date (behandlingstid 9 days), Monday to Sunday.
    const week = page.week!;
    expect(week.fromInclusive <= inDays(9) && inDays(9) <= week.toInclusive).toBe(true);
    expect(new Date(`${week.fromInclusive}T12:00:00Z`).getUTCDay()).toBe(1);
    const schedule = (
      await get(`/api/schedule?${ids(gym, hall)}&fromInclusive=${week.fromInclusive}&toInclusive=${week.toInclusive}`)
    ).json();
    expect(page.schedule).toEqual(schedule);
    expect(page.schedule.map((s) => s.bookableAssetId)).toEqual([gym, hall]);
    const closed = [{ date: inDays(9), reason: 'Vannlekkasje' }];
    expect(page.schedule.map((s) => s.closedDates)).toEqual([closed, closed]);
  });

  it('leaves hidden rooms out and answers an empty page when none is shown, as GET /api/bookableasset does', async () => {
    const some = (await get(`/api/bookableasset/calendar?${ids(hidden, gym)}`)).json<RoomCalendarPage>();
    expect(some.rooms.map((r) => r.id)).toEqual([gym]);
    expect(some.schedule.map((s) => s.bookableAssetId)).toEqual([gym]);

    const none = await get(`/api/bookableasset/calendar?${ids(hidden)}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ rooms: [], location: null, bounds: null, week: null, schedule: [] });

    // A room of an unpublished location is listed (GET /api/bookableasset lists it) but has no public calendar.
    const unpublished = (await get(`/api/bookableasset/calendar?${ids(unpublishedLocationRoom)}`)).json<RoomCalendarPage>();
    expect(unpublished.rooms.map((r) => r.id)).toEqual([unpublishedLocationRoom]);
    expect(unpublished).toMatchObject({ bounds: null, week: null, schedule: [] });
  });

  it('is public: no token needed, and a token is not read', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/bookableasset/calendar?${ids(gym)}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a request without rooms, with too many or with a bad id: 400 with a Norwegian message, nothing computed', async () => {
    for (const query of ['', ids(...Array.from({ length: 21 }, (_, i) => i + 1)), 'bookableAssetIds=abc', 'bookableAssetIds=-1']) {
      const res = await get(`/api/bookableasset/calendar?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<{ code: string; msg: string; userMsg?: string }>();
      expect(body.code).toBeTruthy();
      expect(body.userMsg ?? body.msg).toBeTruthy();
    }
  });
});
