import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { queryRows } from '../../db/client';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { bearer, loginAs } from '../../../test/login';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { addBlockedTime, addClosedDate, addFlow, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { FREE_SLOT_ALERTS_JOB, sendFreeSlotAlerts } from './send-free-slot-alerts';
import { oneClickUnsubscribeUrl, unsubscribeToken } from './unsubscribe-token';

/** The first Tuesday at least `days` ahead. */
function tuesdayIn(days: number): string {
  let date = inDays(days);
  while (isoWeekday(date) !== 2) date = addDays(date, 1);
  return date;
}

describe('free-time alerts (decision 022): /api/user/free-slot-alerts, the job and the unsubscribe link', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let amina: CitizenSession;
  let ola: CitizenSession;
  let school: number;
  let gym: number;
  let hall: number;
  let hiddenRoom: number;
  let hiddenLocation: number;
  let otherLocation: number;
  const tuesday = tuesdayIn(14);
  const wednesday = addDays(tuesday, 1);

  beforeAll(async () => {
    ctx = await createTestApp({ FREE_SLOT_ALERTS_PER_PERSON: '3', FREE_SLOT_ALERT_MAILS_PER_HOUR: '2' });
    const db = ctx.database.db;
    const flow = await addFlow(db, 'school');
    school = (await createLocation(db, { name: 'Sagene skole' })).id;
    await setOpeningHours(db, school, '16:00', '22:00');
    gym = (await createAsset(db, school, { name: 'Gymsal', externalAssetNumber: 'G1', bookingFlowId: flow.id })).id;
    hall = (await createAsset(db, school, { name: 'Aula', bookingFlowId: flow.id })).id;
    hiddenRoom = (await createAsset(db, school, { name: 'Lager', status: 'UNPUBLISHED' })).id;
    hiddenLocation = (await createLocation(db, { name: 'Skjult skole', status: 'UNPUBLISHED' })).id;
    otherLocation = (await createLocation(db, { name: 'Annen skole' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
    amina = await citizenSession(ctx.app, testCitizens[2]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate free_slot_alerts, free_slot_events, free_slot_notices, free_slot_alert_mails, bookings, reservations, blocked_times, change_log, mail_outbox restart identity cascade`,
    );
  });

  const tuesdayEvenings = (fields: object = {}) => ({
    locationId: school,
    bookableAssetId: gym,
    fromDate: inDays(1),
    toDate: inDays(60),
    weekdays: [2],
    timeFrom: '17:00:00',
    timeTo: '21:00:00',
    ...fields,
  });
  const subscribe = (who: CitizenSession, payload: object) => who.request({ method: 'POST', url: '/api/user/free-slot-alerts', payload });
  const kariBooks = (date = tuesday, startTime = '18:00:00', status: 'UNPROCESSED' | 'APPROVED' = 'UNPROCESSED') =>
    applicantBooking(ctx.database.db, {
      locationId: school,
      userId: kari.userId,
      status,
      times: [{ bookableAssetId: gym, date, startTime, durationMinutes: 60 }],
    });
  const runJob = () => ctx.app.jobs.runNow(FREE_SLOT_ALERTS_JOB);
  const alertMails = () =>
    queryRows<{ recipient: string; subject: string; body: string }>(
      ctx.database.db,
      sql`select recipient, subject, body from mail_outbox where topic->>'kind' = 'FreeSlotAlert' order by id`,
    );
  const written = async () =>
    (
      await queryRows(
        ctx.database.db,
        sql`select
    (select count(*)::int from free_slot_alerts) as alerts, (select count(*)::int from free_slot_alerts where ended_at is not null) as ended`,
      )
    )[0];
  const olaBooks = (date: string, startTime: string) =>
    ola.request({
      method: 'POST',
      url: '/api/booking',
      payload: {
        availabilityData: {
          probablyAvailable: [
            { bookableAssetId: gym, datesAndTimes: [{ date, startTime, duration: 'PT1H', initialRepetitionDate: null }] },
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

  it('creates, lists and ends an alert; ending again changes nothing', async () => {
    const res = await subscribe(amina, tuesdayEvenings());
    expect(res.statusCode, res.body).toBe(201);
    const alert = res.json<{ id: number }>();
    expect(alert).toMatchObject({
      locationName: 'Sagene skole',
      roomName: 'Gymsal (G1)',
      weekdays: [2],
      timeFrom: '17:00:00',
      timeTo: '21:00:00',
    });
    const list = await amina.request({ method: 'GET', url: '/api/user/free-slot-alerts' });
    expect(list.json()).toEqual({ alerts: [alert], maxActive: 3 });
    expect((await kari.request({ method: 'GET', url: '/api/user/free-slot-alerts' })).json()).toEqual({ alerts: [], maxActive: 3 });

    expect((await amina.request({ method: 'DELETE', url: `/api/user/free-slot-alerts/${alert.id}` })).statusCode).toBe(204);
    expect((await amina.request({ method: 'DELETE', url: `/api/user/free-slot-alerts/${alert.id}` })).statusCode).toBe(204);
    expect((await amina.request({ method: 'GET', url: '/api/user/free-slot-alerts' })).json<{ alerts: unknown[] }>().alerts).toEqual([]);
  });

  it('a whole location: bookableAssetId left out', async () => {
    const res = await subscribe(amina, { locationId: school, fromDate: inDays(1), toDate: inDays(10) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ bookableAssetId: null, roomName: null, weekdays: [], timeFrom: null });
  });

  it('refuses bad input with a Norwegian 4xx and writes nothing', async () => {
    const cases: [object, number, RegExp][] = [
      [tuesdayEvenings({ fromDate: inDays(10), toDate: inDays(5) }), 400, /Til-datoen kan ikke være før fra-datoen/],
      [tuesdayEvenings({ fromDate: inDays(1), toDate: inDays(1 + 183) }), 400, /høyst 183 dager/],
      [tuesdayEvenings({ fromDate: inDays(-20), toDate: inDays(-1) }), 400, /allerede over/],
      [tuesdayEvenings({ timeTo: null }), 400, /både fra- og til-klokkeslett/],
      [tuesdayEvenings({ timeFrom: '21:00:00', timeTo: '17:00:00' }), 400, /etter fra-klokkeslettet/],
      [tuesdayEvenings({ weekdays: [8] }), 400, /Ugyldig ukedag|ugyldig/i],
      [tuesdayEvenings({ fromDate: '2026-02-30' }), 400, /ugyldig|Ugyldig/],
      [tuesdayEvenings({ extra: 1 }), 400, /.+/],
      [tuesdayEvenings({ bookableAssetId: hiddenRoom }), 404, /skjult eller ikke publisert/],
      [tuesdayEvenings({ locationId: hiddenLocation, bookableAssetId: null }), 404, /skjult eller ikke publisert/],
      [tuesdayEvenings({ locationId: otherLocation }), 404, /skjult eller ikke publisert/],
      [tuesdayEvenings({ bookableAssetId: 999_999 }), 404, /skjult eller ikke publisert/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await subscribe(amina, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), status]);
      const body = res.json<{ userMsg?: string; fields?: { message: string }[] }>();
      expect(`${body.userMsg} ${(body.fields ?? []).map((f) => f.message).join(' ')}`).toMatch(message);
    }
    expect(await written()).toEqual({ alerts: 0, ended: 0 });
  });

  it('allows at most FREE_SLOT_ALERTS_PER_PERSON active alerts; ended and expired ones do not count', async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe(amina, tuesdayEvenings({ fromDate: inDays(1 + i) }))).statusCode).toBe(201);
    const over = await subscribe(amina, tuesdayEvenings());
    expect(over.statusCode).toBe(409);
    expect(over.json().userMsg).toBe('Du kan ha høyst 3 aktive varsler. Avslutt et varsel under Mine bookinger før du lager et nytt.');
    expect(await written()).toEqual({ alerts: 3, ended: 0 });
    expect((await subscribe(kari, tuesdayEvenings())).statusCode).toBe(201);
    // An expired alert (its range passed) neither counts nor shows.
    await ctx.database.db.execute(sql`update free_slot_alerts set from_date = current_date - 30, to_date = current_date - 2 where id = 1`);
    expect((await amina.request({ method: 'GET', url: '/api/user/free-slot-alerts' })).json<{ alerts: unknown[] }>().alerts).toHaveLength(
      2,
    );
    expect((await subscribe(amina, tuesdayEvenings())).statusCode).toBe(201);
  });

  it("anonymous calls are 401 before the body is read; unknown and other people's alerts are 404", async () => {
    for (const [method, url] of [
      ['GET', '/api/user/free-slot-alerts'],
      ['POST', '/api/user/free-slot-alerts'],
      ['DELETE', '/api/user/free-slot-alerts/1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{broken' });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
    // An administrator's token is not a citizen's (decision 016): 401 on the citizen routes too.
    const admin = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/user/free-slot-alerts', headers: bearer(admin), payload: tuesdayEvenings() }))
        .statusCode,
    ).toBe(401);
    const alert = (await subscribe(amina, tuesdayEvenings())).json<{ id: number }>();
    for (const url of [`/api/user/free-slot-alerts/${alert.id}`, '/api/user/free-slot-alerts/424242']) {
      const res = await kari.request({ method: 'DELETE', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().userMsg).toBe('Fant ikke varselet. Det kan allerede være avsluttet.');
    }
    expect((await kari.request({ method: 'DELETE', url: '/api/user/free-slot-alerts/abc' })).statusCode).toBe(400);
    expect(await written()).toEqual({ alerts: 1, ended: 0 });
  });

  it('Kari cancels her Tuesday booking: Amina gets one e-mail that links to the freed time, once', async () => {
    const booking = await kariBooks();
    const alert = (await subscribe(amina, tuesdayEvenings())).json<{ id: number }>();
    await runJob();
    expect(await alertMails()).toEqual([]);

    expect((await kari.request({ method: 'PATCH', url: `/api/booking/${booking.id}`, payload: { status: 'cancelled' } })).statusCode).toBe(
      200,
    );
    await runJob();
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe('amina.hassan@example.no');
    expect(mails[0]!.subject).toBe('Ledig tid: Gymsal (G1), Sagene skole');
    // The freed time itself (the cancelled hour), not the rest of her window that was free already.
    expect(mails[0]!.body).toContain(`Gymsal (G1), Sagene skole: tirsdag ${tuesday.split('-').reverse().join('.')} 18:00–19:00`);
    expect(mails[0]!.body).toContain(`http://localhost:3000/ressurs?ressurs=${gym}&dato=${tuesday}&tid=18:00`);
    expect(mails[0]!.body).toContain(
      `http://localhost:3000/varsler/avslutt?varsel=${alert.id}&token=${unsubscribeToken(ctx.app.config.cookieSecret, alert.id)}`,
    );

    await runJob();
    await ctx.database.db.execute(sql`update reservations set status = 'APPROVED' where booking_id = ${booking.id}`);
    await ctx.database.db.execute(sql`update reservations set status = 'CANCELLED' where booking_id = ${booking.id}`);
    await runJob();
    expect(await alertMails()).toHaveLength(1);
  });

  it("the piece reported is what is free now inside the alert's window", async () => {
    // 17:00–19:00 cancelled, 17:00–18:00 taken by someone else: only 18:00–19:00 is mailed.
    const long = await applicantBooking(ctx.database.db, {
      locationId: school,
      userId: kari.userId,
      times: [{ bookableAssetId: gym, date: tuesday, startTime: '17:00:00', durationMinutes: 120 }],
    });
    await subscribe(amina, tuesdayEvenings());
    await ctx.database.db.execute(sql`update reservations set status = 'CANCELLED' where booking_id = ${long.id}`);
    await applicantBooking(ctx.database.db, {
      locationId: school,
      userId: ola.userId,
      times: [{ bookableAssetId: gym, date: tuesday, startTime: '17:00:00', durationMinutes: 60 }],
    });
    await runJob();
    const [mail] = await alertMails();
    expect(mail!.body).toMatch(/tirsdag \d{2}\.\d{2}\.\d{4} 18:00–19:00\n/);
  });

  it('no e-mail when the time is taken again before the job runs', async () => {
    const booking = await kariBooks();
    await subscribe(amina, tuesdayEvenings());
    expect((await kari.request({ method: 'PATCH', url: `/api/booking/${booking.id}`, payload: { status: 'cancelled' } })).statusCode).toBe(
      200,
    );
    expect((await olaBooks(tuesday, '18:00:00')).statusCode).toBe(201);
    await runJob();
    expect(await alertMails()).toEqual([]);
    expect(await queryRows(ctx.database.db, sql`select status from free_slot_notices`)).toEqual([{ status: 'TAKEN' }]);
  });

  it('matches only its weekdays, time of day, room and range', async () => {
    const wednesdayBooking = await kariBooks(wednesday);
    const morning = await applicantBooking(ctx.database.db, {
      locationId: school,
      userId: kari.userId,
      times: [{ bookableAssetId: gym, date: tuesday, startTime: '16:00:00', durationMinutes: 60 }],
    });
    const hallBooking = await applicantBooking(ctx.database.db, {
      locationId: school,
      userId: kari.userId,
      times: [{ bookableAssetId: hall, date: tuesday, startTime: '18:00:00', durationMinutes: 60 }],
    });
    const late = await kariBooks(tuesdayIn(70));
    await subscribe(amina, tuesdayEvenings());
    for (const b of [wednesdayBooking, morning, hallBooking, late])
      await ctx.database.db.execute(sql`update reservations set status = 'CANCELLED' where booking_id = ${b.id}`);
    await runJob();
    expect(await alertMails()).toEqual([]);
  });

  it('rejections, removed blocked times, removed closed dates and new opening hours free time too; several in one e-mail', async () => {
    const rejected = await kariBooks(tuesday, '18:00:00');
    await addBlockedTime(ctx.database.db, gym, tuesdayIn(21), '19:00:00', 60);
    await addClosedDate(ctx.database.db, school, tuesdayIn(35));
    const nextTuesday = tuesdayIn(28);
    await subscribe(amina, tuesdayEvenings());
    await subscribe(kari, { locationId: school, fromDate: nextTuesday, toDate: nextTuesday, timeFrom: '22:00:00', timeTo: '23:00:00' });
    await ctx.database.db.execute(sql`update reservations set status = 'REJECTED' where booking_id = ${rejected.id}`);
    await ctx.database.db.execute(sql`delete from blocked_times`);
    await ctx.database.db.execute(sql`delete from closed_dates where location_id = ${school}`);
    await runJob();
    const [mail] = await alertMails();
    expect(mail!.subject).toBe('3 ledige tider du har bedt om varsel for');
    expect(mail!.body).toContain(`${tuesdayIn(35).split('-').reverse().join('.')} 17:00–21:00`);
    expect(mail!.body).toContain(`${tuesday.split('-').reverse().join('.')} 18:00–19:00`);
    expect(mail!.body).toContain(`${tuesdayIn(21).split('-').reverse().join('.')} 19:00–20:00`);

    // Tuesdays open until 23:00 from now on: Kari's location-wide alert hears of both rooms.
    await setOpeningHours(ctx.database.db, school, '22:00', '23:00', { weekdays: [2] });
    await runJob();
    const kariMail = (await alertMails()).find((m) => m.recipient === 'kari.nordmann@example.no');
    expect(kariMail!.body).toContain('Gymsal (G1), Sagene skole: tirsdag');
    expect(kariMail!.body).toContain('Aula, Sagene skole: tirsdag');
    expect(kariMail!.body).toContain('22:00–23:00');
  });

  it('sends at most FREE_SLOT_ALERT_MAILS_PER_HOUR e-mails an hour to one person; the rest wait', async () => {
    await subscribe(amina, tuesdayEvenings());
    const freeOne = async (days: number) => {
      const b = await kariBooks(tuesdayIn(days));
      await ctx.database.db.execute(sql`update reservations set status = 'CANCELLED' where booking_id = ${b.id}`);
    };
    const options = { publicUrl: 'http://localhost:3000', secret: ctx.app.config.cookieSecret, mailsPerHour: 2 };
    const now = new Date();
    for (const days of [7, 14, 21]) {
      await freeOne(days);
      await sendFreeSlotAlerts(ctx.database.db, { ...options, now });
    }
    expect(await alertMails()).toHaveLength(2);
    await sendFreeSlotAlerts(ctx.database.db, { ...options, now: new Date(now.getTime() + 61 * 60_000) });
    const mails = await alertMails();
    expect(mails).toHaveLength(3);
    expect(mails[2]!.body).toContain(tuesdayIn(21).split('-').reverse().join('.'));
  });

  it('an administrator opening the middle of a blocked time through the API: only the opened half hour is mailed', async () => {
    const db = ctx.database.db;
    await addLocationAdmin(db, school, testAdmins[0]!.email);
    const siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    await addBlockedTime(db, gym, tuesday, '17:00:00', 180);
    await subscribe(amina, tuesdayEvenings());
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/bookableasset/${gym}/blockedtimes`,
      headers: bearer(siri),
      payload: { timeslotsByDate: { [tuesday]: [{ startTime: '18:00:00', blocked: false, duration: 'PT30M' }] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runJob();
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toMatch(/tirsdag \d{2}\.\d{2}\.\d{4} 18:00–18:30\n/);
  });

  it('a wedding hold let go (auto-rejected) frees the ceremony time for a whole-venue alert', async () => {
    const db = ctx.database.db;
    const venue = (await createLocation(db, { name: 'Oslo rådhus', publicLocationType: 'WEDDINGS', filterCategory: 'WEDDINGS' })).id;
    await setOpeningHours(db, venue, '10:00', '14:00');
    const ceremony = (await createAsset(db, venue, { name: 'Seremonirommet' })).id;
    const friday = (() => {
      let d = inDays(30);
      while (isoWeekday(d) !== 5) d = addDays(d, 1);
      return d;
    })();
    const held = await applicantBooking(db, {
      locationId: venue,
      userId: kari.userId,
      sourceForm: 'wedding',
      times: [{ bookableAssetId: ceremony, date: friday, startTime: '11:00:00', durationMinutes: 30 }],
    });
    expect((await subscribe(amina, { locationId: venue, fromDate: inDays(1), toDate: inDays(60), weekdays: [5] })).statusCode).toBe(201);
    expect((await kari.request({ method: 'PUT', url: `/api/user/booking/${held.id}/autoreject` })).statusCode).toBe(200);
    await runJob();
    const [mail] = await alertMails();
    expect(mail!.body).toContain(`Seremonirommet, Oslo rådhus: fredag ${friday.split('-').reverse().join('.')} 11:00–11:30`);
  });

  it('no e-mail after the alert is ended, or for a room that was hidden meanwhile', async () => {
    const a = await kariBooks(tuesday);
    const alert = (await subscribe(amina, tuesdayEvenings())).json<{ id: number }>();
    await ctx.database.db.execute(sql`update reservations set status = 'CANCELLED' where booking_id = ${a.id}`);
    await amina.request({ method: 'DELETE', url: `/api/user/free-slot-alerts/${alert.id}` });
    await runJob();
    const b = await kariBooks(tuesdayIn(21));
    await subscribe(amina, tuesdayEvenings());
    await ctx.database.db.execute(sql`update reservations set status = 'CANCELLED' where booking_id = ${b.id}`);
    await ctx.database.db.execute(sql`update bookable_assets set status = 'UNPUBLISHED' where id = ${gym}`);
    try {
      await runJob();
    } finally {
      await ctx.database.db.execute(sql`update bookable_assets set status = 'PUBLISHED' where id = ${gym}`);
    }
    expect(await alertMails()).toEqual([]);
  });

  it('the unsubscribe link ends the alert without a login, idempotently; a wrong or forged token is 404', async () => {
    const mine = (await subscribe(amina, tuesdayEvenings())).json<{ id: number }>();
    const theirs = (await subscribe(kari, tuesdayEvenings())).json<{ id: number }>();
    const secret = ctx.app.config.cookieSecret;
    const bad = [
      `varsel=${mine.id}&token=${unsubscribeToken(secret, theirs.id)}`,
      `varsel=${mine.id}&token=${unsubscribeToken('another-secret-of-at-least-32-characters', mine.id)}`,
      `varsel=${mine.id}&token=x`,
      `varsel=999999&token=${unsubscribeToken(secret, 999999)}`,
    ];
    for (const query of bad) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/free-slot-alerts/unsubscribe?${query}` });
      expect([query, res.statusCode]).toEqual([query, 404]);
      expect(res.json().userMsg).toMatch(/Lenken for å avslutte varselet er ugyldig/);
    }
    for (const query of ['varsel=abc&token=x', `varsel=${mine.id}`, '']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/free-slot-alerts/unsubscribe?${query}` })).statusCode).toBe(400);
    }
    expect(await written()).toEqual({ alerts: 2, ended: 0 });
    const url = `/api/free-slot-alerts/unsubscribe?varsel=${mine.id}&token=${unsubscribeToken(secret, mine.id)}`;
    for (const method of ['GET', 'GET', 'POST'] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ended: true, userMsg: 'Varselet er avsluttet. Du får ikke flere e-poster om ledige tider fra det.' });
    }
    expect(await written()).toEqual({ alerts: 2, ended: 1 });
    expect((await kari.request({ method: 'GET', url: '/api/user/free-slot-alerts' })).json<{ alerts: unknown[] }>().alerts).toHaveLength(1);
  });

  it("the e-mail's List-Unsubscribe address (RFC 8058 one click) ends every alert it is about; another's set or a changed set is 404", async () => {
    const first = (await subscribe(amina, tuesdayEvenings())).json<{ id: number }>();
    const second = (await subscribe(amina, tuesdayEvenings())).json<{ id: number }>();
    const other = (await subscribe(kari, tuesdayEvenings())).json<{ id: number }>();
    const secret = ctx.app.config.cookieSecret;
    const address = (ids: number[]) => new URL(oneClickUnsubscribeUrl('http://localhost:3000', secret, ids));
    const path = (url: URL) => `${url.pathname}${url.search}`;
    // Kari's alert slipped into Amina's set, or one alert dropped from the signed pair: refused, nothing ended.
    const forged = address([first.id, second.id]);
    forged.searchParams.set('og', String(other.id));
    const shortened = address([first.id, second.id]);
    shortened.searchParams.delete('og');
    for (const url of [forged, shortened]) expect((await ctx.app.inject({ method: 'POST', url: path(url) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/free-slot-alerts/unsubscribe?varsel=1&og=1,x&token=y' })).statusCode).toBe(
      400,
    );
    expect(await written()).toEqual({ alerts: 3, ended: 0 });

    const res = await ctx.app.inject({
      method: 'POST',
      url: path(address([first.id, second.id])),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await written()).toEqual({ alerts: 3, ended: 2 });
  });
});
