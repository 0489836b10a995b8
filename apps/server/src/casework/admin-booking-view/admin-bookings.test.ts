import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingListResponse, CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import type { ApiError } from '@lokaler/domain/api-error';
import { personalDataQuestion } from '@lokaler/domain/personal-data-in-text';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { decisionMessages, requirements } from '../../db/schema/bookings';
import { testAdmins } from '../../seed/test-users';
import { bookingWithTimes, call, trailOf } from '../../../test/admin-test-support';

describe("the administrator's lists and booking view", () => {
  let ctx: TestContext;
  let siri: string;
  let locationId: number;
  let gym: number;
  let hall: number;
  const ids = { early: 0, approved: 0, rejected: 0, internal: 0, late: 0 };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Rosenhoff skole' })).id;
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    gym = (await createAsset(db, locationId, { name: 'Gymsal', externalAssetNumber: 'G1' })).id;
    hall = (await createAsset(db, locationId, { name: 'Aula' })).id;
    const other = await createLocation(db);
    const otherRoom = (await createAsset(db, other.id)).id;
    const anna = (await createUser(db)).id;
    const bo = (await createUser(db)).id;
    const at = (date: string, room = gym, status: 'UNPROCESSED' | 'APPROVED' | 'REJECTED' = 'UNPROCESSED', startTime = '18:00') => ({
      bookableAssetId: room,
      date,
      startTime,
      durationMinutes: 60,
      status,
    });
    // Created in this order, a second apart in created_at by id order.
    ids.early = (
      await bookingWithTimes(db, locationId, anna, [at(inDays(30)), at(inDays(37))], {
        caseNumber: 'LOK-2030-00001',
        formAnswers: { activity: 'Innebandy 100%' },
      })
    ).bookingId;
    ids.approved = (
      await bookingWithTimes(db, locationId, bo, [at(inDays(10), hall, 'APPROVED')], {
        caseNumber: 'LOK-2030-00002',
        status: 'APPROVED',
        organizationName: 'Sagene Sjakklubb',
        organizationNumber: '998877665',
        formAnswers: { activity: 'Sjakk' },
      })
    ).bookingId;
    ids.rejected = (
      await bookingWithTimes(db, locationId, anna, [at(inDays(12), gym, 'REJECTED')], { caseNumber: 'LOK-2030-00003', status: 'REJECTED' })
    ).bookingId;
    ids.internal = (
      await bookingWithTimes(db, locationId, anna, [at(inDays(11), hall, 'APPROVED', '12:00')], {
        caseNumber: 'LOK-2030-00004',
        status: 'APPROVED',
        purpose: 'ADMINUSER_INTERNAL_ACTIVITY',
        internalEventTitle: 'Foreldremøte',
      })
    ).bookingId;
    ids.late = (await bookingWithTimes(db, locationId, bo, [at(inDays(5))], { caseNumber: 'LOK-2030-00005' })).bookingId;
    await bookingWithTimes(db, other.id, anna, [at(inDays(5), otherRoom)], { caseNumber: 'LOK-2030-00099' });
    await db.insert(requirements).values({ bookingId: ids.approved, type: 'CONTRACT' });
    await db.insert(decisionMessages).values({ bookingId: ids.approved, message: 'Velkommen!' });
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());

  // Newest first unless told: these cases were written before decision 065 made the deadline the default order.
  const list = async (query: string) => {
    const sorted = query.includes('sort=') ? query : `&sort=-created${query}`;
    const res = await call(ctx.app, siri, 'GET', `/api/booking?locationId=${locationId}${sorted}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminBookingListResponse>();
  };
  const cases = (r: AdminBookingListResponse) => r.items.map((i) => i.caseNumber.slice(-5));

  it("pages the location's bookings newest first, with the total and the counts per status", async () => {
    const first = await list('&pageSize=2');
    expect(cases(first)).toEqual(['00005', '00004']);
    expect(first).toMatchObject({
      total: 5,
      page: 0,
      pageSize: 2,
      countsByStatus: { UNPROCESSED: 2, APPROVED: 2, REJECTED: 1, CANCELLED: 0, AUTOREJECTED: 0 },
    });
    expect(cases(await list('&pageSize=2&page=2'))).toEqual(['00001']);
    expect((await list('&pageSize=2&page=3')).items).toEqual([]);
  });

  it('filters by status (counts stay per status), dates, room, purpose and text', async () => {
    const unprocessed = await list('&status=UNPROCESSED');
    expect(cases(unprocessed)).toEqual(['00005', '00001']);
    expect(unprocessed.total).toBe(2);
    expect(unprocessed.countsByStatus.APPROVED).toBe(2);
    expect(cases(await list('&status=APPROVED&status=REJECTED'))).toEqual(['00004', '00003', '00002']);
    expect(cases(await list(`&fromDate=${inDays(11)}&toDate=${inDays(12)}`))).toEqual(['00004', '00003']);
    expect(cases(await list(`&fromDate=${inDays(36)}`))).toEqual(['00001']);
    expect(cases(await list(`&bookableAssetId=${hall}`))).toEqual(['00004', '00002']);
    expect(cases(await list('&purpose=ADMINUSER_INTERNAL_ACTIVITY'))).toEqual(['00004']);
    expect(cases(await list('&text=sjakk'))).toEqual(['00002']);
    expect(cases(await list('&text=998877665'))).toEqual(['00002']);
    expect(cases(await list('&text=2030-00003'))).toEqual(['00003']);
    expect(cases(await list('&text=foreldre'))).toEqual(['00004']);
    // LIKE wildcards in the text are plain characters.
    expect(cases(await list('&text=100%25'))).toEqual(['00001']);
    expect(cases(await list('&text=_'))).toEqual([]);
  });

  it('sorts on the server', async () => {
    expect(cases(await list('&sort=firstDate'))).toEqual(['00005', '00002', '00004', '00003', '00001']);
    expect(cases(await list('&sort=-firstDate'))).toEqual(['00001', '00003', '00004', '00002', '00005']);
    expect(cases(await list('&sort=caseNumber'))).toEqual(['00001', '00002', '00003', '00004', '00005']);
    expect(cases(await list('&sort=created'))).toEqual(['00001', '00002', '00003', '00004', '00005']);
  });

  it('describes each item: applicant, organisation, dates, rooms, pending requirements', async () => {
    const items = (await list('&sort=caseNumber')).items;
    expect(items[0]).toMatchObject({
      bookingId: ids.early,
      status: 'UNPROCESSED',
      activity: 'Innebandy 100%',
      firstDate: inDays(30),
      lastDate: inDays(37),
      reservationCount: 2,
      rooms: [{ bookableAssetId: gym, name: 'Gymsal (G1)' }],
    });
    expect(items[1]).toMatchObject({
      displayOrgName: 'Sagene Sjakklubb',
      hasPendingRequirements: true,
      rooms: [{ bookableAssetId: hall, name: 'Aula' }],
    });
    expect(items[2]).toMatchObject({ status: 'REJECTED', firstDate: inDays(12), reservationCount: 0 });
    expect(items[3]).toMatchObject({
      applicantName: expect.any(String),
      internalEventTitle: 'Foreldremøte',
      bookingPurpose: 'ADMINUSER_INTERNAL_ACTIVITY',
    });
  });

  it('runs the same number of statements whatever the page size', async () => {
    const db = ctx.database.db;
    const execute = db.execute.bind(db);
    let statements = 0;
    (db as { execute: typeof db.execute }).execute = ((query: Parameters<typeof db.execute>[0]) => {
      statements++;
      return execute(query);
    }) as typeof db.execute;
    try {
      await list('&pageSize=1');
      const small = statements;
      statements = 0;
      await list('&pageSize=100');
      expect(statements).toBe(small);
      // Counts per status, the page, and the page's rooms.
      expect(small).toBe(3);
    } finally {
      (db as { execute: typeof db.execute }).execute = execute;
    }
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['&pageSize=101', `&fromDate=${inDays(5)}&toDate=${inDays(4)}`, '&status=DONE', '&sort=price']) {
      expect((await call(ctx.app, siri, 'GET', `/api/booking?locationId=${locationId}${query}`)).statusCode, query).toBe(400);
    }
    expect((await call(ctx.app, siri, 'GET', '/api/booking')).statusCode).toBe(400);
  });

  it('gives the calendar the active times of a week, by booking', async () => {
    const res = await call(ctx.app, siri, 'GET', `/api/booking/calendardata?locationId=${locationId}&from=${inDays(9)}&to=${inDays(15)}`);
    expect(res.statusCode).toBe(200);
    const { bookings } = res.json<CalendarDataResponse>();
    expect(bookings.map((b) => [b.bookingId, b.title, b.reservations.map((r) => [r.date, r.startTime, r.endTime, r.duration])])).toEqual([
      [ids.approved, 'Sagene Sjakklubb', [[inDays(10), '18:00:00', '19:00:00', 'PT1H']]],
      [ids.internal, 'Foreldremøte', [[inDays(11), '12:00:00', '13:00:00', 'PT1H']]],
    ]);
    const tooLong = await call(
      ctx.app,
      siri,
      'GET',
      `/api/booking/calendardata?locationId=${locationId}&from=${inDays(0)}&to=${inDays(100)}`,
    );
    expect(tooLong.statusCode).toBe(400);
  });

  it('shows one booking with everything the case needs', async () => {
    const res = await call(ctx.app, siri, 'GET', `/api/booking/${ids.approved}`);
    expect(res.statusCode).toBe(200);
    const view = res.json<AdminBookingView>();
    expect(view).toMatchObject({
      bookingId: ids.approved,
      caseNumber: 'LOK-2030-00002',
      status: 'APPROVED',
      locationName: 'Rosenhoff skole',
      displayOrgName: 'Sagene Sjakklubb',
      organizationNumber: '998877665',
      userName: expect.stringMatching(/^Test Testesen/),
      formAnswers: { activity: 'Sjakk' },
      requirements: [{ type: 'CONTRACT', isFulfilled: false, userName: null, fulfillmentTimeUtc: null }],
      hasPendingRequirements: true,
      decisionMessages: [{ message: 'Velkommen!' }],
      approval: null,
      vedtakExists: false,
      contractExists: false,
    });
    expect(view.reservations).toEqual([
      expect.objectContaining({
        bookableAssetId: hall,
        bookableAssetName: 'Aula',
        bookableAssetNumber: null,
        date: inDays(10),
        startTime: '18:00:00',
        endTime: '19:00:00',
        duration: 'PT1H',
        status: 'APPROVED',
      }),
    ]);
    expect((await call(ctx.app, siri, 'GET', '/api/booking/999999')).statusCode).toBe(404);
  });

  it('keeps an internal comment (plain text) without telling the applicant', async () => {
    const before = await trailOf(ctx.database.db, ids.late);
    expect((await call(ctx.app, siri, 'GET', `/api/booking/${ids.late}/comment`)).json()).toEqual({ comment: '' });
    const put = await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, '  Nøkkel må hentes hos vaktmester.  ');
    expect(put.statusCode).toBe(200);
    expect((await call(ctx.app, siri, 'GET', `/api/booking/${ids.late}/comment`)).json()).toEqual({
      comment: 'Nøkkel må hentes hos vaktmester.',
    });
    expect((await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, { comment: 'Som JSON' })).json()).toEqual({
      comment: 'Som JSON',
    });
    expect((await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, 'x'.repeat(5001))).statusCode).toBe(400);
    expect(await trailOf(ctx.database.db, ids.late)).toEqual(before);
  });

  it('asks before keeping a note with a valid fødselsnummer or a phone number (409, nothing written), keeps it when confirmed', async () => {
    await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, 'Før');
    const pid = await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, 'Søkerens fnr er 150575 23414');
    expect(pid.statusCode).toBe(409);
    expect(pid.json<ApiError>()).toMatchObject({
      userMsg: personalDataQuestion(['FODSELSNUMMER']),
      fields: [{ path: 'body.confirmPersonalData', message: personalDataQuestion(['FODSELSNUMMER']) }],
    });
    const phone = await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, { comment: 'Ring +47 412 34 567' });
    expect(phone.statusCode).toBe(409);
    expect(phone.json<ApiError>().userMsg).toBe(personalDataQuestion(['PHONE']));
    expect((await call(ctx.app, siri, 'GET', `/api/booking/${ids.late}/comment`)).json()).toEqual({ comment: 'Før' });
    // Eleven digits without valid check digits are no fødselsnummer: saved without a question.
    expect((await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, 'Faktura 15057523415')).statusCode).toBe(200);
    const confirmed = await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, {
      comment: 'Ring +47 412 34 567',
      confirmPersonalData: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await call(ctx.app, siri, 'GET', `/api/booking/${ids.late}/comment`)).json()).toEqual({ comment: 'Ring +47 412 34 567' });
    await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/comment`, '');
  });

  it('lists the e-mails sent about a booking, and whether they have gone out', async () => {
    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${ids.late}/reject`, { rejectionChoiceKey: 'OPPTATT' });
    expect(res.statusCode).toBe(200);
    const pending = (await call(ctx.app, siri, 'GET', `/api/booking-log/${ids.late}/email-reminders`)).json();
    expect(pending).toEqual([expect.objectContaining({ kind: 'BookingRejection', status: 'PENDING', sentTimeUtc: null })]);
    await ctx.app.flushMail();
    const sent = (await call(ctx.app, siri, 'GET', `/api/booking-log/${ids.late}/email-reminders`)).json();
    expect(sent).toEqual([expect.objectContaining({ kind: 'BookingRejection', status: 'SENT', sentTimeUtc: expect.any(String) })]);
  });
});
