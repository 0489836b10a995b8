import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiError } from '@lokaler/domain/api-error';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import { osloInstant } from '@lokaler/domain/booking-lifecycle';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { createBookingRequest } from '@lokaler/domain/booking-create';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { queryRows } from '../../db/client';
import { insertReservations } from '../bookings';
import { AppError } from '../../errors';
import { createBooking } from './create-booking';
import { bookings, changeLog, reservations } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/outbox';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { createAsset, createBooking as createBookingRow, createLocation, createUser } from '../../../test/factories/places';
import { addFlow, addLocationAdmin, addReservation, inDays, osloToday, setOpeningHours } from '../../../test/factories/calendar';

const schoolAnswers = {
  activity: ' Innebandy ',
  purpose: 'Trening for barn 8–12 år',
  participants: 18,
  contactEmail: 'kari.nordmann@example.no',
  contactPhone: '412 34 567',
  message: '',
};

describe('POST /api/booking', () => {
  let ctx: TestContext;
  let locationId: number;
  let gym: number;
  let hall: number;
  let oneSlotRoom: number;
  let repeatOnly: number;
  let weddingRoom: number;
  let otherLocationRoom: number;
  let hiddenRoom: number;
  let kari: string;
  let siri: string;
  let strangerId: number;
  const day = inDays(14);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const school = await addFlow(db, 'school');
    const wedding = await addFlow(db, 'wedding');
    const location = await createLocation(db, { name: 'Sagene skole', behandlingstid: 3, minBookingDurationMinutes: 30 });
    locationId = location.id;
    await setOpeningHours(db, locationId, '16:00', '22:00');
    gym = (await createAsset(db, locationId, { name: 'Gymsal', externalAssetNumber: 'G1', bookingFlowId: school.id })).id;
    hall = (await createAsset(db, locationId, { name: 'Aula', bookingFlowId: school.id })).id;
    oneSlotRoom = (
      await createAsset(db, locationId, { name: 'Musikkrom', bookingFlowId: school.id, maxOneTimeslotPerBookingForPublicUser: true })
    ).id;
    repeatOnly = (
      await createAsset(db, locationId, { name: 'Klasserom', bookingFlowId: school.id, allowSingleBookingsForPublicUser: false })
    ).id;
    weddingRoom = (await createAsset(db, locationId, { name: 'Vielsesrom', bookingFlowId: wedding.id })).id;
    hiddenRoom = (await createAsset(db, locationId, { name: 'Lager', status: 'UNPUBLISHED' })).id;
    const other = await createLocation(db);
    await setOpeningHours(db, other.id, '16:00', '22:00');
    otherLocationRoom = (await createAsset(db, other.id)).id;
    strangerId = (await createUser(db)).id;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    siri = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    // Each test starts without bookings; rooms, users and flows stay.
    await ctx.database.db.execute(sql`truncate bookings, reservations, change_log, mail_outbox restart identity cascade`);
  });

  const time = (date: string, startTime: string, duration: string | number = 'PT1H', initialRepetitionDate: string | null = null) => ({
    date,
    startTime,
    duration,
    initialRepetitionDate,
  });
  const body = (probablyAvailable: unknown, extra: Record<string, unknown> = {}) => ({
    availabilityData: { probablyAvailable },
    isRepeating: false,
    bookingPortalClient: 'PUBLIC',
    bookingPurpose: 'PUBLICUSER_LOAN',
    formAnswers: schoolAnswers,
    ...extra,
  });
  const post = (payload: unknown, token: string | null = kari) =>
    ctx.app.inject({ method: 'POST', url: '/api/booking', headers: token ? bearer(token) : {}, payload: payload as object });
  const counts = async () =>
    (
      await queryRows<{ b: number; r: number; c: number; m: number }>(
        ctx.database.db,
        sql`
    select (select count(*)::int from bookings) as b, (select count(*)::int from reservations) as r,
           (select count(*)::int from change_log) as c, (select count(*)::int from mail_outbox) as m`,
      )
    )[0]!;
  const expectNothingWritten = async () => expect(await counts()).toEqual({ b: 0, r: 0, c: 0, m: 0 });

  it('books one time: 201 with id and case number, the answers, the change log and a receipt in one go', async () => {
    const res = await post(body([{ bookableAssetId: gym, datesAndTimes: [time(day, '18:00:00')] }]));
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, caseNumber } = res.json<{ bookingId: number; caseNumber: string }>();
    expect(caseNumber).toMatch(new RegExp(`^LOK-${osloToday().slice(0, 4)}-\\d{5,}$`));
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({
      status: 'UNPROCESSED',
      locationId,
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: 'school',
      durationType: 'SINGLE_BOOKING',
      caseNumber,
      organizationNumber: null,
      // Trimmed, and the empty message left out.
      formAnswers: {
        activity: 'Innebandy',
        purpose: 'Trening for barn 8–12 år',
        participants: 18,
        contactEmail: 'kari.nordmann@example.no',
        contactPhone: '412 34 567',
      },
    });
    // Seven days before at 23:59 Oslo time.
    const [deadline] = await queryRows<{ local: string }>(
      ctx.database.db,
      sql`select to_char(cancellation_deadline at time zone 'Europe/Oslo', 'YYYY-MM-DD HH24:MI') as local from bookings where id = ${bookingId}`,
    );
    expect(deadline!.local).toBe(`${addDays(day, -7)} 23:59`);
    const rows = await ctx.database.db.select().from(reservations).where(eq(reservations.bookingId, bookingId));
    expect(rows).toMatchObject([
      { bookableAssetId: gym, date: day, startTime: '18:00:00', durationMinutes: 60, status: 'UNPROCESSED', initialRepetitionDate: null },
    ]);
    const log = await ctx.database.db.select().from(changeLog).where(eq(changeLog.bookingId, bookingId));
    expect(log).toMatchObject([
      {
        type: 'Comment',
        userName: 'Kari Nordmann',
        reservationTimes: [{ assetDescription: 'Gymsal (G1)', times: [`${formatDateNorwegian(day)} 18:00–19:00`] }],
      },
    ]);
    const [mail] = await ctx.database.db.select().from(mailOutbox);
    expect(mail).toMatchObject({
      recipient: 'kari.nordmann@example.no',
      subject: `Vi har mottatt søknaden din (${caseNumber})`,
      topic: { kind: 'booking-received', bookingId },
    });
    expect(mail!.body).toContain(`${formatDateNorwegian(day)} kl. 18:00–19:00`);
    expect(mail!.body).toContain(`/bookinger/${bookingId}`);
  });

  it('numbers bookings from a sequence and skips a case number that exists already', async () => {
    const year = osloToday().slice(0, 4);
    await ctx.database.db.execute(sql`select setval('booking_case_number_seq', 41999)`);
    await createBookingRow(ctx.database.db, locationId, strangerId, { caseNumber: `LOK-${year}-42000` });
    const first = await post(body([{ bookableAssetId: gym, datesAndTimes: [time(day, '16:00:00')] }]));
    const second = await post(body([{ bookableAssetId: gym, datesAndTimes: [time(day, '17:00:00')] }]));
    expect([first.json<{ caseNumber: string }>().caseNumber, second.json<{ caseNumber: string }>().caseNumber]).toEqual([
      `LOK-${year}-42001`,
      `LOK-${year}-42002`,
    ]);
  });

  it('books a weekly series of two rooms taken from the availability answer, as a semester loan', async () => {
    const check = await ctx.app.inject({
      method: 'PUT',
      url: '/api/booking/availability',
      payload: {
        bookingCreationDtos: [gym, hall].map((id) => ({
          bookableAssetId: id,
          datesAndTimes: [
            { date: day, startTime: '18:00:00', duration: 'PT30M' },
            { date: day, startTime: '18:30:00', duration: 'PT30M' },
          ],
          repetition: { pattern: 'WEEKLY', lastDate: addDays(day, 21) },
        })),
      },
    });
    const answer = check.json<AvailabilityResponse>();
    expect(answer.probablyAvailable.map((a) => a.datesAndTimes.length)).toEqual([4, 4]);
    const res = await post(body(answer.probablyAvailable, { isRepeating: true }));
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId } = res.json<{ bookingId: number }>();
    const rows = await ctx.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.bookingId, bookingId))
      .orderBy(asc(reservations.bookableAssetId), asc(reservations.date));
    expect(rows.map((r) => [r.bookableAssetId, r.date, r.startTime, r.durationMinutes, r.initialRepetitionDate])).toEqual(
      [gym, hall].flatMap((id) => [0, 7, 14, 21].map((d) => [id, addDays(day, d), '18:00:00', 60, day])),
    );
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.durationType).toBe('SEMESTERLOAN');
  });

  it("asks the form's fields by the rooms' theme: 400 naming each missing field", async () => {
    const res = await post(
      body([{ bookableAssetId: gym, datesAndTimes: [time(day, '18:00:00')] }], {
        formAnswers: { contactEmail: 'ikke-en-adresse', contactPhone: '12' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>()).toMatchObject({ code: 'VALIDATION', userMsg: 'Noen av feltene er ikke riktig fylt ut.' });
    expect(res.json<ApiError>().fields).toEqual([
      { path: 'body.formAnswers.activity', message: 'Feltet er påkrevd' },
      { path: 'body.formAnswers.purpose', message: 'Feltet er påkrevd' },
      { path: 'body.formAnswers.participants', message: 'Feltet er påkrevd' },
      { path: 'body.formAnswers.contactEmail', message: 'Vennligst skriv inn en gyldig e-postadresse' },
      { path: 'body.formAnswers.contactPhone', message: 'Vennligst skriv inn et gyldig telefonnummer' },
    ]);
    // A wedding asks no activity: guests and contact details are enough.
    const wedding = await post(
      body([{ bookableAssetId: weddingRoom, datesAndTimes: [time(day, '18:00:00')] }], {
        formAnswers: { participants: 40, contactEmail: 'kari@example.no', contactPhone: '+47 41234567', activity: 'dropped' },
      }),
    );
    expect(wedding.statusCode, wedding.body).toBe(201);
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, wedding.json<{ bookingId: number }>().bookingId));
    expect(booking).toMatchObject({
      sourceForm: 'wedding',
      formAnswers: { participants: 40, contactEmail: 'kari@example.no', contactPhone: '+47 41234567' },
    });
    const [deadline] = await queryRows<{ local: string }>(
      ctx.database.db,
      sql`select to_char(cancellation_deadline at time zone 'Europe/Oslo', 'YYYY-MM-DD HH24:MI') as local from bookings where id = ${booking!.id}`,
    );
    // The first date is 14 days ahead: four weeks before has passed, so the deadline is the start.
    expect(deadline!.local).toBe(`${day} 18:00`);
  });

  it("answers 401 without a token, 403 for a citizen claiming an administrator's purpose, 400 for a bad body, 404 for rooms the public cannot book", async () => {
    const ok = body([{ bookableAssetId: gym, datesAndTimes: [time(day, '18:00:00')] }]);
    const anonymous = await post(ok, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    // An administrator's token takes the admin path (admin-create-booking): a citizen's booking body is not one.
    expect((await post(ok, siri)).statusCode).toBe(400);
    expect((await post({ ...ok, bookingPurpose: 'ADMINUSER_INTERNAL_ACTIVITY' })).json()).toMatchObject({ code: 'FORBIDDEN' });
    const bad = await post(body([{ bookableAssetId: gym, datesAndTimes: [time('2026-13-01', '18:00:00')] }]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().fields).toEqual([
      expect.objectContaining({ path: 'body.availabilityData.probablyAvailable.0.datesAndTimes.0.date' }),
    ]);
    expect((await post({ ...ok, formAnswers: undefined })).statusCode).toBe(400);
    for (const id of [999_999, hiddenRoom])
      expect((await post(body([{ bookableAssetId: id, datesAndTimes: [time(day, '18:00:00')] }]))).statusCode).toBe(404);
    await expectNothingWritten();
  });

  it("refuses what the booking rules refuse with 422 and the domain's Norwegian message, writing nothing", async () => {
    const refused = async (probablyAvailable: unknown, userMsg: string, extra: Record<string, unknown> = {}) => {
      const res = await post(body(probablyAvailable, extra));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'BOOKING_NOT_ALLOWED', userMsg, fields: expect.any(Array) });
    };
    await refused(
      [{ bookableAssetId: gym, datesAndTimes: [time(inDays(2), '18:00:00')] }],
      `Lokalet krever at søknader sendes inn minst 3 dager før ønsket dato: Gymsal (G1) ${formatDateNorwegian(inDays(2))} kl. 18:00–19:00`,
    );
    await refused(
      [{ bookableAssetId: repeatOnly, datesAndTimes: [time(day, '18:00:00')] }],
      'Dette lokalet kan bare bookes med gjentakelse (hver uke eller annenhver uke). (Klasserom)',
    );
    await refused(
      [{ bookableAssetId: oneSlotRoom, datesAndTimes: [time(day, '16:00:00'), time(day, '19:00:00')] }],
      'Du kan bare velge ett sammenhengende tidspunkt per booking i dette rommet. (Musikkrom)',
    );
    await refused(
      [{ bookableAssetId: gym, datesAndTimes: [time(day, '18:00:00', 'PT15M')] }],
      'Bookingen må vare minst 30 minutter (Gymsal (G1)) (og 1 til)',
    );
    await refused(
      [{ bookableAssetId: gym, datesAndTimes: [time(day, '21:00:00', 'PT2H')] }],
      `Tidspunktet er utenfor åpningstiden: Gymsal (G1) ${formatDateNorwegian(day)} kl. 21:00–23:00`,
    );
    await refused(
      [{ bookableAssetId: gym, datesAndTimes: [time(addDays(day, 3), '18:00:00', 'PT1H', day)] }],
      `Datoen hører ikke til gjentakelsen: Gymsal (G1) ${formatDateNorwegian(addDays(day, 3))} kl. 18:00–19:00`,
    );
    await refused(
      [
        { bookableAssetId: gym, datesAndTimes: [time(day, '18:00:00')] },
        { bookableAssetId: otherLocationRoom, datesAndTimes: [time(day, '18:00:00')] },
      ],
      'Alle rommene i en booking må høre til samme lokale.',
    );
    await refused(
      [{ bookableAssetId: gym, datesAndTimes: [time(day, '18:00:00', 'PT2H'), time(day, '19:00:00')] }],
      'Du har valgt tidspunkter som overlapper hverandre i samme rom.',
    );
    await expectNothingWritten();
  });

  it('answers 409 naming the taken times, and writes nothing of a series when one date is taken', async () => {
    await addReservation(ctx.database.db, {
      locationId,
      userId: strangerId,
      bookableAssetId: gym,
      date: addDays(day, 14),
      startTime: '18:30',
      durationMinutes: 60,
    });
    const before = await counts();
    const series = [0, 7, 14, 21].map((d) => time(addDays(day, d), '18:00:00', 'PT1H', day));
    const res = await post(
      body(
        [
          { bookableAssetId: gym, datesAndTimes: series },
          { bookableAssetId: hall, datesAndTimes: series },
        ],
        { isRepeating: true },
      ),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'BOOKING_CONFLICT',
      msg: expect.any(String),
      userMsg: `Tidspunktet er ikke lenger ledig: Gymsal (G1) ${formatDateNorwegian(addDays(day, 14))} kl. 18:00–19:00. Ingenting er lagret. Velg andre tidspunkter og prøv igjen.`,
      conflicts: [{ bookableAssetId: gym, date: addDays(day, 14), startTime: '18:00:00', endTime: '19:00:00' }],
    });
    expect(await counts()).toEqual(before);
  });

  it('gives a contested time to the first booking only', async () => {
    const request = body([{ bookableAssetId: gym, datesAndTimes: [time(day, '18:00:00', 'PT2H')] }]);
    expect((await post(request)).statusCode).toBe(201);
    const second = await post(body([{ bookableAssetId: gym, datesAndTimes: [time(day, '19:00:00')] }]));
    expect(second.statusCode).toBe(409);
    expect(second.json<ApiError>().conflicts).toEqual([{ bookableAssetId: gym, date: day, startTime: '19:00:00', endTime: '20:00:00' }]);
    expect((await counts()).r).toBe(1);
  });

  it('answers 409, not 500, naming the time, when only the exclusion constraint sees the collision', async () => {
    const db = ctx.database.db;
    const { bookingId: otherBooking } = await addReservation(db, {
      locationId,
      userId: strangerId,
      bookableAssetId: hall,
      date: addDays(day, 1),
      startTime: '16:00',
      durationMinutes: 15,
    });
    const kariUser = await userOf(kari);
    const before = await counts();
    const attempt = createBooking({
      db,
      user: kariUser,
      body: createBookingRequest.parse(body([{ bookableAssetId: gym, datesAndTimes: [time(day, '17:00:00'), time(day, '18:00:00')] }])),
      publicUrl: 'http://localhost',
      weddingHoldMinutes: 30,
      // A writer that does not take the rooms' locks puts a reservation in the gym after our check.
      beforeReservations: async (tx) => {
        await insertReservations(tx, [
          { bookingId: otherBooking, bookableAssetId: gym, date: day, startTime: '18:30', durationMinutes: 60, status: 'APPROVED' },
        ]);
      },
    });
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toJSON()).toMatchObject({
      code: 'BOOKING_CONFLICT',
      conflicts: [{ bookableAssetId: gym, date: day, startTime: '18:00:00', endTime: '19:00:00' }],
      userMsg: `Tidspunktet er ikke lenger ledig: Gymsal (G1) ${formatDateNorwegian(day)} kl. 18:00–19:00. Ingenting er lagret. Velg andre tidspunkter og prøv igjen.`,
    });
    expect((error as AppError).status).toBe(409);
    // The whole transaction was rolled back, the other writer's reservation with it.
    expect(await counts()).toEqual(before);
  });

  it("stores the cancellation deadline by the request's clock: the start once 23:59 seven days before has passed", async () => {
    const kariUser = await userOf(kari);
    const sevenDaysBefore = osloInstant(addDays(day, -7), '23:59');
    const at = async (startTime: string, now: Date) => {
      const { bookingId } = await createBooking({
        db: ctx.database.db,
        user: kariUser,
        publicUrl: 'http://localhost',
        weddingHoldMinutes: 30,
        now,
        body: createBookingRequest.parse(body([{ bookableAssetId: gym, datesAndTimes: [time(day, startTime)] }])),
      });
      const [row] = await queryRows<{ local: string }>(
        ctx.database.db,
        sql`select to_char(cancellation_deadline at time zone 'Europe/Oslo', 'YYYY-MM-DD HH24:MI') as local from bookings where id = ${bookingId}`,
      );
      return row!.local;
    };
    expect(await at('18:00:00', new Date(sevenDaysBefore.getTime() - 60_000))).toBe(`${addDays(day, -7)} 23:59`);
    expect(await at('19:00:00', sevenDaysBefore)).toBe(`${day} 19:00`);
  });

  /** The caller as requireUser makes it from the token. */
  async function userOf(token: string): Promise<AuthenticatedUser> {
    const roles = (await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(token) })).json<{
      userId: number;
      name: string;
      email: string;
    }>();
    return {
      userId: roles.userId,
      sub: testCitizens[0]!.sub,
      name: roles.name,
      email: roles.email,
      portal: 'PUBLIC',
      clientId: 'lokaler-portal',
      adminLocationIds: [],
      cityAdmin: false,
    };
  }
});
