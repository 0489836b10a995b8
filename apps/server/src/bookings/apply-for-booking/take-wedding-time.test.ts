import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { createBookingRequest } from '@lokaler/domain/booking-create';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { queryRows } from '../../db/client';
import { insertReservations } from '../bookings';
import { AppError } from '../../errors';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { inDays, osloToday, setOpeningHours } from '../../../test/factories/calendar';
import { createAsset, createBooking as createBookingRow, createLocation } from '../../../test/factories/places';
import { createWeddingVenue, takeWeddingTimes, weddingTime } from '../../../test/factories/wedding';
import { createBooking } from './create-booking';

// One app and venue for the file's two blocks: each empties the bookings before every test.
let ctx: TestContext;
let kari: CitizenSession;
let amina: CitizenSession;
let locationId: number;
let roomId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ locationId, roomId } = await createWeddingVenue(ctx.database.db));
  kari = await citizenSession(ctx.app, testCitizens[0]!);
  amina = await citizenSession(ctx.app, testCitizens[3]!);
});
afterAll(() => ctx.close());

describe('taking a wedding time (decision 012): POST /api/booking at a WEDDINGS location', () => {
  const day = inDays(40);

  beforeEach(async () => {
    await ctx.database.db.execute(sql`truncate bookings, reservations, change_log, mail_outbox restart identity cascade`);
  });

  const bookingsNow = () =>
    queryRows<{ status: string; source_form: string; hold_minutes: number | null; reservations: string }>(
      ctx.database.db,
      sql`
    select b.status, b.source_form, round(extract(epoch from b.hold_expires_at - now()) / 60)::int as hold_minutes,
      (select string_agg(r.status || ' ' || r.date || ' ' || r.start_time, ',') from reservations r where r.booking_id = b.id) as reservations
    from bookings b order by b.id`,
    );

  it('one time: an UNPROCESSED wedding booking whose time is held for 30 minutes', async () => {
    const res = await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await bookingsNow()).toEqual([
      { status: 'UNPROCESSED', source_form: 'wedding', hold_minutes: 30, reservations: `UNPROCESSED ${day} 11:00:00` },
    ]);
  });

  it('refuses a second time in the same application, and a repeated one, writing nothing', async () => {
    for (const res of [
      await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00'), weddingTime(day, '12:00:00')]),
      await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')], true),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<ApiError>()).toMatchObject({ code: 'BOOKING_NOT_ALLOWED', userMsg: weddingMessages.oneTimeOnly });
    }
    expect(await bookingsNow()).toEqual([]);
  });

  it('during the hold nobody else can take the time', async () => {
    expect((await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')])).statusCode).toBe(201);
    const second = await takeWeddingTimes(amina, roomId, [weddingTime(day, '11:00:00')]);
    expect(second.statusCode).toBe(409);
    expect(second.json<ApiError>().code).toBe('BOOKING_CONFLICT');
    expect((await bookingsNow()).length).toBe(1);
  });

  it('the hold is as long as WEDDING_HOLD_MINUTES says, from the moment the time is taken', async () => {
    const now = new Date();
    const user = { userId: kari.userId, name: kari.name, email: 'kari@example.no', portal: 'PUBLIC' } as Parameters<
      typeof createBooking
    >[0]['user'];
    const { bookingId } = await createBooking({
      db: ctx.database.db,
      user,
      publicUrl: 'http://localhost',
      weddingHoldMinutes: 45,
      now,
      body: createBookingRequest.parse({
        availabilityData: { probablyAvailable: [{ bookableAssetId: roomId, datesAndTimes: [weddingTime(day, '13:00:00')] }] },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: { participants: 20, contactEmail: 'kari@example.no', contactPhone: '41234567' },
      }),
    });
    const [row] = await queryRows<{ hold: Date | string }>(
      ctx.database.db,
      sql`select hold_expires_at as hold from bookings where id = ${bookingId}`,
    );
    expect(new Date(row!.hold).getTime()).toBe(now.getTime() + 45 * 60_000);
  });

  it('writes the booking, its change-log entry and its reservation at once, numbered past a case number that exists', async () => {
    const db = ctx.database.db;
    const year = osloToday().slice(0, 4);
    await db.execute(sql`select setval('booking_case_number_seq', 41999)`);
    await createBookingRow(db, locationId, kari.userId, { caseNumber: `LOK-${year}-42000` });
    const res = await takeWeddingTimes(kari, roomId, [weddingTime(day, '14:00:00')]);
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, caseNumber } = res.json<{ bookingId: number; caseNumber: string }>();
    expect(caseNumber).toBe(`LOK-${year}-42001`);
    const [row] = await queryRows<{ deadline: string; entry: string; times: unknown; reservation: string }>(
      db,
      sql`
      select to_char(b.cancellation_deadline at time zone 'Europe/Oslo', 'YYYY-MM-DD HH24:MI') as deadline,
        (select c.type || ' ' || c.user_name from change_log c where c.booking_id = b.id) as entry,
        (select c.reservation_times from change_log c where c.booking_id = b.id) as times,
        (select r.status || ' ' || r.date || ' ' || r.start_time || ' ' || r.duration_minutes from reservations r where r.booking_id = b.id) as reservation
      from bookings b where b.id = ${bookingId}`,
    );
    expect(row).toEqual({
      deadline: `${addDays(day, -28)} 23:59`,
      entry: `Comment ${kari.name}`,
      times: [{ assetDescription: 'Vigselsrommet', times: [`${formatDateNorwegian(day)} 14:00–14:30`] }],
      reservation: `UNPROCESSED ${day} 14:00:00 30`,
    });
  });

  it('answers 409 naming the time, writing nothing, when only the exclusion constraint sees the collision', async () => {
    const db = ctx.database.db;
    const other = await createBookingRow(db, locationId, amina.userId);
    const user = { userId: kari.userId, name: kari.name, email: 'kari@example.no', portal: 'PUBLIC' } as Parameters<
      typeof createBooking
    >[0]['user'];
    const error = await createBooking({
      db,
      user,
      publicUrl: 'http://localhost',
      weddingHoldMinutes: 30,
      body: createBookingRequest.parse({
        availabilityData: { probablyAvailable: [{ bookableAssetId: roomId, datesAndTimes: [weddingTime(day, '15:00:00')] }] },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: { participants: 20, contactEmail: 'kari@example.no', contactPhone: '41234567' },
      }),
      // A writer that does not take the room's lock puts a reservation there after the re-check.
      beforeReservations: async (tx) => {
        await insertReservations(tx, [
          { bookingId: other.id, bookableAssetId: roomId, date: day, startTime: '15:15', durationMinutes: 30, status: 'APPROVED' },
        ]);
      },
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
    expect((error as AppError).toJSON()).toMatchObject({
      code: 'BOOKING_CONFLICT',
      conflicts: [{ bookableAssetId: roomId, date: day, startTime: '15:00:00', endTime: '15:30:00' }],
    });
    // The whole transaction was rolled back, the other writer's reservation with it.
    expect(await bookingsNow()).toEqual([{ status: 'UNPROCESSED', source_form: 'default', hold_minutes: null, reservations: null }]);
  });

  it('a booking elsewhere has no hold, and a wedding flow outside a WEDDINGS location keeps its rules', async () => {
    const db = ctx.database.db;
    const school = await createLocation(db, { name: 'Sagene skole' });
    await setOpeningHours(db, school.id, '10:00', '16:00');
    const room = await createAsset(db, school.id, { name: 'Aula' });
    const res = await kari.request({
      method: 'POST',
      url: '/api/booking',
      payload: {
        availabilityData: {
          probablyAvailable: [{ bookableAssetId: room.id, datesAndTimes: [weddingTime(day, '11:00:00'), weddingTime(day, '12:00:00')] }],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: { activity: 'Møte', purpose: 'Årsmøte', participants: 20, contactEmail: 'kari@example.no', contactPhone: '41234567' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await bookingsNow()).toEqual([
      {
        status: 'UNPROCESSED',
        source_form: 'default',
        hold_minutes: null,
        reservations: `UNPROCESSED ${day} 11:00:00,UNPROCESSED ${day} 12:00:00`,
      },
    ]);
  });
});

describe('one held wedding time per person (decision 012) and no receipt at the take', () => {
  const day = inDays(40);

  beforeEach(async () => {
    await ctx.database.db.execute(sql`truncate bookings, reservations, change_log, mail_outbox, wedding_forms restart identity cascade`);
  });

  const statuses = async () =>
    (await queryRows<{ s: string | null }>(ctx.database.db, sql`select string_agg(status::text, ',' order by id) as s from bookings`))[0]!
      .s;

  it('refuses a second wedding time while the first is still held, with a clear message, writing nothing', async () => {
    expect((await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')])).statusCode).toBe(201);
    const second = await takeWeddingTimes(kari, roomId, [weddingTime(day, '12:00:00')]);
    expect(second.statusCode, second.body).toBe(422);
    expect(second.json<ApiError>()).toMatchObject({ code: 'BOOKING_NOT_ALLOWED', userMsg: weddingMessages.holdInProgress });
    expect(await statuses()).toBe('UNPROCESSED');
    // Somebody else is not held up by Kari's hold.
    expect((await takeWeddingTimes(amina, roomId, [weddingTime(day, '12:00:00')])).statusCode).toBe(201);
  });

  it('two takes by one person at once: one is held, the other refused', async () => {
    const results = await Promise.all([
      takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')]),
      takeWeddingTimes(kari, roomId, [weddingTime(day, '13:00:00')]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await statuses()).toBe('UNPROCESSED');
  });

  it('citizens who take one time at once: exactly one gets it, the others 409, never a 5xx', async () => {
    const everyone = [kari, amina, await citizenSession(ctx.app, testCitizens[1]!), await citizenSession(ctx.app, testCitizens[2]!)];
    for (let round = 0; round < 3; round++) {
      const start = `1${round}:30:00`;
      const results = await Promise.all(everyone.map((who) => takeWeddingTimes(who, roomId, [weddingTime(day, start)])));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      // Every loser is told which time is taken, in the same words, whether it read the calendar or
      // learnt the winner's outcome while it waited for it.
      const refusals = results
        .filter((r) => r.statusCode === 409)
        .map((r) => r.json<{ code: string; userMsg: string; conflicts: unknown[] }>());
      for (const refusal of refusals) {
        expect(refusal.code).toBe('BOOKING_CONFLICT');
        expect(refusal.conflicts).toEqual([{ bookableAssetId: roomId, date: day, startTime: start, endTime: `1${round + 1}:00:00` }]);
        expect(refusal.userMsg).toBe(refusals[0]!.userMsg);
        expect(refusal.userMsg).toMatch(/kl\. 1\d:30/);
      }
      const taken = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from reservations where start_time = ${start} and status = 'UNPROCESSED'`,
      );
      expect(taken[0]!.n).toBe(1);
      await ctx.database.db.execute(
        sql`update bookings set hold_expires_at = now() - interval '1 second' where hold_expires_at is not null`,
      );
    }
  });

  it('allows a new time once the first is let go or its hold has run out', async () => {
    const first = (await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')])).json<{ bookingId: number }>();
    expect((await kari.request({ method: 'PUT', url: `/api/user/booking/${first.bookingId}/autoreject` })).statusCode).toBe(200);
    expect((await takeWeddingTimes(kari, roomId, [weddingTime(day, '12:00:00')])).statusCode).toBe(201);
    await ctx.database.db.execute(sql`update bookings set hold_expires_at = now() - interval '1 second' where hold_expires_at is not null`);
    expect((await takeWeddingTimes(kari, roomId, [weddingTime(day, '13:00:00')])).statusCode).toBe(201);
  });

  it('sends no application receipt when the time is taken (the confirmation goes with the form)', async () => {
    expect((await takeWeddingTimes(kari, roomId, [weddingTime(day, '11:00:00')])).statusCode).toBe(201);
    const mails = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from mail_outbox`);
    expect(mails[0]!.n).toBe(0);
  });
});
