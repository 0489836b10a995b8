import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import { closedDateMessages, openingHoursMessages, type OpeningHoursBody } from '@lokaler/domain/opening-hours';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import type { ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import type { SearchAssetsResponse } from '@lokaler/domain/search-request';
import { queryRows } from '../../db/client';
import { cityAdmins } from '../../db/schema/location-setup';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { call } from '../../../test/admin-test-support';

/**
 * Opening hours and closed dates of a location (decision 015): who may
 * read and change them, what is refused, and that the schedule, the availability check and the search
 * obey a change in the very next request (their kept copies' versions move through the triggers).
 */
describe('admin opening hours and closed dates', () => {
  let ctx: TestContext;
  let locationId: number;
  let otherLocationId: number;
  let gym: number;
  let siri: string;
  let jonas: string;
  let bente: string;
  let kari: string;
  // A Monday at least two weeks ahead (beyond behandlingstid), with the Sunday before and the Tuesday after.
  const monday = (() => {
    const start = inDays(14);
    return addDays(start, (8 - isoWeekday(start)) % 7);
  })();
  const summer = { name: 'Sommer', fromDate: monday, toDate: addDays(monday, 6) };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Åpningstid skole' })).id;
    otherLocationId = (await createLocation(db, { name: 'Nabo skole' })).id;
    gym = (await createAsset(db, locationId, { name: 'Gymsal' })).id;
    await setOpeningHours(db, locationId, '08:00', '16:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    await addLocationAdmin(db, otherLocationId, testAdmins[1]!.email);
    await db.insert(cityAdmins).values({ email: testAdmins[3]!.email.toLowerCase() }).onConflictDoNothing();
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    bente = (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
  });
  afterAll(() => ctx.close());

  const hoursUrl = (id = locationId) => `/api/admin/location/${id}/openinghours`;
  const closedUrl = (id = locationId) => `/api/admin/location/${id}/closeddates`;
  const standard: OpeningHoursBody['standard'] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '16:00' }));

  /** The gym's slots on a date from GET /api/schedule (public). */
  const slots = async (date: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/schedule?bookableAssetIds=${gym}&fromInclusive=${date}&toInclusive=${date}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<ScheduleResponse>()[0]!
      .timeslotsByDate[date]!.filter((s) => s.bookingAllowed)
      .map((s) => s.startTime);
  };
  /** The public availability check of one time in the gym: null when available, else the reason. */
  const check = async (date: string, startTime: string, duration = 'PT1H') => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/booking/availability',
      payload: { bookingCreationDtos: [{ bookableAssetId: gym, datesAndTimes: [{ date, startTime, duration }], repetition: null }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AvailabilityResponse>();
    return body.probablyAvailable[0]?.datesAndTimes[0] ? null : (body.unavailable[0] ?? body.errors[0])!.datesAndTimes[0]!.reason;
  };
  /** Whether the city-wide search (the kept copy) finds the duration free in the gym on the date. */
  const found = async (date: string, duration: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/search/assets?date=${date}&duration=${duration}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchAssetsResponse>().available.some((h) => h.bookableAssetId === gym);
  };
  const version = async () =>
    (await queryRows<{ version: string }>(ctx.database.db, sql`select version::text as version from search_rooms_version`))[0]?.version;
  const auditActions = async () =>
    (
      await queryRows<{ action: string }>(
        ctx.database.db,
        sql`select action from location_audit_log where location_id = ${locationId} order by id`,
      )
    ).map((r) => r.action);

  it("lets the location's administrators and a city-wide administrator in, and no one else", async () => {
    for (const url of [hoursUrl(), closedUrl()]) {
      expect((await call(ctx.app, null, 'GET', url)).statusCode).toBe(401);
      expect((await call(ctx.app, kari, 'GET', url)).statusCode).toBe(403);
      expect((await call(ctx.app, jonas, 'GET', url)).statusCode).toBe(403);
      expect((await call(ctx.app, siri, 'GET', url)).statusCode).toBe(200);
      expect((await call(ctx.app, bente, 'GET', url)).statusCode).toBe(200);
    }
    // Writes: anonymous is refused before the body is read (an invalid body still gets 401), the others by the guard.
    const body = { standard, periods: [] };
    expect((await call(ctx.app, null, 'PUT', hoursUrl(), { standard: 'nonsense' })).statusCode).toBe(401);
    expect((await call(ctx.app, kari, 'PUT', hoursUrl(), body)).statusCode).toBe(403);
    expect((await call(ctx.app, jonas, 'PUT', hoursUrl(), body)).statusCode).toBe(403);
    expect((await call(ctx.app, null, 'POST', closedUrl(), { fromDate: monday })).statusCode).toBe(401);
    expect((await call(ctx.app, jonas, 'POST', closedUrl(), { fromDate: monday, toDate: monday, reason: 'Nei' })).statusCode).toBe(403);
    expect((await call(ctx.app, kari, 'DELETE', `${closedUrl()}/1`)).statusCode).toBe(403);
    expect((await call(ctx.app, null, 'DELETE', `${closedUrl()}/1`)).statusCode).toBe(401);
    expect(await auditActions()).toEqual([]);
  });

  it('answers 404 for an unknown or deleted location', async () => {
    expect((await call(ctx.app, bente, 'GET', hoursUrl(999_999))).statusCode).toBe(404);
    expect((await call(ctx.app, bente, 'PUT', hoursUrl(999_999), { standard, periods: [] })).statusCode).toBe(404);
    const deleted = (await createLocation(ctx.database.db, { status: 'DELETED' })).id;
    expect((await call(ctx.app, bente, 'GET', closedUrl(deleted))).statusCode).toBe(404);
    expect(
      (await call(ctx.app, bente, 'POST', closedUrl(deleted), { fromDate: monday, toDate: monday, reason: 'Stengt' })).statusCode,
    ).toBe(404);
  });

  it('saves the hours and periods; the schedule, the availability check and the search obey them in the next request', async () => {
    // Warm every kept copy on the old hours (Monday 08–16).
    expect(await slots(monday)).toHaveLength(32);
    expect(await check(monday, '09:00:00')).toBeNull();
    expect(await found(monday, 'PT3H')).toBe(true);
    expect(await found(addDays(monday, 1), 'PT1H')).toBe(true);
    const before = await version();

    // Summer week: Monday 18–20 and 20:30–22 only (two intervals); every other weekday closed.
    const body: OpeningHoursBody = {
      standard: [...standard, { weekday: 6, opens: '10:00', closes: '14:00' }, { weekday: 7, opens: '18:00', closes: '24:00' }],
      periods: [
        {
          ...summer,
          hours: [
            { weekday: 1, opens: '18:00', closes: '20:00' },
            { weekday: 1, opens: '20:30', closes: '22:00' },
          ],
        },
      ],
    };
    const res = await call(ctx.app, siri, 'PUT', hoursUrl(), body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(body);
    expect((await call(ctx.app, bente, 'GET', hoursUrl())).json()).toEqual(body);
    expect(await version()).not.toBe(before);

    expect(await slots(monday)).toEqual([
      '18:00:00',
      '18:15:00',
      '18:30:00',
      '18:45:00',
      '19:00:00',
      '19:15:00',
      '19:30:00',
      '19:45:00',
      '20:30:00',
      '20:45:00',
      '21:00:00',
      '21:15:00',
      '21:30:00',
      '21:45:00',
    ]);
    expect(await slots(addDays(monday, 1))).toEqual([]); // Tuesday in the period: closed
    expect(await slots(addDays(monday, -1))).toHaveLength(24); // the Sunday before: standard 18–24
    expect(await slots(addDays(monday, 7))).toHaveLength(32); // the Monday after: standard again
    expect(await check(monday, '09:00:00')).toBe('OUTSIDE_OPENING_HOURS');
    expect(await check(monday, '18:00:00', 'PT2H')).toBeNull();
    expect(await check(monday, '19:00:00', 'PT2H')).toBe('OUTSIDE_OPENING_HOURS'); // spans the break
    expect(await found(monday, 'PT3H')).toBe(false);
    expect(await found(monday, 'PT1H30M')).toBe(true);
    expect(await found(addDays(monday, 1), 'PT1H')).toBe(false);
    expect(await found(addDays(monday, 7), 'PT3H')).toBe(true);

    const [entry] = await queryRows<{ action: string; before: unknown; after: unknown; actorName: string }>(
      ctx.database.db,
      sql`select action, before, after, actor_name as "actorName" from location_audit_log where location_id = ${locationId} order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'OPENING_HOURS',
      before: { standard: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '08:00', closes: '16:00' })), periods: [] },
      after: body,
      actorName: 'Siri Saksbehandler',
    });

    // Renaming or moving a period alone also moves the kept copies' version (the trigger of migration 0017).
    const moved = await version();
    await ctx.database.db.execute(sql`update opening_hour_periods set name = 'Sommerferie' where location_id = ${locationId}`);
    expect(await version()).not.toBe(moved);
  });

  it('closes a range of dates and opens it again; the next requests obey each change', async () => {
    const tuesday = addDays(monday, 8);
    expect(await check(tuesday, '09:00:00')).toBeNull();
    const added = await call(ctx.app, siri, 'POST', closedUrl(), {
      fromDate: tuesday,
      toDate: addDays(tuesday, 2),
      reason: 'Vannlekkasje',
    });
    expect(added.statusCode, added.body).toBe(201);
    const range = added.json<{ id: number }>();
    expect(range).toEqual({ id: range.id, fromDate: tuesday, toDate: addDays(tuesday, 2), reason: 'Vannlekkasje' });
    expect((await call(ctx.app, siri, 'GET', closedUrl())).json()).toEqual([range]);
    const days = await queryRows<{ date: string; rangeId: number }>(
      ctx.database.db,
      sql`select date::text as date, range_id as "rangeId" from closed_dates where location_id = ${locationId} order by date`,
    );
    expect(days).toEqual([0, 1, 2].map((i) => ({ date: addDays(tuesday, i), rangeId: range.id })));

    expect(await check(tuesday, '09:00:00')).toBe('CLOSED_DATE');
    expect(await slots(addDays(tuesday, 1))).toEqual([]);
    expect(await found(addDays(tuesday, 2), 'PT1H')).toBe(false);
    expect(await found(addDays(tuesday, 3), 'PT1H')).toBe(true);

    // Overlapping the range, even by its last day: 409, nothing saved.
    const clash = await call(ctx.app, bente, 'POST', closedUrl(), {
      fromDate: addDays(tuesday, 2),
      toDate: addDays(tuesday, 4),
      reason: 'Maling',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().userMsg).toBe(closedDateMessages.overlap);
    expect((await call(ctx.app, siri, 'GET', closedUrl())).json()).toHaveLength(1);

    // Not this location's range: 404; nothing removed.
    expect((await call(ctx.app, bente, 'DELETE', `${closedUrl(otherLocationId)}/${range.id}`)).statusCode).toBe(404);
    expect(await check(tuesday, '09:00:00')).toBe('CLOSED_DATE');

    const removed = await call(ctx.app, bente, 'DELETE', `${closedUrl()}/${range.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(ctx.app, siri, 'GET', closedUrl())).json()).toEqual([]);
    expect(await check(tuesday, '09:00:00')).toBeNull();
    expect(await slots(addDays(tuesday, 1))).toHaveLength(32);
    expect(await found(addDays(tuesday, 2), 'PT1H')).toBe(true);
    expect((await call(ctx.app, bente, 'DELETE', `${closedUrl()}/${range.id}`)).statusCode).toBe(404);
    expect((await auditActions()).slice(-2)).toEqual(['CLOSED_DATES_ADDED', 'CLOSED_DATES_REMOVED']);
  });

  it("refuses bad hours and bad ranges with the schema's Norwegian message, and saves nothing", async () => {
    const saved = (await call(ctx.app, siri, 'GET', hoursUrl())).json();
    const audit = (await auditActions()).length;
    const interval = (opens: string, closes: string, weekday = 1) => ({ weekday, opens, closes });
    const badHours: [unknown, string][] = [
      [{ standard: [interval('16:00', '08:00')], periods: [] }, openingHoursMessages.order],
      [{ standard: [interval('10:00', '10:00')], periods: [] }, openingHoursMessages.order],
      [{ standard: [interval('08:00', '12:00'), interval('11:00', '14:00')], periods: [] }, openingHoursMessages.overlap],
      [{ standard: [interval('08:00', '12:00'), interval('12:00', '14:00')], periods: [] }, openingHoursMessages.overlap],
      [{ standard: [interval('08:10', '12:00')], periods: [] }, openingHoursMessages.time],
      [{ standard: [interval('8:00', '12:00')], periods: [] }, openingHoursMessages.time],
      [{ standard: [interval('08:00', '24:15')], periods: [] }, openingHoursMessages.time],
      [
        { standard: [], periods: [{ ...summer, fromDate: summer.toDate, toDate: summer.fromDate, hours: [] }] },
        openingHoursMessages.periodOrder,
      ],
      [
        {
          standard: [],
          periods: [
            { ...summer, hours: [] },
            { ...summer, name: 'Høst', hours: [] },
          ],
        },
        openingHoursMessages.periodOverlap,
      ],
      [{ standard: [], periods: [{ ...summer, hours: [interval('20:00', '18:00')] }] }, openingHoursMessages.order],
      [{ standard: [], periods: [{ ...summer, name: ' ', hours: [] }] }, openingHoursMessages.periodName],
    ];
    for (const [body, message] of badHours) {
      const res = await call(ctx.app, siri, 'PUT', hoursUrl(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().userMsg, JSON.stringify(body)).toBe(message);
    }
    const weekdayOutOfRange = await call(ctx.app, siri, 'PUT', hoursUrl(), { standard: [interval('08:00', '09:00', 8)], periods: [] });
    expect(weekdayOutOfRange.statusCode).toBe(400);
    expect((await call(ctx.app, siri, 'PUT', hoursUrl(), 'not json')).statusCode).toBe(400);
    expect((await call(ctx.app, siri, 'GET', hoursUrl())).json()).toEqual(saved);

    const badRanges: [unknown, string][] = [
      [{ fromDate: addDays(monday, 3), toDate: monday, reason: 'Stengt' }, closedDateMessages.order],
      [{ fromDate: monday, toDate: addDays(monday, 366), reason: 'Stengt' }, closedDateMessages.tooLong],
      [{ fromDate: monday, toDate: monday, reason: '  ' }, closedDateMessages.reason],
    ];
    for (const [body, message] of badRanges) {
      const res = await call(ctx.app, siri, 'POST', closedUrl(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().userMsg).toBe(message);
    }
    expect(
      (await call(ctx.app, siri, 'POST', closedUrl(), { fromDate: '2025-02-30', toDate: '2025-03-01', reason: 'Stengt' })).statusCode,
    ).toBe(400);
    // A full year is allowed (366 days in a leap year's span).
    expect((await call(ctx.app, siri, 'GET', closedUrl())).json()).toEqual([]);
    expect(await auditActions()).toHaveLength(audit);
  });
});
