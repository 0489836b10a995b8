import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import type { BlockedTimesSchedule } from '@lokaler/domain/admin-blocked-times';
import type { CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import { closingMessages } from '@lokaler/domain/closing-with-bookings';
import type { ClosedDateRange } from '@lokaler/domain/opening-hours';
import { queryRows } from '../../db/client';
import { bookings, changeLog, decisionMessages } from '../../db/schema/bookings';
import { closedDateRanges } from '../../db/schema/location-setup';
import { testAdmins } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { bookingWithTimes, call, trailOf } from '../../../test/admin-test-support';

/**
 * Decision 042: closing a day, or blocking a time, over bookings. Without a
 * decision the save answers 409 AFFECTED_BOOKINGS with the bookings and nothing is written; CANCEL
 * takes the times out through the one writer with one change-log entry 'Stengt: …' and one e-mail per
 * applicant; KEEP leaves them. Runs on PGlite and PostgreSQL (projects server, server-pg).
 */
describe('closing a day or blocking a time that has bookings', () => {
  let ctx: TestContext;
  let siri: string;
  let school: number;
  let other: number;
  let gym: number;
  let hall: number;
  let otherRoom: number;
  let kariId: number;
  let oleId: number;
  const day = inDays(20);
  const nextDay = inDays(21);
  const later = inDays(30);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    school = (await createLocation(db, { name: 'Lakkegata skole', contactEmail: 'lakkegata@example.no' })).id;
    other = (await createLocation(db, { name: 'Nabo skole' })).id;
    for (const id of [school, other]) {
      await setOpeningHours(db, id, '08:00', '23:00');
      await addLocationAdmin(db, id, testAdmins[0]!.email);
    }
    gym = (await createAsset(db, school, { name: 'Gymsal', externalAssetNumber: 'G1' })).id;
    hall = (await createAsset(db, school, { name: 'Aula' })).id;
    otherRoom = (await createAsset(db, other, { name: 'Storsal' })).id;
    kariId = (await createUser(db)).id;
    oleId = (await createUser(db)).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    const db = ctx.database.db;
    await db.delete(bookings);
    await db.execute(sql`delete from closed_dates`);
    await db.delete(closedDateRanges);
    await db.execute(sql`delete from blocked_times`);
    await db.execute(sql`delete from mail_outbox`);
  });

  const close = (body: object) => call(ctx.app, siri, 'POST', `/api/admin/location/${school}/closeddates`, body);
  const block = (roomId: number, body: object) => call(ctx.app, siri, 'PUT', `/api/bookableasset/${roomId}/blockedtimes`, body);
  const mailsTo = (bookingId: number) =>
    queryRows<{ to: string; subject: string; text: string }>(
      ctx.database.db,
      sql`select recipient as "to", subject, body as text from mail_outbox where (topic ->> 'bookingId')::integer = ${bookingId} order by id`,
    );
  const logOf = (bookingId: number) =>
    ctx.database.db
      .select({ type: changeLog.type, comment: changeLog.comment, reservationTimes: changeLog.reservationTimes })
      .from(changeLog)
      .where(eq(changeLog.bookingId, bookingId))
      .orderBy(changeLog.id);

  /** Kari's club: an approved booking with one time on the day; Ole: approved, two times on the day (gym, hall) and one later. */
  const twoBookings = async () => {
    const db = ctx.database.db;
    const kari = await bookingWithTimes(
      db,
      school,
      kariId,
      [{ bookableAssetId: gym, date: day, startTime: '18:00:00', durationMinutes: 90, status: 'APPROVED' }],
      { status: 'APPROVED', organizationName: 'Sagene IF' },
    );
    const ole = await bookingWithTimes(
      db,
      school,
      oleId,
      [
        { bookableAssetId: hall, date: day, startTime: '10:00:00', durationMinutes: 60, status: 'APPROVED' },
        { bookableAssetId: gym, date: nextDay, startTime: '12:00:00', durationMinutes: 60, status: 'APPROVED' },
        { bookableAssetId: hall, date: later, startTime: '10:00:00', durationMinutes: 60, status: 'APPROVED' },
      ],
      { status: 'APPROVED', formAnswers: { activity: 'Kor', contactEmail: 'ole@example.no' } },
    );
    // Not hit: a time of another location on the day, a cancelled time in the gym on the day.
    await bookingWithTimes(
      db,
      other,
      kariId,
      [{ bookableAssetId: otherRoom, date: day, startTime: '18:00:00', durationMinutes: 60, status: 'APPROVED' }],
      { status: 'APPROVED' },
    );
    await bookingWithTimes(
      db,
      school,
      oleId,
      [{ bookableAssetId: gym, date: day, startTime: '08:00:00', durationMinutes: 60, status: 'CANCELLED' }],
      { status: 'CANCELLED' },
    );
    return { kari, ole };
  };

  it('a closed period over bookings without a decision answers 409 AFFECTED_BOOKINGS with who and which times, and writes nothing', async () => {
    const { kari, ole } = await twoBookings();
    const before = [await trailOf(ctx.database.db, kari.bookingId), await trailOf(ctx.database.db, ole.bookingId)];
    const res = await close({ fromDate: day, toDate: nextDay, reason: 'Vannlekkasje' });
    expect(res.statusCode, res.body).toBe(409);
    const error = res.json<ApiError>();
    expect(error.code).toBe('AFFECTED_BOOKINGS');
    expect(error.userMsg).toBe(closingMessages.affected);
    expect(error.affectedBookings).toEqual([
      {
        bookingId: kari.bookingId,
        caseNumber: kari.caseNumber,
        status: 'APPROVED',
        applicantName: expect.stringContaining('Test Testesen'),
        organizationName: 'Sagene IF',
        times: [
          {
            reservationId: kari.reservationIds[0],
            bookableAssetId: gym,
            roomName: 'Gymsal (G1)',
            date: day,
            startTime: '18:00',
            endTime: '19:30',
          },
        ],
      },
      {
        bookingId: ole.bookingId,
        caseNumber: ole.caseNumber,
        status: 'APPROVED',
        applicantName: expect.stringContaining('Test Testesen'),
        organizationName: null,
        times: [
          {
            reservationId: ole.reservationIds[0],
            bookableAssetId: hall,
            roomName: 'Aula',
            date: day,
            startTime: '10:00',
            endTime: '11:00',
          },
          {
            reservationId: ole.reservationIds[1],
            bookableAssetId: gym,
            roomName: 'Gymsal (G1)',
            date: nextDay,
            startTime: '12:00',
            endTime: '13:00',
          },
        ],
      },
    ]);
    expect(await ctx.database.db.select().from(closedDateRanges)).toEqual([]);
    expect([await trailOf(ctx.database.db, kari.bookingId), await trailOf(ctx.database.db, ole.bookingId)]).toEqual(before);
  });

  it('cancelling requires a message (400 with the Norwegian text), and nothing is written', async () => {
    await twoBookings();
    const res = await close({
      fromDate: day,
      toDate: day,
      reason: 'Vannlekkasje',
      affectedBookings: { decision: 'CANCEL', message: '   ' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ApiError>().fields).toEqual([{ path: 'body.affectedBookings.message', message: closingMessages.messageRequired }]);
    expect(await ctx.database.db.select().from(closedDateRanges)).toEqual([]);
  });

  it("CANCEL closes the days and takes the times out: one e-mail and one change-log entry 'Stengt: …' per booking", async () => {
    const { kari, ole } = await twoBookings();
    const res = await close({
      fromDate: day,
      toDate: nextDay,
      reason: 'Vannlekkasje',
      affectedBookings: { decision: 'CANCEL', message: 'Beklager, vi har en vannlekkasje i kjelleren.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ClosedDateRange>()).toMatchObject({ fromDate: day, toDate: nextDay, reason: 'Vannlekkasje' });

    // Kari's only time is hit: the booking is cancelled.
    const kariTrail = await trailOf(ctx.database.db, kari.bookingId);
    expect(kariTrail).toMatchObject({
      status: 'CANCELLED',
      reservationStatuses: ['CANCELLED'],
      changeLogTypes: ['BookingCancellation'],
      mailKinds: ['BookingCancellation'],
      decisionMessages: 1,
    });
    // Ole keeps the later time: the two hit times are withdrawn, the booking stays approved.
    const oleTrail = await trailOf(ctx.database.db, ole.bookingId);
    expect(oleTrail).toMatchObject({
      status: 'APPROVED',
      reservationStatuses: ['UNAVAILABLE', 'UNAVAILABLE', 'APPROVED'],
      changeLogTypes: ['ReservationRejection'],
      mailKinds: ['ReservationRejection'],
    });

    const [oleLog] = await logOf(ole.bookingId);
    expect(oleLog!.comment).toBe('Stengt: Vannlekkasje');
    expect(oleLog!.reservationTimes).toEqual([
      { assetDescription: 'Aula', times: [expect.stringMatching(/^\d\d\.\d\d\.\d{4} 10:00–11:00$/)] },
      { assetDescription: 'Gymsal (G1)', times: [expect.stringMatching(/12:00–13:00$/)] },
    ]);
    const [oleMail, ...more] = await mailsTo(ole.bookingId);
    expect(more).toEqual([]);
    expect(oleMail!.to).toBe('ole@example.no');
    expect(oleMail!.subject).toContain('Tider i bookingen din er avlyst fordi lokalet er stengt');
    expect(oleMail!.text).toContain('Lakkegata skole er stengt');
    expect(oleMail!.text).toContain('(Vannlekkasje)');
    expect(oleMail!.text).toContain('Melding fra lokalet: Beklager, vi har en vannlekkasje i kjelleren.');
    expect(oleMail!.text).toContain('De andre tidene i bookingen gjelder som før.');
    const [kariMail] = await mailsTo(kari.bookingId);
    expect(kariMail!.subject).toContain('Bookingen din er avlyst fordi lokalet er stengt');
    expect((await ctx.database.db.select().from(decisionMessages).where(eq(decisionMessages.bookingId, kari.bookingId)))[0]!.message).toBe(
      'Beklager, vi har en vannlekkasje i kjelleren.',
    );
    // The freed gym time can be booked by nobody (the day is closed), but the other location's time is untouched.
    const untouched = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select r.status::text as status from reservations r join bookable_assets a on a.id = r.bookable_asset_id where a.location_id = ${other}`,
    );
    expect(untouched).toEqual([{ status: 'APPROVED' }]);
  });

  it('KEEP closes the days and leaves the bookings as they were: no e-mail, no change-log entry', async () => {
    const { kari, ole } = await twoBookings();
    const res = await close({ fromDate: day, toDate: day, reason: 'Vannlekkasje', affectedBookings: { decision: 'KEEP' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await trailOf(ctx.database.db, kari.bookingId)).toMatchObject({
      status: 'APPROVED',
      reservationStatuses: ['APPROVED'],
      changeLogTypes: [],
      mailKinds: [],
    });
    expect(await trailOf(ctx.database.db, ole.bookingId)).toMatchObject({
      status: 'APPROVED',
      reservationStatuses: ['APPROVED', 'APPROVED', 'APPROVED'],
      changeLogTypes: [],
      mailKinds: [],
    });
    expect(await ctx.database.db.select().from(closedDateRanges)).toHaveLength(1);
    // The admin calendar marks the closed day and still shows the kept times on it.
    const calendar = await call(ctx.app, siri, 'GET', `/api/booking/calendardata?locationId=${school}&from=${day}&to=${nextDay}`);
    expect(calendar.statusCode, calendar.body).toBe(200);
    const data = calendar.json<CalendarDataResponse>();
    expect(data.closedDates).toEqual([{ date: day, reason: 'Vannlekkasje' }]);
    expect(
      data.bookings.map((b) => [b.bookingId, b.reservations.map((r) => [r.date, r.startTime])]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [kari.bookingId, [[day, '18:00:00']]],
      [
        ole.bookingId,
        [
          [day, '10:00:00'],
          [nextDay, '12:00:00'],
        ],
      ],
    ]);
  });

  it('a closed period with no active booking in it needs no decision', async () => {
    await twoBookings();
    const res = await close({ fromDate: inDays(40), toDate: inDays(41), reason: 'Maling' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a new blocked time over a booked time answers 409 with the booking; opening times or blocking free ones does not', async () => {
    const { kari } = await twoBookings();
    const over = await block(gym, { timeslotsByDate: { [day]: [{ startTime: '19:00:00', duration: 'PT1H', blocked: true }] } });
    expect(over.statusCode, over.body).toBe(409);
    const error = over.json<ApiError>();
    expect(error.code).toBe('AFFECTED_BOOKINGS');
    expect(error.affectedBookings?.map((b) => [b.bookingId, b.times.map((t) => `${t.startTime}–${t.endTime}`)])).toEqual([
      [kari.bookingId, ['18:00–19:30']],
    ]);
    const free = await block(gym, {
      timeslotsByDate: {
        [day]: [{ startTime: '19:30:00', duration: 'PT1H', blocked: true }],
        [later]: [{ startTime: '10:00:00', duration: 'PT1H', blocked: true }],
      },
    });
    expect(free.statusCode, free.body).toBe(200);
    expect(await trailOf(ctx.database.db, kari.bookingId)).toMatchObject({ status: 'APPROVED', changeLogTypes: [], mailKinds: [] });
  });

  it('a blocked time kept over a booking is not asked about again; one cancelled sends the message', async () => {
    const { kari, ole } = await twoBookings();
    const keep = await block(hall, {
      timeslotsByDate: { [day]: [{ startTime: '10:30:00', duration: 'PT1H', blocked: true }] },
      affectedBookings: { decision: 'KEEP' },
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json<BlockedTimesSchedule>().timeslotsByDate[day]).toEqual([
      expect.objectContaining({ startTime: '10:30:00', blocked: true }),
    ]);
    // The same block again, and a free time beside it: nothing new over the booking, no question.
    const again = await block(hall, {
      timeslotsByDate: {
        [day]: [
          { startTime: '10:30:00', duration: 'PT1H', blocked: true },
          { startTime: '12:00:00', duration: 'PT1H', blocked: true },
        ],
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await trailOf(ctx.database.db, ole.bookingId)).toMatchObject({
      reservationStatuses: ['APPROVED', 'APPROVED', 'APPROVED'],
      mailKinds: [],
    });
    const calendar = (
      await call(ctx.app, siri, 'GET', `/api/booking/calendardata?locationId=${school}&from=${day}&to=${day}`)
    ).json<CalendarDataResponse>();
    expect(calendar.blockedTimes).toEqual([
      { bookableAssetId: hall, date: day, startTime: '10:30:00', endTime: '11:30:00' },
      { bookableAssetId: hall, date: day, startTime: '12:00:00', endTime: '13:00:00' },
    ]);
    expect(calendar.closedDates).toEqual([]);
    expect(calendar.bookings.find((b) => b.bookingId === ole.bookingId)?.reservations.map((r) => r.startTime)).toEqual(['10:00:00']);

    const cancel = await block(gym, {
      timeslotsByDate: { [day]: [{ startTime: '17:00:00', duration: 'PT2H', blocked: true }] },
      affectedBookings: { decision: 'CANCEL', message: 'Gymsalen brukes til eksamen.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await trailOf(ctx.database.db, kari.bookingId)).toMatchObject({
      status: 'CANCELLED',
      reservationStatuses: ['CANCELLED'],
      changeLogTypes: ['BookingCancellation'],
      mailKinds: ['BookingCancellation'],
    });
    expect((await logOf(kari.bookingId))[0]!.comment).toBe('Stengt: Gymsalen brukes til eksamen.');
    const [mail] = await mailsTo(kari.bookingId);
    expect(mail!.text).toContain('Lakkegata skole er stengt i tiden du har booket. Denne tiden i bookingen din er derfor avlyst:');
    expect(mail!.text).toContain('Melding fra lokalet: Gymsalen brukes til eksamen.');
    expect(mail!.text).toContain('Bookingen har ingen andre tider og er avlyst.');
  });
});
