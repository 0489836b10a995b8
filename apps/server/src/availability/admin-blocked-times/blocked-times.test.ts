import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedTimesSchedule } from '@lokaler/domain/admin-blocked-times';
import { scheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { searchAssetsResponse } from '@lokaler/domain/search-request';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { blockedTimes } from '../../db/schema/schedule';
import { cityAdmins, locationAuditLog } from '../../db/schema/location-setup';
import { testAdmins } from '../../seed/test-users';
import { bookingWithTimes, call } from '../../../test/admin-test-support';

describe('blocking times (PUT /api/bookableasset/{id}/blockedtimes, GET …/blockedtimes/schedule)', () => {
  let ctx: TestContext;
  let siri: string;
  let bente: string;
  let jonas: string;
  let gym: number;
  let locationId: number;
  const date = inDays(20);
  const next = inDays(21);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Sagene skole' })).id;
    await setOpeningHours(db, locationId, '16:00', '19:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    gym = (await createAsset(db, locationId, { name: 'Gymsal' })).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    await addLocationAdmin(db, (await createLocation(db, { name: 'Deichman Bjerke' })).id, testAdmins[1]!.email);
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    await db.insert(cityAdmins).values({ email: testAdmins[3]!.email.toLowerCase() });
    bente = (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());

  const stored = async () =>
    (
      await ctx.database.db
        .select()
        .from(blockedTimes)
        .where(eq(blockedTimes.bookableAssetId, gym))
        .orderBy(asc(blockedTimes.date), asc(blockedTimes.startTime))
    ).map((b) => [b.date, b.startTime, b.durationMinutes]);
  const put = (timeslotsByDate: Record<string, unknown[]>) =>
    call(ctx.app, siri, 'PUT', `/api/bookableasset/${gym}/blockedtimes`, { timeslotsByDate });

  it('blocks and opens times per date; adjacent blocks are stored as one', async () => {
    const res = await put({
      [date]: [
        { startTime: '16:00:00', blocked: true, duration: 'PT30M' },
        { startTime: '16:30:00', blocked: true, duration: 'PT1H' },
      ],
      [next]: [{ startTime: '18:00:00', blocked: true, duration: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BlockedTimesSchedule>().timeslotsByDate[date]).toEqual([
      expect.objectContaining({ startTime: '16:00:00', duration: 'PT1H30M', blocked: true }),
    ]);
    expect(await stored()).toEqual([
      [date, '16:00:00', 90],
      [next, '18:00:00', 60],
    ]);

    // Opening the middle splits the block; a date not sent keeps its blocks.
    expect((await put({ [date]: [{ startTime: '16:30:00', blocked: false, duration: 'PT30M' }] })).statusCode).toBe(200);
    expect(await stored()).toEqual([
      [date, '16:00:00', 30],
      [date, '17:00:00', 30],
      [next, '18:00:00', 60],
    ]);
  });

  it('shows the slots with blocked and booked flags', async () => {
    const userId = (await createUser(ctx.database.db)).id;
    await bookingWithTimes(ctx.database.db, locationId, userId, [{ bookableAssetId: gym, date, startTime: '18:00', durationMinutes: 60 }]);
    const res = await call(
      ctx.app,
      siri,
      'GET',
      `/api/bookableasset/${gym}/blockedtimes/schedule?fromInclusive=${date}&toInclusive=${next}`,
    );
    expect(res.statusCode).toBe(200);
    const slots = res.json<BlockedTimesSchedule>().timeslotsByDate[date]!;
    expect(slots.map((s) => `${s.startTime.slice(0, 5)}${s.blocked ? ' blokkert' : ''}${s.booked ? ' booket' : ''}`)).toEqual([
      '16:00 blokkert',
      '16:15 blokkert',
      '16:30',
      '16:45',
      '17:00 blokkert',
      '17:15 blokkert',
      '17:30',
      '17:45',
      '18:00 booket',
      '18:15 booket',
      '18:30 booket',
      '18:45 booket',
    ]);
  });

  it('refuses a block over midnight and bad dates, changing nothing', async () => {
    const before = await stored();
    const overMidnight = await put({ [date]: [{ startTime: '23:00:00', blocked: true, duration: 'PT2H' }] });
    expect(overMidnight.statusCode).toBe(400);
    expect(overMidnight.json().fields).toEqual([
      { path: `body.timeslotsByDate.${date}`, message: 'En blokkert tid kan ikke gå over midnatt' },
    ]);
    expect((await put({ '2030-02-30': [{ startTime: '16:00:00', blocked: true, duration: 'PT1H' }] })).statusCode).toBe(400);
    expect((await call(ctx.app, siri, 'PUT', '/api/bookableasset/999999/blockedtimes', { timeslotsByDate: {} })).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  const audit = async () =>
    (
      await ctx.database.db
        .select()
        .from(locationAuditLog)
        .where(eq(locationAuditLog.locationId, locationId))
        .orderBy(asc(locationAuditLog.id))
    ).map((e) => ({ action: e.action, actorName: e.actorName, before: e.before, after: e.after }));

  it('writes the dates whose blocks changed to the audit log, compactly; an unchanged PUT writes nothing', async () => {
    const day = inDays(30);
    const other = inDays(31);
    await put({ [day]: [{ startTime: '16:00:00', blocked: true, duration: 'PT30M' }] });
    const res = await put({ [day]: [{ startTime: '18:00:00', blocked: true, duration: 'PT1H' }], [other]: [] });
    expect(res.statusCode).toBe(200);
    expect((await audit()).at(-1)).toEqual({
      action: 'BLOCKED_TIMES',
      actorName: 'Siri Saksbehandler',
      before: { bookableAssetId: gym, name: 'Gymsal', dates: { [day]: ['16:00–16:30'] } },
      after: { bookableAssetId: gym, name: 'Gymsal', dates: { [day]: ['16:00–16:30', '18:00–19:00'] } },
    });
    const entries = (await audit()).length;
    await put({ [day]: [{ startTime: '18:00:00', blocked: true, duration: 'PT1H' }] });
    expect(await audit()).toHaveLength(entries);
  });

  it('lets a city-wide administrator block times; an administrator of another location gets 403 and nothing changes', async () => {
    const day = inDays(32);
    const before = await stored();
    const refused = await call(ctx.app, jonas, 'PUT', `/api/bookableasset/${gym}/blockedtimes`, {
      timeslotsByDate: { [day]: [{ startTime: '16:00:00', blocked: true, duration: 'PT1H' }] },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(ctx.app, jonas, 'GET', `/api/bookableasset/${gym}/blockedtimes/schedule?fromInclusive=${day}&toInclusive=${day}`))
        .statusCode,
    ).toBe(403);
    expect(await stored()).toEqual(before);
    const res = await call(ctx.app, bente, 'PUT', `/api/bookableasset/${gym}/blockedtimes`, {
      timeslotsByDate: { [day]: [{ startTime: '16:00:00', blocked: true, duration: 'PT1H' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await audit()).at(-1)).toMatchObject({ action: 'BLOCKED_TIMES', actorName: 'Bente Byadmin' });
    expect(
      (await call(ctx.app, bente, 'GET', `/api/bookableasset/${gym}/blockedtimes/schedule?fromInclusive=${day}&toInclusive=${day}`))
        .statusCode,
    ).toBe(200);
  });

  it('answers an anonymous caller 401 before reading the body', async () => {
    const res = await call(ctx.app, null, 'PUT', `/api/bookableasset/${gym}/blockedtimes`, { timeslotsByDate: 'nonsens' });
    expect(res.statusCode).toBe(401);
    expect(res.json().fields).toBeUndefined();
  });

  it("takes a blocked time out of the search and shows it blocked in the portal's calendar in the next request", async () => {
    const day = inDays(33);
    const search = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/search/assets?date=${day}&duration=PT3H` });
      expect(res.statusCode, res.body).toBe(200);
      const body = searchAssetsResponse.parse(res.json());
      const has = (hits: typeof body.available) => hits.some((h) => h.bookableAssetId === gym);
      return has(body.available) ? 'available' : has(body.unavailable) ? 'unavailable' : 'absent';
    };
    const blockedAt = async (time: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/schedule?bookableAssetIds=${gym}&fromInclusive=${day}&toInclusive=${day}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return scheduleResponse.parse(res.json())[0]!.timeslotsByDate[day]!.find((s) => s.startTime === time)!.blocked;
    };
    expect(await search()).toBe('available');
    expect(await blockedAt('17:00:00')).toBe(false);
    expect((await put({ [day]: [{ startTime: '17:00:00', blocked: true, duration: 'PT1H' }] })).statusCode).toBe(200);
    expect(await search()).toBe('unavailable');
    expect(await blockedAt('17:00:00')).toBe(true);
    expect((await put({ [day]: [{ startTime: '17:00:00', blocked: false, duration: 'PT1H' }] })).statusCode).toBe(200);
    expect(await search()).toBe('available');
    expect(await blockedAt('17:00:00')).toBe(false);
  });
});
