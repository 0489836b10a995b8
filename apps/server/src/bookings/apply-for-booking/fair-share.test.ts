import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fairShareSettingNames, semesterOf, type BookingLimitsResponse } from '@lokaler/domain/fair-share';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { queryRows } from '../../db/client';
import { applicationRounds } from '../../db/schema/application-rounds';
import { settings } from '../../db/schema/settings';
import { localOrganizations } from '../../integrations/org-registry/local-org-registry';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { createRound } from '../../../test/factories/application-rounds';
import { addFlow, addLocationAdmin, inDays, osloToday, setOpeningHours } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';

/**
 * Fair share (decision 041), through the API on the engine of the project (PGlite in
 * `server`, PostgreSQL in `server-pg`), with the production rates (20 applications per 10 minutes,
 * 5 receipts an hour to typed addresses).
 */
describe('fair share: what one applicant may hold pending at a location', () => {
  let ctx: TestContext;
  let schoolId: number;
  let otherSchoolId: number;
  let rooms: number[];
  let seventhRoom: number;
  let otherRoom: number;
  let kari: CitizenSession;
  let ola: CitizenSession;
  let per: CitizenSession;
  let siri: string;
  const club = localOrganizations.sageneSjakklubb;

  /** The first Monday of the next semester: a series of 14 weeks from it stays in that semester. */
  const nextSemester = semesterOf(addDays(semesterOf(osloToday()).lastDate, 1));
  const firstMonday = (() => {
    let d = nextSemester.firstDate;
    while (isoWeekday(d) !== 1) d = addDays(d, 1);
    return d;
  })();

  beforeAll(async () => {
    ctx = await createTestApp({ BOOKINGS_PER_PERSON_PER_10_MINUTES: '20', TYPED_RECEIPTS_PER_PERSON_PER_HOUR: '5' });
    const db = ctx.database.db;
    const flow = await addFlow(db, 'default');
    const school = await createLocation(db, { name: 'Sagene skole' });
    schoolId = school.id;
    await setOpeningHours(db, schoolId, '16:00', '22:00');
    rooms = [];
    for (const name of ['Gymsal', 'Aula', 'Musikkrom', 'Kunst og håndverk', 'Naturfag', 'Bibliotek'])
      rooms.push((await createAsset(db, schoolId, { name, bookingFlowId: flow.id })).id);
    seventhRoom = (await createAsset(db, schoolId, { name: 'Skolekjøkken', bookingFlowId: flow.id })).id;
    const other = await createLocation(db, { name: 'Bjølsen skole' });
    otherSchoolId = other.id;
    await setOpeningHours(db, otherSchoolId, '16:00', '22:00');
    otherRoom = (await createAsset(db, otherSchoolId, { name: 'Gymsal', bookingFlowId: flow.id })).id;
    [kari, ola, per] = await Promise.all([
      citizenSession(ctx.app, testCitizens[0]!),
      citizenSession(ctx.app, testCitizens[1]!),
      citizenSession(ctx.app, testCitizens[3]!),
    ]);
    await addLocationAdmin(db, schoolId, testAdmins[0]!.email);
    siri = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    const db = ctx.database.db;
    await db.execute(
      sql`truncate bookings, reservations, change_log, mail_outbox, rate_limit_counters, application_rounds restart identity cascade`,
    );
    await db.execute(
      sql`update locations set max_pending_hours = null, max_pending_applications = null, max_rooms_per_application = null, max_dates_per_series = null`,
    );
    await db.delete(settings);
    for (const who of [kari, per]) who.cookies.clear();
  });

  const answers = (contactEmail = 'kari.nordmann@example.no') => ({
    activity: 'Innebandy',
    purpose: 'Trening',
    participants: 12,
    contactEmail,
    contactPhone: '41234567',
    message: '',
  });
  /** A weekly series of `weeks` dates from `first`, 18:00–20:00, in each of the rooms. */
  const series = (roomIds: readonly number[], first: string, weeks = 14, startTime = '18:00:00', duration = 'PT2H') =>
    roomIds.map((bookableAssetId) => ({
      bookableAssetId,
      datesAndTimes: Array.from({ length: weeks }, (_, w) => ({
        date: addDays(first, w * 7),
        startTime,
        duration,
        initialRepetitionDate: first,
      })),
    }));
  const single = (roomId: number, date: string, startTime = '18:00:00', duration = 'PT2H') => [
    { bookableAssetId: roomId, datesAndTimes: [{ date, startTime, duration, initialRepetitionDate: null }] },
  ];
  const apply = (
    who: CitizenSession,
    probablyAvailable: unknown,
    { isRepeating = true, contactEmail }: { isRepeating?: boolean; contactEmail?: string } = {},
  ) =>
    who.request({
      method: 'POST',
      url: '/api/booking',
      payload: {
        availabilityData: { probablyAvailable },
        isRepeating,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: answers(contactEmail),
      },
    });
  const held = async (userId?: number) =>
    (
      await queryRows<{ reservations: number; minutes: number; bookings: number }>(
        ctx.database.db,
        sql`
    select count(*)::int as reservations, coalesce(sum(r.duration_minutes), 0)::int as minutes, count(distinct r.booking_id)::int as bookings
      from reservations r join bookings b on b.id = r.booking_id
     where r.status = 'UNPROCESSED' and (${userId ?? null}::int is null or b.user_id = ${userId ?? null}::int)`,
      )
    )[0]!;
  const setRules = (locationId: number, rules: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/location/${locationId}/bookingrules`, headers: bearer(siri), payload: { rules } });
  const actFor = (who: CitizenSession) =>
    who.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: club.orgnr, orgName: club.orgNavn } });

  describe('the attack decision 041 answers: 7 requests, each a weekly series in all six rooms of one school', () => {
    const attack = () => Array.from({ length: 7 }, (_, weekday) => series(rooms, addDays(firstMonday, weekday)));

    it('with the city-wide defaults, no request of the attack holds anything and the evening stays bookable for the next citizen', async () => {
      const answers = [];
      for (const request of attack()) answers.push(await apply(kari, request));
      expect(answers.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422, 422, 422]);
      // 6 rooms × 14 evenings × 2 hours = 168 hours, against 40 pending hours per semester.
      expect(answers[0]!.json()).toMatchObject({
        code: 'BOOKING_LIMIT_REACHED',
        userMsg: `Du kan ha høyst 40 timer til behandling ved dette stedet ${nextSemester.label}. Du har 0 timer til behandling, og denne søknaden gjelder 168 timer.`,
      });
      expect(await held()).toEqual({ reservations: 0, minutes: 0, bookings: 0 });
      const tuesday = addDays(firstMonday, 1);
      const res = await apply(ola, series([rooms[0]!], tuesday, 10));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('with a location that allows 400 pending hours, the attack ends at the limit; another citizen books an evening the attacker wanted, and one the attacker gave up', async () => {
      expect((await setRules(schoolId, { MAX_PENDING_HOURS: 400, MAX_PENDING_APPLICATIONS: 10 })).statusCode).toBe(200);
      const started = Date.now();
      const answers = [];
      for (const request of attack()) answers.push(await apply(kari, request));
      const seconds = (Date.now() - started) / 1000;
      // Two series of 168 hours fit under 400; a third would make 504.
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 422, 422, 422, 422, 422]);
      expect(answers[2]!.json<{ userMsg: string }>().userMsg).toBe(
        `Du kan ha høyst 400 timer til behandling ved dette stedet ${nextSemester.label}. Du har 336 timer til behandling, og denne søknaden gjelder 168 timer.`,
      );
      expect(await held(kari.userId)).toEqual({ reservations: 2 * 6 * 14, minutes: 336 * 60, bookings: 2 });
      expect(seconds).toBeLessThan(60);

      // Wednesday was the third request's evening: the attacker never got it.
      const wednesday = addDays(firstMonday, 2);
      const olaWednesday = await apply(ola, series([rooms[0]!, rooms[1]!], wednesday, 14));
      expect(olaWednesday.statusCode, olaWednesday.body).toBe(201);

      // Monday was held: taken (409) until the attacker cancels, then Ola books it.
      expect((await apply(ola, single(rooms[0]!, firstMonday), { isRepeating: false })).statusCode).toBe(409);
      const monday = answers[0]!.json<{ bookingId: number }>().bookingId;
      const cancel = await kari.request({ method: 'PATCH', url: `/api/booking/${monday}`, payload: { status: 'cancelled' } });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const olaMonday = await apply(ola, single(rooms[0]!, firstMonday), { isRepeating: false });
      expect(olaMonday.statusCode, olaMonday.body).toBe(201);
      // The attacker's freed hours count no more: a new series fits again.
      expect((await apply(kari, series(rooms, addDays(firstMonday, 3)))).statusCode).toBe(201);
    });
  });

  it('refuses more rooms than an application may have, and more dates per room than a series may have, naming the limit; nothing is written', async () => {
    const sevenRooms = await apply(kari, series([...rooms, seventhRoom], firstMonday, 2, '18:00:00', 'PT1H'));
    expect(sevenRooms.statusCode).toBe(422);
    expect(sevenRooms.json()).toMatchObject({
      code: 'BOOKING_LIMIT_REACHED',
      userMsg: 'En søknad kan gjelde høyst 6 rom. Du har valgt 7 rom.',
    });
    const tooLong = await apply(kari, series([rooms[0]!], inDays(7), 61, '18:00:00', 'PT1H'));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({
      code: 'BOOKING_LIMIT_REACHED',
      userMsg: 'En fast booking kan ha høyst 60 datoer per rom. Gymsal har 61 datoer.',
    });
    expect(await held()).toEqual({ reservations: 0, minutes: 0, bookings: 0 });
    // The location may allow more: seven rooms then pass.
    await setRules(schoolId, { MAX_ROOMS_PER_APPLICATION: 7 });
    expect((await apply(kari, series([...rooms, seventhRoom], firstMonday, 2, '18:00:00', 'PT1H'))).statusCode).toBe(201);
  });

  it('counts pending applications per location and semester; another location and another semester are counted apart', async () => {
    await setRules(schoolId, { MAX_PENDING_APPLICATIONS: 2 });
    expect((await apply(kari, single(rooms[0]!, firstMonday), { isRepeating: false })).statusCode).toBe(201);
    expect((await apply(kari, single(rooms[1]!, firstMonday), { isRepeating: false })).statusCode).toBe(201);
    const third = await apply(kari, single(rooms[2]!, firstMonday), { isRepeating: false });
    expect(third.statusCode).toBe(422);
    expect(third.json<{ userMsg: string }>().userMsg).toBe(
      `Du kan ha høyst 2 søknader til behandling ved dette stedet ${nextSemester.label}. Du har 2 søknader til behandling.`,
    );
    expect((await apply(kari, single(otherRoom, firstMonday), { isRepeating: false })).statusCode).toBe(201);
    const semesterAfter = semesterOf(addDays(nextSemester.lastDate, 1));
    expect((await apply(kari, single(rooms[2]!, addDays(semesterAfter.firstDate, 7)), { isRepeating: false })).statusCode).toBe(201);
    // Another person is not counted with Kari.
    expect((await apply(ola, single(rooms[2]!, firstMonday), { isRepeating: false })).statusCode).toBe(201);
  });

  it('takes the city-wide default from the settings; a location override wins, a broken setting is ignored', async () => {
    await ctx.database.db.insert(settings).values([
      { name: fairShareSettingNames.maxPendingHours, value: '3' },
      { name: fairShareSettingNames.maxRoomsPerApplication, value: 'mange' },
    ]);
    const limits = (await ctx.app.inject({ method: 'GET', url: `/api/location/${schoolId}/booking-limits` })).json<BookingLimitsResponse>();
    expect(limits).toEqual({
      limits: { maxPendingHours: 3, maxPendingApplications: 10, maxRoomsPerApplication: 6, maxDatesPerSeries: 60 },
      pending: null,
    });
    expect((await apply(kari, single(rooms[0]!, firstMonday), { isRepeating: false })).statusCode).toBe(201);
    const over = await apply(kari, single(rooms[0]!, addDays(firstMonday, 1)), { isRepeating: false });
    expect(over.json<{ userMsg: string }>().userMsg).toBe(
      `Du kan ha høyst 3 timer til behandling ved dette stedet ${nextSemester.label}. Du har 2 timer til behandling, og denne søknaden gjelder 2 timer.`,
    );
    await setRules(schoolId, { MAX_PENDING_HOURS: 4 });
    expect((await apply(kari, single(rooms[0]!, addDays(firstMonday, 1)), { isRepeating: false })).statusCode).toBe(201);
  });

  it('counts an organisation across its representatives, also when two of them send at the same moment', async () => {
    await setRules(schoolId, { MAX_PENDING_HOURS: 30 });
    expect((await actFor(kari)).statusCode).toBe(200);
    expect((await actFor(per)).statusCode).toBe(200);
    // Each is 2 rooms × 7 evenings × 2 hours = 28 hours: only one of the two fits under 30.
    const [a, b] = await Promise.all([
      apply(kari, series([rooms[0]!, rooms[1]!], firstMonday, 7)),
      apply(per, series([rooms[2]!, rooms[3]!], addDays(firstMonday, 1), 7)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect([a, b].find((r) => r.statusCode === 422)!.json<{ userMsg: string }>().userMsg).toMatch(
      /^Du kan ha høyst 30 timer til behandling ved dette stedet .*Du har 28 timer til behandling/,
    );
    // As himself, Per holds nothing yet.
    per.cookies.clear();
    const own = await apply(per, series([rooms[4]!], firstMonday, 7));
    expect(own.statusCode).toBe(201);
    // The organisation's form comes with the register's answer and is stored on its application only (decision 068).
    const sent = [a, b].find((r) => r.statusCode === 201)!.json<{ bookingId: number }>().bookingId;
    const stored = await queryRows<{ id: number; organization_number: string | null; organization_form: string | null }>(
      ctx.database.db,
      sql`select id, organization_number, organization_form from bookings where id in (${sent}, ${own.json<{ bookingId: number }>().bookingId}) order by id`,
    );
    expect(stored.map((r) => [r.organization_number, r.organization_form])).toEqual([
      [club.orgnr, 'FLI'],
      [null, null],
    ]);
  });

  it('lets only one of two parallel requests of one person pass a limit only one fits under', async () => {
    await setRules(schoolId, { MAX_PENDING_HOURS: 30 });
    const answers = await Promise.all(
      [0, 1, 2].map((i) => apply(kari, series([rooms[i * 2]!, rooms[i * 2 + 1]!], addDays(firstMonday, i), 7))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    expect((await held(kari.userId)).minutes).toBe(28 * 60);
  });

  it("counts an application into an open semester round by the round's own rules, as the administrator set them, not the pending hours", async () => {
    const dates = {
      name: 'Høsten på Sagene',
      applicationStart: inDays(-5),
      // Collecting today, with the deadline before the semester starts.
      deadline: [inDays(5), addDays(nextSemester.firstDate, -1)].sort()[0]!,
      semesterStart: nextSemester.firstDate,
      semesterEnd: nextSemester.lastDate,
    };
    const round = await createRound(ctx.database.db, { locationIds: [schoolId], ...dates });
    const patch = (limits: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/admin/rounds/${round.id}`, headers: bearer(siri), payload: { ...dates, ...limits } });
    // Not a whole number from 1: refused with the form's message, nothing changed.
    const refused = await patch({ maxApplicationsPerApplicant: 0, maxWeeklyHoursPerApplicant: 6.5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'body.maxApplicationsPerApplicant', message: 'Skriv et tall fra 1 til 100' },
        { path: 'body.maxWeeklyHoursPerApplicant', message: 'Skriv et helt tall' },
      ]),
    );
    const [before] = await queryRows<{ max: number }>(
      ctx.database.db,
      sql`select max_applications_per_applicant as max from ${applicationRounds} where id = ${round.id}`,
    );
    expect(before!.max).toBe(5);
    const changed = await patch({ maxApplicationsPerApplicant: 2, maxWeeklyHoursPerApplicant: 6 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ maxApplicationsPerApplicant: 2, maxWeeklyHoursPerApplicant: 6 });
    // A change of the dates alone keeps the limits.
    expect((await patch({})).json()).toMatchObject({ maxApplicationsPerApplicant: 2, maxWeeklyHoursPerApplicant: 6 });
    // 3 rooms × 14 weeks × 2 hours = 84 hours, far over 40 pending hours; but 6 hours a week, the round's limit.
    const first = await apply(kari, series([rooms[0]!, rooms[1]!, rooms[2]!], firstMonday));
    expect(first.statusCode, first.body).toBe(201);
    const statuses = await queryRows<{ status: string }>(ctx.database.db, sql`select distinct status::text from reservations`);
    expect(statuses).toEqual([{ status: 'IN_ROUND' }]);
    const more = await apply(kari, series([rooms[3]!], addDays(firstMonday, 1), 4, '18:00:00', 'PT1H'));
    expect(more.statusCode).toBe(422);
    expect(more.json()).toMatchObject({
      code: 'BOOKING_LIMIT_REACHED',
      userMsg:
        'Du kan søke om høyst 6 timer i uken i søknadsrunden «Høsten på Sagene». Du har søkt om 6 timer i uken, og denne søknaden gjelder 1 time i uken.',
    });
    expect((await apply(ola, series([rooms[3]!], addDays(firstMonday, 1), 4, '18:00:00', 'PT1H'))).statusCode).toBe(201);
  });

  describe('per-person rates', () => {
    it('refuses the 21st application of a person in 10 minutes with 429, keyed by the person: another citizen still books', async () => {
      const statuses = [];
      // Each a free time: the first 10 pass, the next 10 meet the pending-applications limit, the 21st the rate.
      for (let i = 0; i < 21; i++)
        statuses.push(
          (await apply(kari, single(rooms[i % 6]!, addDays(firstMonday, Math.floor(i / 6)), '16:00:00', 'PT1H'), { isRepeating: false }))
            .statusCode,
        );
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses.slice(10, 20)).toEqual(Array(10).fill(422));
      expect(statuses[20]).toBe(429);
      const refused = await apply(kari, single(otherRoom, firstMonday), { isRepeating: false });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        userMsg: expect.stringMatching(/^Du har sendt mange søknader på kort tid\. Vent \d+ minutt(er)? og prøv igjen\.$/),
      });
      expect((await apply(ola, single(otherRoom, firstMonday), { isRepeating: false })).statusCode).toBe(201);
    });

    it("sends at most 5 receipts an hour to a typed address that is not the person's own; then to their own address", async () => {
      const receipts = async () =>
        (await queryRows<{ recipient: string }>(ctx.database.db, sql`select recipient from mail_outbox order by id`)).map(
          (r) => r.recipient,
        );
      for (let i = 0; i < 7; i++) {
        const res = await apply(kari, single(otherRoom, addDays(firstMonday, i)), {
          isRepeating: false,
          contactEmail: 'noen.andre@example.org',
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      expect(await receipts()).toEqual([
        ...Array(5).fill('noen.andre@example.org'),
        'kari.nordmann@example.no',
        'kari.nordmann@example.no',
      ]);
      // Her own address, typed, is not counted.
      expect(
        (await apply(kari, single(otherRoom, addDays(firstMonday, 8)), { isRepeating: false, contactEmail: 'Kari.Nordmann@example.no' }))
          .statusCode,
      ).toBe(201);
      expect((await receipts()).at(-1)).toBe('Kari.Nordmann@example.no');
    });
  });

  describe('GET /api/location/{id}/booking-limits', () => {
    it('answers the limits to anyone, and a citizen also what they hold pending this semester and the next', async () => {
      await setRules(schoolId, { MAX_PENDING_HOURS: 50 });
      const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/location/${schoolId}/booking-limits` });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual({
        limits: { maxPendingHours: 50, maxPendingApplications: 10, maxRoomsPerApplication: 6, maxDatesPerSeries: 60 },
        pending: null,
      });
      expect((await apply(kari, series([rooms[0]!], firstMonday, 3))).statusCode).toBe(201);
      const mine = (await kari.request({ method: 'GET', url: `/api/location/${schoolId}/booking-limits` })).json<BookingLimitsResponse>();
      const current = semesterOf(osloToday());
      expect(mine.pending).toEqual([
        { semester: current.key, label: current.label, minutes: 0, applications: 0 },
        { semester: nextSemester.key, label: nextSemester.label, minutes: 360, applications: 1 },
      ]);
      const olas = (await ola.request({ method: 'GET', url: `/api/location/${schoolId}/booking-limits` })).json<BookingLimitsResponse>();
      expect(olas.pending?.[1]).toMatchObject({ minutes: 0, applications: 0 });
    });

    it('is 404 for a location that does not exist, 400 for a bad id, 401 for a bad token', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/location/999999/booking-limits' })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/location/abc/booking-limits' })).statusCode).toBe(400);
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/location/${schoolId}/booking-limits`,
            headers: { authorization: 'Bearer nonsense' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('the booking rules map carries the limits', () => {
    it('reads and changes them; null goes back to the city-wide value', async () => {
      const changed = await setRules(schoolId, { MAX_PENDING_HOURS: 12, MAX_DATES_PER_SERIES: 20 });
      expect(changed.json()).toMatchObject({
        MAX_PENDING_HOURS: 12,
        MAX_PENDING_APPLICATIONS: null,
        MAX_ROOMS_PER_APPLICATION: null,
        MAX_DATES_PER_SERIES: 20,
      });
      expect((await setRules(schoolId, { MAX_PENDING_HOURS: null })).json()).toMatchObject({
        MAX_PENDING_HOURS: null,
        MAX_DATES_PER_SERIES: 20,
      });
    });

    it.each([[0], [2001], [1.5], ['40']])(
      'refuses MAX_PENDING_HOURS %j with 400 naming the field in Norwegian; nothing changes',
      async (value) => {
        const res = await setRules(schoolId, { MAX_PENDING_HOURS: value });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION',
          fields: expect.arrayContaining([expect.objectContaining({ message: 'Maks timer må være et helt tall fra 1 til 2000' })]),
        });
        expect(
          (await ctx.app.inject({ method: 'GET', url: `/api/location/${schoolId}/bookingrules`, headers: bearer(siri) })).json(),
        ).toMatchObject({ MAX_PENDING_HOURS: null });
      },
    );
  });
});
