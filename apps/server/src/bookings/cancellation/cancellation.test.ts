import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { bearer, loginAs } from '../../../test/login';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { addFlow, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';

describe('PATCH /api/booking/{id} { status: "cancelled" } and PUT /api/user/booking/{id}/autoreject', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let ola: CitizenSession;
  let siri: string;
  let locationId: number;
  let weddingLocationId: number;
  let gym: number;
  let ceremonyRoom: number;
  const day = inDays(14);
  const hourAgo = () => new Date(Date.now() - 3_600_000);
  const inAWeek = () => new Date(Date.now() + 7 * 86_400_000);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const school = await addFlow(db, 'school');
    locationId = (await createLocation(db, { name: 'Sagene skole', contactEmail: 'utleie.sagene@osloskolen.no' })).id;
    await setOpeningHours(db, locationId, '16:00', '22:00');
    gym = (await createAsset(db, locationId, { name: 'Gymsal', externalAssetNumber: 'G1', bookingFlowId: school.id })).id;
    weddingLocationId = (
      await createLocation(db, {
        name: 'Oslo rådhus',
        publicLocationType: 'WEDDINGS',
        filterCategory: 'WEDDINGS',
        contactEmail: 'vielse@oslo.kommune.no',
      })
    ).id;
    ceremonyRoom = (await createAsset(db, weddingLocationId, { name: 'Seremonirommet' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    siri = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(sql`truncate bookings, reservations, requirements, change_log, mail_outbox restart identity cascade`);
  });

  const book = (fields: Partial<Parameters<typeof applicantBooking>[1]> = {}) =>
    applicantBooking(ctx.database.db, {
      locationId,
      userId: kari.userId,
      times: [{ bookableAssetId: gym, date: day, startTime: '18:00:00', durationMinutes: 60 }],
      ...fields,
    });
  const cancel = (id: number, who = kari, payload: object = { status: 'cancelled' }) =>
    who.request({ method: 'PATCH', url: `/api/booking/${id}`, payload });
  const olaBooksTheSameTime = () =>
    ola.request({
      method: 'POST',
      url: '/api/booking',
      payload: {
        availabilityData: {
          probablyAvailable: [
            { bookableAssetId: gym, datesAndTimes: [{ date: day, startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }] },
          ],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: {
          activity: 'Basket',
          purpose: 'Trening',
          participants: 10,
          contactEmail: 'ola.nordmann@example.no',
          contactPhone: '92345678',
        },
      },
    });
  const state = async () =>
    (
      await queryRows(
        ctx.database.db,
        sql`select
    (select string_agg(id || ':' || status, ',' order by id) from bookings) as bookings,
    (select string_agg(id || ':' || status, ',' order by id) from reservations) as reservations,
    (select count(*)::int from change_log) as changes, (select count(*)::int from mail_outbox) as mails`,
      )
    )[0];

  it('cancels an unprocessed booking: booking and times CANCELLED, logged, mailed — and the time is free at once', async () => {
    const booking = await book();
    expect((await olaBooksTheSameTime()).statusCode).toBe(409);

    const res = await cancel(booking.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ bookingId: booking.id, status: 'CANCELLED', internalEventTitle: null });
    const [row] = await queryRows<{ status: string; times: string }>(
      ctx.database.db,
      sql`
      select b.status, string_agg(r.status::text, ',') as times from bookings b join reservations r on r.booking_id = b.id where b.id = ${booking.id} group by b.status`,
    );
    expect(row).toEqual({ status: 'CANCELLED', times: 'CANCELLED' });
    const entries = await queryRows<{ type: string; user_name: string; reservation_times: unknown }>(
      ctx.database.db,
      sql`select type, user_name, reservation_times from change_log where booking_id = ${booking.id} and type = 'BookingCancellation'`,
    );
    expect(entries).toEqual([
      {
        type: 'BookingCancellation',
        user_name: 'Kari Nordmann',
        reservation_times: [{ assetDescription: 'Gymsal (G1)', times: [expect.stringMatching(/18:00–19:00$/)] }],
      },
    ]);
    const mails = await queryRows<{ recipient: string; subject: string }>(
      ctx.database.db,
      sql`select recipient, subject from mail_outbox where (topic->>'bookingId')::int = ${booking.id}`,
    );
    expect(mails).toEqual([{ recipient: 'kontakt@example.no', subject: expect.stringContaining('Bookingen er kansellert') }]);
    const detail = (await kari.request({ method: 'GET', url: `/api/user/booking/${booking.id}` })).json<{
      status: string;
      isCancellable: boolean;
    }>();
    expect(detail).toMatchObject({ status: 'CANCELLED', isCancellable: false });

    const again = await olaBooksTheSameTime();
    expect(again.statusCode, again.body).toBe(201);
  });

  it('cancels an approved booking before its deadline and tells the location which times are free', async () => {
    const booking = await book({ status: 'APPROVED', cancellationDeadline: inAWeek() });
    expect((await cancel(booking.id)).statusCode).toBe(200);
    const mails = await queryRows<{ recipient: string; body: string }>(
      ctx.database.db,
      sql`select recipient, body from mail_outbox order by id`,
    );
    expect(mails.map((m) => m.recipient)).toEqual(['kontakt@example.no', 'utleie.sagene@osloskolen.no']);
    expect(mails[1]!.body).toMatch(/Gymsal \(G1\): \d{2}\.\d{2}\.\d{4} 18:00–19:00/);
  });

  it('refuses after the deadline with the contact-the-location text, and changes nothing', async () => {
    const booking = await book({ status: 'APPROVED', cancellationDeadline: hourAgo() });
    const detail = (await kari.request({ method: 'GET', url: `/api/user/booking/${booking.id}` })).json<{ isCancellable: boolean }>();
    expect(detail.isCancellable).toBe(false);
    const before = await state();
    const res = await cancel(booking.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().userMsg).toBe(
      'Fristen for å kansellere bookingen i portalen har gått ut. Ta kontakt med Sagene skole på utleie.sagene@osloskolen.no for å kansellere.',
    );
    expect(await state()).toEqual(before);
  });

  it('sends wedding applicants to the wedding office', async () => {
    const booking = await book({
      locationId: weddingLocationId,
      status: 'APPROVED',
      sourceForm: 'wedding',
      cancellationDeadline: hourAgo(),
      times: [{ bookableAssetId: ceremonyRoom, date: inDays(60), startTime: '11:00:00', durationMinutes: 30 }],
    });
    const res = await cancel(booking.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().userMsg).toContain('Ta kontakt med vielseskontoret på vielse@oslo.kommune.no');
  });

  it('without a deadline, an approved booking is cancellable until its first time begins', async () => {
    const future = await book({ status: 'APPROVED' });
    const started = await book({
      status: 'APPROVED',
      times: [{ bookableAssetId: gym, date: inDays(-1), startTime: '18:00:00', durationMinutes: 60 }],
    });
    const detail = (await kari.request({ method: 'GET', url: `/api/user/booking/${future.id}` })).json<{ cancellationDeadline: string }>();
    expect(new Date(detail.cancellationDeadline).getTime()).toBeGreaterThan(Date.now());
    expect((await cancel(started.id)).statusCode).toBe(409);
    expect((await cancel(future.id)).statusCode).toBe(200);
  });

  it('refuses closed bookings with their own text', async () => {
    const cancelled = await book({ status: 'CANCELLED' });
    const rejected = await book({
      status: 'REJECTED',
      times: [{ bookableAssetId: gym, date: day, startTime: '20:00:00', durationMinutes: 60 }],
    });
    expect((await cancel(cancelled.id)).json()).toMatchObject({ code: 'CONFLICT', userMsg: 'Bookingen er allerede kansellert.' });
    expect((await cancel(rejected.id)).json()).toMatchObject({
      code: 'CONFLICT',
      userMsg: 'Bookingen er avslått og kan ikke kanselleres.',
    });
  });

  it('accepts only { status: "cancelled" } from the applicant and { title } from an administrator', async () => {
    const booking = await book();
    for (const payload of [{ status: 'approved' }, {}, { status: 'cancelled', title: 'x' }]) {
      const res = await cancel(booking.id, kari, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
    }
    expect((await cancel(booking.id, kari, { title: 'Mitt arrangement' })).statusCode).toBe(403);
    const titled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/booking/${booking.id}`,
      headers: bearer(siri),
      payload: { title: 'Frivillighetsfest' },
    });
    expect(titled.json()).toEqual({ bookingId: booking.id, status: 'UNPROCESSED', internalEventTitle: 'Frivillighetsfest' });
    expect((await cancel(booking.id, kari, { status: 'CANCELLED' })).statusCode).toBe(200);
  });

  describe('autoreject', () => {
    const autoreject = (id: number, who = kari) => who.request({ method: 'PUT', url: `/api/user/booking/${id}/autoreject` });

    it("lets go of an unsent wedding application's held time, once", async () => {
      const booking = await book({
        locationId: weddingLocationId,
        sourceForm: 'wedding',
        times: [{ bookableAssetId: ceremonyRoom, date: inDays(60), startTime: '11:00:00', durationMinutes: 30 }],
      });
      const res = await autoreject(booking.id);
      expect(res.json()).toEqual({ bookingId: booking.id, status: 'AUTOREJECTED', internalEventTitle: null });
      const [row] = await queryRows<{ status: string; times: string }>(
        ctx.database.db,
        sql`
        select b.status, string_agg(r.status::text, ',') as times from bookings b join reservations r on r.booking_id = b.id where b.id = ${booking.id} group by b.status`,
      );
      expect(row).toEqual({ status: 'AUTOREJECTED', times: 'AUTOREJECTED' });
      const before = await state();
      expect((await autoreject(booking.id)).json()).toMatchObject({ status: 'AUTOREJECTED' });
      expect(await state()).toEqual(before);
      const entries = await queryRows<{ type: string; user_name: string }>(
        ctx.database.db,
        sql`select type, user_name from change_log where booking_id = ${booking.id} and type = 'BookingRejection'`,
      );
      expect(entries).toEqual([{ type: 'BookingRejection', user_name: 'System' }]);
    });

    it('answers an anonymous call 401 before its body is read: a broken body, a body over the limit', async () => {
      const booking = await book({
        locationId: weddingLocationId,
        sourceForm: 'wedding',
        times: [{ bookableAssetId: ceremonyRoom, date: inDays(62), startTime: '11:00:00', durationMinutes: 30 }],
      });
      const before = await state();
      for (const payload of ['{broken', JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) })]) {
        const res = await ctx.app.inject({
          method: 'PUT',
          url: `/api/user/booking/${booking.id}/autoreject`,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
      expect(await state()).toEqual(before);
    });

    it('refuses other applications and processed weddings', async () => {
      const school = await book();
      const approvedWedding = await book({
        locationId: weddingLocationId,
        sourceForm: 'wedding',
        status: 'APPROVED',
        times: [{ bookableAssetId: ceremonyRoom, date: inDays(61), startTime: '11:00:00', durationMinutes: 30 }],
      });
      const before = await state();
      expect((await autoreject(school.id)).statusCode).toBe(409);
      expect((await autoreject(approvedWedding.id)).statusCode).toBe(409);
      expect(await state()).toEqual(before);
    });
  });
});
