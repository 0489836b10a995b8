import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { queryRows } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/outbox';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addClosedDate, addFlow, addLocationAdmin, addReservation, inDays, setOpeningHours } from '../../../test/factories/calendar';

/**
 * Decision 027: a repeating application sent without the dates that are not free. The server
 * stores which were left out, shows them to the administrator, refuses a wrong omission list with a
 * Norwegian 4xx and writes nothing, and its final check still refuses a date taken meanwhile.
 */

const answers = {
  activity: 'Innebandy',
  purpose: 'Trening',
  participants: 18,
  contactEmail: 'per@example.no',
  contactPhone: '412 34 567',
  message: '',
};

describe('POST /api/booking without the dates that are not free', () => {
  let ctx: TestContext;
  let locationId: number;
  let gym: number;
  let hall: number;
  let per: string;
  let admin: string;
  let strangerId: number;
  const first = inDays(14);
  const series = [0, 7, 14, 21, 28].map((d) => addDays(first, d));
  const taken = series[1]!;
  const closed = series[3]!;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const school = await addFlow(db, 'school');
    locationId = (await createLocation(db, { name: 'Tøyen skole', behandlingstid: 3 })).id;
    await setOpeningHours(db, locationId, '16:00', '22:00');
    gym = (await createAsset(db, locationId, { name: 'Gymsal', bookingFlowId: school.id })).id;
    hall = (await createAsset(db, locationId, { name: 'Aula', bookingFlowId: school.id })).id;
    strangerId = (await createUser(db)).id;
    await addClosedDate(db, locationId, closed);
    per = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    admin = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(sql`truncate bookings, reservations, change_log, mail_outbox restart identity cascade`);
    await addReservation(ctx.database.db, {
      locationId,
      userId: strangerId,
      bookableAssetId: gym,
      date: taken,
      startTime: '18:00',
      durationMinutes: 60,
    });
  });

  const check = async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/booking/availability',
      payload: {
        bookingCreationDtos: [
          {
            bookableAssetId: gym,
            datesAndTimes: [{ date: first, startTime: '18:00:00', duration: 'PT1H' }],
            repetition: { pattern: 'WEEKLY', lastDate: series[4] },
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AvailabilityResponse>();
  };
  const strip = (list: AvailabilityResponse['probablyAvailable']) =>
    list.map((a) => ({
      bookableAssetId: a.bookableAssetId,
      datesAndTimes: a.datesAndTimes.map(({ date, startTime, duration, initialRepetitionDate }) => ({
        date,
        startTime,
        duration,
        initialRepetitionDate,
      })),
    }));
  const body = (probablyAvailable: unknown, omitted: unknown, extra: Record<string, unknown> = {}) => ({
    availabilityData: { probablyAvailable, omitted },
    sendWithoutOmitted: true,
    isRepeating: true,
    bookingPortalClient: 'PUBLIC',
    bookingPurpose: 'PUBLICUSER_LOAN',
    formAnswers: answers,
    ...extra,
  });
  const post = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(per), payload: payload as object });
  const counts = async () =>
    (
      await queryRows<{ b: number; r: number; m: number }>(
        ctx.database.db,
        sql`
    select (select count(*)::int from bookings) as b, (select count(*)::int from reservations) as r, (select count(*)::int from mail_outbox) as m`,
      )
    )[0]!;
  const seriesTime = (date: string, room = gym) => ({
    bookableAssetId: room,
    datesAndTimes: [{ date, startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: first }],
  });

  it('sends the free dates, stores the two left out and shows them to the administrator and in the receipt', async () => {
    const answer = await check();
    expect(answer.probablyAvailable[0]!.datesAndTimes.map((t) => t.date)).toEqual([series[0], series[2], series[4]]);
    expect(answer.unavailable[0]!.datesAndTimes.map((t) => [t.date, t.reason])).toEqual([
      [taken, 'BOOKED'],
      [closed, 'CLOSED_DATE'],
    ]);
    const res = await post(body(strip(answer.probablyAvailable), strip(answer.unavailable)));
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId } = res.json<{ bookingId: number }>();
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.omittedTimes).toEqual([
      { bookableAssetId: gym, roomName: 'Gymsal', date: taken, startTime: '18:00:00', endTime: '19:00:00' },
      { bookableAssetId: gym, roomName: 'Gymsal', date: closed, startTime: '18:00:00', endTime: '19:00:00' },
    ]);
    // The three free dates, beside the stranger's reservation on the taken one.
    expect((await counts()).r).toBe(4);
    const [mail] = await ctx.database.db.select().from(mailOutbox);
    expect(mail!.body).toContain('Søkt uten 2 datoer som ikke var ledige:');
    expect(mail!.body).toContain(`Gymsal ${formatDateNorwegian(closed)} kl. 18:00–19:00`);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: bearer(admin) });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<AdminBookingView>().omittedTimes.map((t) => t.date)).toEqual([taken, closed]);
    const own = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/${bookingId}`, headers: bearer(per) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ omittedTimes: Array<{ date: string }> }>().omittedTimes.map((t) => t.date)).toEqual([taken, closed]);
  });

  it("leaves out a date of times listed one by one ('Hver fjerde uke' has no repetition pattern)", async () => {
    const listed = (date: string) => ({ date, startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null });
    const res = await post({
      ...body(
        [{ bookableAssetId: gym, datesAndTimes: [listed(series[0]!), listed(series[4]!)] }],
        [{ bookableAssetId: gym, datesAndTimes: [listed(taken)] }],
      ),
      isRepeating: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, res.json<{ bookingId: number }>().bookingId));
    expect(row!.omittedTimes).toEqual([
      { bookableAssetId: gym, roomName: 'Gymsal', date: taken, startTime: '18:00:00', endTime: '19:00:00' },
    ]);
  });

  it('still books a whole series without any omission list (old clients), and shows none left out', async () => {
    const res = await post({ ...body([seriesTime(series[0]!)], undefined), sendWithoutOmitted: undefined });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, res.json<{ bookingId: number }>().bookingId));
    expect(row!.omittedTimes).toBeNull();
  });

  it('refuses a date that became taken meanwhile with 409 naming it, writing nothing', async () => {
    const answer = await check();
    // Someone takes a date after the preview, before the citizen sends.
    await addReservation(ctx.database.db, {
      locationId,
      userId: strangerId,
      bookableAssetId: gym,
      date: series[4]!,
      startTime: '18:00',
      durationMinutes: 60,
    });
    const before = await counts();
    const res = await post(body(strip(answer.probablyAvailable), strip(answer.unavailable)));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ userMsg: string }>().userMsg).toBe(
      `Tidspunktet er ikke lenger ledig: Gymsal ${formatDateNorwegian(series[4]!)} kl. 18:00–19:00. Ingenting er lagret. Velg andre tidspunkter og prøv igjen.`,
    );
    expect(await counts()).toEqual(before);
  });

  describe('bad omission lists: a Norwegian 4xx, never 5xx, nothing written', () => {
    const cases: Array<[string, () => unknown, number, string]> = [
      [
        'left out without the explicit choice',
        () => body([seriesTime(series[0]!)], [seriesTime(taken)], { sendWithoutOmitted: false }),
        400,
        'Du må velge «Send søknaden uten datoene som ikke er ledige» for å sende uten noen av datoene.',
      ],
      [
        'a date that is not in the series (not whole weeks after its start)',
        () => body([seriesTime(series[0]!)], [seriesTime(addDays(taken, 1))]),
        400,
        `${formatDateNorwegian(addDays(taken, 1))} kl. 18:00 hører ikke til en gjentakelse du søker om.`,
      ],
      [
        'a date of a series the request does not send',
        () => body([seriesTime(series[0]!)], [seriesTime(taken, hall)]),
        400,
        `${formatDateNorwegian(taken)} kl. 18:00 hører ikke til en gjentakelse du søker om.`,
      ],
      [
        'a date listed one by one at a time the request does not send',
        () =>
          body(
            [seriesTime(series[0]!)],
            [
              {
                bookableAssetId: gym,
                datesAndTimes: [{ date: taken, startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }],
              },
            ],
          ),
        400,
        `${formatDateNorwegian(taken)} kl. 18:00 hører ikke til en gjentakelse du søker om.`,
      ],
      [
        'a date of the series at another time of day',
        () =>
          body(
            [seriesTime(series[0]!)],
            [
              {
                bookableAssetId: gym,
                datesAndTimes: [{ date: taken, startTime: '19:00:00', duration: 'PT1H', initialRepetitionDate: first }],
              },
            ],
          ),
        400,
        `${formatDateNorwegian(taken)} kl. 19:00 hører ikke til en gjentakelse du søker om.`,
      ],
      [
        'a date both sent and left out',
        () => body([seriesTime(series[0]!)], [seriesTime(series[0]!)]),
        400,
        `${formatDateNorwegian(series[0]!)} kl. 18:00 er både med i søknaden og utelatt.`,
      ],
      [
        'a date left out twice',
        () => body([seriesTime(series[0]!)], [seriesTime(taken), seriesTime(taken)]),
        400,
        `${formatDateNorwegian(taken)} kl. 18:00 er utelatt mer enn én gang.`,
      ],
      [
        'every date left out',
        () => body([], [seriesTime(taken)]),
        400,
        'Søknaden må ha minst én ledig tid. Velg andre tider eller endre gjentakelsen.',
      ],
      [
        'a room entry with no dates left',
        () => body([{ bookableAssetId: gym, datesAndTimes: [] }], [seriesTime(taken)]),
        400,
        'Søknaden må ha minst én ledig tid. Velg andre tider eller endre gjentakelsen.',
      ],
      [
        'a left-out date that is free',
        () => body([seriesTime(series[0]!)], [seriesTime(series[2]!)]),
        409,
        `Gymsal ${formatDateNorwegian(series[2]!)} kl. 18:00 er ledig nå. Sjekk tidene på nytt og velg hva du vil sende.`,
      ],
      ['an omission list that is not a list', () => body([seriesTime(series[0]!)], 'alle'), 400, ''],
    ];
    it.each(cases)('%s', async (_name, payload, status, message) => {
      const before = await counts();
      const res = await post(payload());
      expect(res.statusCode, res.body).toBe(status);
      const error = res.json<{ userMsg?: string; fields?: Array<{ message: string }> }>();
      if (message) expect([error.userMsg, ...(error.fields ?? []).map((f) => f.message)]).toContain(message);
      else expect(error.userMsg).toBeTruthy();
      expect(await counts()).toEqual(before);
    });
  });
});
