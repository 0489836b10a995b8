import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse, BookingCreationDto } from '@lokaler/domain/booking-request';
import { addDays, addYears } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import type { ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import {
  addBlockedTime,
  addClosedDate,
  addLocationAdmin,
  addReservation,
  inDays,
  osloToday,
  setOpeningHours,
} from '../../../test/factories/calendar';

describe('PUT /api/booking/availability and /api/admin/booking/availability', () => {
  let ctx: TestContext;
  let gym: number;
  let repeatOnly: number;
  let otherRoom: number;
  let taken: number;
  let siri: string;
  let kari: string;
  const day = inDays(7);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const location = await createLocation(db, { name: 'Torshov skole', behandlingstid: 2 });
    await setOpeningHours(db, location.id, '16:00', '20:00');
    gym = (await createAsset(db, location.id, { name: 'Gymsal' })).id;
    repeatOnly = (await createAsset(db, location.id, { name: 'Klasserom', allowSingleBookingsForPublicUser: false })).id;
    const other = await createLocation(db);
    otherRoom = (await createAsset(db, other.id)).id;
    const userId = (await createUser(db)).id;
    taken = (
      await addReservation(db, {
        locationId: location.id,
        userId,
        bookableAssetId: gym,
        date: addDays(day, 14),
        startTime: '18:00',
        durationMinutes: 60,
      })
    ).reservationId;
    await addBlockedTime(db, gym, addDays(day, 7), '18:00', 60);
    await addClosedDate(db, location.id, addDays(day, 21));
    await addLocationAdmin(db, location.id, testAdmins[0]!.email);
    siri = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
  });
  afterAll(() => ctx.close());

  const put = (dtos: unknown, options: { admin?: string; extra?: Record<string, unknown>; query?: string } = {}) =>
    ctx.app.inject({
      method: 'PUT',
      url: options.admin ? `/api/admin/booking/availability${options.query ?? ''}` : '/api/booking/availability',
      headers: options.admin ? bearer(options.admin) : {},
      payload: { bookingCreationDtos: dtos, ...options.extra },
    });
  const weekly = (bookableAssetId: number, lastDate = addDays(day, 21)): BookingCreationDto => ({
    bookableAssetId,
    datesAndTimes: [{ date: day, startTime: '18:00:00', duration: 'PT1H' }],
    repetition: { pattern: 'WEEKLY', lastDate },
  });

  it('expands a weekly series and sorts each date into available, taken (booked, blocked, closed) and errors', async () => {
    const res = await put([weekly(gym)]);
    expect(res.statusCode).toBe(200);
    const body = res.json<AvailabilityResponse>();
    expect(body.probablyAvailable).toEqual([
      {
        bookableAssetId: gym,
        violations: [],
        datesAndTimes: [
          {
            date: day,
            startTime: '18:00:00',
            endTime: '19:00:00',
            duration: 'PT1H',
            initialRepetitionDate: day,
            available: true,
            reason: null,
            message: null,
          },
        ],
      },
    ]);
    expect(body.unavailable[0]!.datesAndTimes.map((t) => [t.date, t.reason, t.message])).toEqual([
      [addDays(day, 7), 'BLOCKED', 'Tidspunktet er blokkert'],
      [addDays(day, 14), 'BOOKED', 'Tidspunktet er ikke ledig'],
      [addDays(day, 21), 'CLOSED_DATE', 'Lokalet er stengt denne dagen'],
    ]);
    expect(body.errors).toEqual([]);
  });

  it("reports rule problems under errors with the domain's Norwegian messages", async () => {
    const early = await put([
      { bookableAssetId: gym, datesAndTimes: [{ date: inDays(1), startTime: '16:00:00', duration: 1 }], repetition: null },
    ]);
    expect(early.json<AvailabilityResponse>().errors[0]!.datesAndTimes[0]).toMatchObject({
      reason: 'WITHIN_PROCESSING_TIME',
      message: 'Lokalet krever at søknader sendes inn minst 2 dager før ønsket dato.',
      duration: 'PT1H',
    });
    const single = (
      await put([
        { bookableAssetId: repeatOnly, datesAndTimes: [{ date: day, startTime: '16:00:00', duration: 'PT1H' }], repetition: null },
      ])
    ).json<AvailabilityResponse>();
    expect(single.errors).toEqual([
      {
        bookableAssetId: repeatOnly,
        datesAndTimes: [],
        violations: [
          { code: 'SINGLE_NOT_ALLOWED', message: 'Dette lokalet kan bare bookes med gjentakelse (hver uke eller annenhver uke).' },
        ],
      },
    ]);
    expect(single.probablyAvailable[0]!.datesAndTimes).toHaveLength(1);
    const tooLate = addYears(osloToday(), 10);
    const endDate = (await put([weekly(gym, addDays(tooLate, 1))])).json<AvailabilityResponse>();
    expect(endDate.errors[0]!.violations).toEqual([
      { code: 'END_DATE', message: `Sluttdato kan ikke være etter ${formatDateNorwegian(tooLate)}` },
    ]);
    const offGrid = (
      await put([{ bookableAssetId: gym, datesAndTimes: [{ date: day, startTime: '16:10:00', duration: 'PT1H' }], repetition: null }])
    ).json<AvailabilityResponse>();
    expect(offGrid.errors[0]!.datesAndTimes[0]).toMatchObject({
      reason: 'NOT_ON_SLOT_GRID',
      message: 'Tidspunktet må starte og slutte på et helt kvarter',
    });
  });

  it('lets an administrator include blocked slots and ignore reservations, never the public', async () => {
    const dto = {
      bookableAssetId: gym,
      datesAndTimes: [
        { date: addDays(day, 7), startTime: '18:00:00', duration: 'PT1H' },
        { date: addDays(day, 14), startTime: '18:00:00', duration: 'PT1H' },
      ],
      repetition: null,
    };
    const admin = await put([dto], { admin: siri, extra: { includeBlockedSlots: true }, query: `?reservationIdsToIgnore=${taken}` });
    expect(admin.statusCode).toBe(200);
    expect(admin.json<AvailabilityResponse>().probablyAvailable[0]!.datesAndTimes.map((t) => t.date)).toEqual([
      addDays(day, 7),
      addDays(day, 14),
    ]);
    const adminPlain = (await put([dto], { admin: siri })).json<AvailabilityResponse>();
    expect(adminPlain.unavailable[0]!.datesAndTimes.map((t) => t.reason)).toEqual(['BLOCKED', 'BOOKED']);
    // The public route has no such options: extra fields are dropped.
    const pub = (await put([dto], { extra: { includeBlockedSlots: true } })).json<AvailabilityResponse>();
    expect(pub.unavailable[0]!.datesAndTimes.map((t) => t.reason)).toEqual(['BLOCKED', 'BOOKED']);
  });

  it('refuses bad requests (400), unknown rooms (404) and the admin route to others (401/403)', async () => {
    const bad = await put([
      { bookableAssetId: gym, datesAndTimes: [{ date: day, startTime: '25:00:00', duration: 'PT1H' }], repetition: null },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      fields: [expect.objectContaining({ path: 'body.bookingCreationDtos.0.datesAndTimes.0.startTime' })],
    });
    const empty = await put([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: [expect.objectContaining({ path: 'body.bookingCreationDtos' })] });
    const pattern = await put([{ ...weekly(gym), repetition: { pattern: 'DAILY', lastDate: day } }]);
    expect(pattern.statusCode).toBe(400);
    expect((await put([weekly(999_999)])).statusCode).toBe(404);
    expect((await put([weekly(gym)], { admin: 'not-a-token' })).statusCode).toBe(401);
    expect((await put([weekly(gym)], { admin: kari })).statusCode).toBe(403);
    expect((await put([weekly(otherRoom)], { admin: siri })).json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  type Slot = { date: string; startTime: string; duration: string };
  /** The 15-minute slots an accepted interval covers. */
  const slotsOf = (date: string, startTime: string, duration: string | number) => {
    const start = Number(startTime.slice(0, 2)) * 60 + Number(startTime.slice(3, 5));
    const minutes =
      typeof duration === 'number'
        ? duration * 60
        : Number(/(\d+)H/.exec(duration)?.[1] ?? 0) * 60 + Number(/(\d+)M/.exec(duration)?.[1] ?? 0);
    return Array.from(
      { length: minutes / 15 },
      (_, i) =>
        `${date} ${String(Math.floor((start + i * 15) / 60)).padStart(2, '0')}:${String((start + i * 15) % 60).padStart(2, '0')}:00`,
    );
  };
  /** Checks many slots of the gym: a request carries at most 200 times per room, so one room row per 100. */
  const check = async (slots: Slot[], options: { admin?: string; extra?: Record<string, unknown> }) => {
    const dtos = Array.from({ length: Math.ceil(slots.length / 100) }, (_, i) => ({
      bookableAssetId: gym,
      datesAndTimes: slots.slice(i * 100, i * 100 + 100),
      repetition: null,
    }));
    const res = await put(dtos, options);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AvailabilityResponse>();
    const flat = (list: AvailabilityResponse['probablyAvailable']) => list.flatMap((a) => a.datesAndTimes);
    return { probablyAvailable: flat(body.probablyAvailable), unavailable: flat(body.unavailable), errors: flat(body.errors) };
  };

  it('never refuses a slot the calendar offers, and never accepts one it does not', async () => {
    for (const caller of ['public', 'admin'] as const) {
      const from = osloToday();
      const to = addDays(from, 27);
      const scheduleUrl =
        caller === 'public'
          ? `/api/schedule?bookableAssetIds=${gym}&fromInclusive=${from}&toInclusive=${to}`
          : `/api/admin/schedule?bookableAssetIds=${gym}&fromInclusive=${from}&toInclusive=${to}&allowedToBookBlockedSlots=true`;
      const scheduleRes = await ctx.app.inject({ method: 'GET', url: scheduleUrl, headers: caller === 'admin' ? bearer(siri) : {} });
      expect(scheduleRes.statusCode, scheduleRes.body).toBe(200);
      const schedule = scheduleRes.json<ScheduleResponse>();
      const offered: Slot[] = [];
      const refused: Slot[] = [];
      for (const [date, slots] of Object.entries(schedule[0]!.timeslotsByDate)) {
        for (const s of slots)
          (s.bookingAllowed && !s.booked ? offered : refused).push({ date, startTime: s.startTime, duration: s.duration });
      }
      expect(offered.length, caller).toBeGreaterThan(300);
      expect(refused.length, caller).toBeGreaterThan(0);
      const options = caller === 'admin' ? { admin: siri, extra: { includeBlockedSlots: true } } : {};
      // Every offered slot: adjacent ones come back merged into intervals, which together cover exactly them.
      const accepted = await check(offered, options);
      expect(accepted.probablyAvailable.flatMap((t) => slotsOf(t.date, t.startTime, t.duration)).sort(), caller).toEqual(
        offered.map((t) => `${t.date} ${t.startTime}`).sort(),
      );
      expect(accepted.unavailable.length + accepted.errors.length, caller).toBe(0);
      // Every slot the calendar does not offer is refused.
      const notOffered = await check(refused, options);
      expect(notOffered.probablyAvailable, caller).toEqual([]);
    }
  });
});
