import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRoundBody, openRoundOfLocation, roundDetail, roundList, type CreateRoundBody } from '@lokaler/domain/application-rounds';
import { userBooking, userBookingSummaries } from '@lokaler/domain/user-booking';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { AppError } from '../../errors';
import { applicationRoundLocations, applicationRounds, roundWishes } from '../../db/schema/application-rounds';
import { bookings, reservations } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/outbox';
import { type TestContext } from '../../../test/test-app';
import { bearer } from '../../../test/login';
import { createUser } from '../../../test/factories/places';
import { createRound as createRoundService } from './create-round';
import { inDays } from '../../../test/factories/calendar';
import { call } from '../../../test/admin-test-support';
import { useRoundsWorld } from '../../../test/factories/rounds-world';

/**
 * Semester rounds (decision 029): opening and reading them (/api/admin/rounds), the public
 * question which round an application enters (/api/location/{id}/round), semester applications that
 * enter a collecting round, the applicant's view of it, and single decisions refused while it is open.
 */
describe('semester rounds', () => {
  const { world, collecting, createRound, created, counts } = useRoundsWorld();
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let bente: string;
  let kari: string;
  let ola: string;
  let school: number;
  let otherSchool: number;
  let library: number;
  let gym: number;
  let hall: number;
  beforeAll(() => {
    ({ ctx, siri, jonas, bente, kari, ola, school, otherSchool, library, gym, hall } = world);
  });

  describe('opening a round (POST /api/admin/rounds)', () => {
    it('opens it: 201 with the summary, the round and its locations written', async () => {
      const summary = await created(collecting({ locationIds: [school] }));
      expect(summary).toMatchObject({
        name: 'Høst skoler',
        deadline: inDays(5),
        status: 'OPEN',
        phase: 'COLLECTING',
        locations: [{ id: school, name: 'Sagene skole' }],
        applicationCount: 0,
        undecidedCount: 0,
        decidedCount: 0,
        canClose: true,
      });
      const rows = await ctx.database.db.select().from(applicationRoundLocations);
      expect(rows).toEqual([{ roundId: summary.id, locationId: school, semesterStart: inDays(7), semesterEnd: inDays(120) }]);
    });

    it('lets a city-wide administrator open one for schools they do not administer one by one', async () => {
      const summary = await created(collecting({ locationIds: [school, otherSchool] }), bente);
      expect(summary.locations.map((l) => l.name)).toEqual(['Bjølsen skole', 'Sagene skole']);
      expect(summary.canClose).toBe(true);
    });

    it('names the phase from the dates: not started before the application period, allocating after the deadline', async () => {
      expect((await created(collecting({ applicationStart: inDays(1), deadline: inDays(5) }))).phase).toBe('NOT_STARTED');
      await ctx.database.db.execute(sql`truncate application_rounds cascade`);
      expect((await created(collecting({ applicationStart: inDays(-10), deadline: inDays(-1), semesterStart: inDays(3) }))).phase).toBe(
        'ALLOCATING',
      );
    });

    it('refuses bad dates with 400 naming the field, and writes nothing', async () => {
      const cases: [Partial<CreateRoundBody> | Record<string, unknown>, string, string][] = [
        [{ deadline: '2027-02-30' }, 'deadline', ''],
        [{ deadline: inDays(7) }, 'deadline', 'Søknadsfristen må være før semesteret starter'],
        [{ deadline: inDays(9) }, 'deadline', 'Søknadsfristen må være før semesteret starter'],
        [{ applicationStart: inDays(6) }, 'deadline', 'Søknadsfristen kan ikke være før søknadsperioden starter'],
        [{ semesterEnd: inDays(6) }, 'semesterEnd', 'Semesteret kan ikke slutte før det starter'],
        [{ locationIds: [] }, 'locationIds', 'Velg minst ett sted'],
        [{ locationIds: [school, school] }, 'locationIds', 'Et sted er valgt to ganger'],
        [{ name: '   ' }, 'name', 'Gi runden et navn'],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await createRound({ ...collecting(), ...overrides });
        expect(res.statusCode, `${JSON.stringify(overrides)}: ${res.body}`).toBe(400);
        const fields = res.json<{ fields: { path: string; message: string }[] }>().fields;
        expect(fields.map((f) => f.path.replace(/^body\./, ''))).toContain(field);
        if (message) expect(fields.map((f) => f.message)).toContain(message);
      }
      expect(await counts()).toEqual({ r: 0, l: 0 });
    });

    it('refuses an unknown location with 422 naming it', async () => {
      const res = await createRound(collecting({ locationIds: [school, 999_999] }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'UNPROCESSABLE', userMsg: expect.stringContaining('999999') });
      expect(await counts()).toEqual({ r: 0, l: 0 });
    });

    it('refuses a location the caller does not administer with 403', async () => {
      const res = await createRound(collecting({ locationIds: [school, library] }));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(await counts()).toEqual({ r: 0, l: 0 });
    });

    it('refuses a location already in a round of an overlapping semester: 409 ROUND_OVERLAPS naming both, and nothing written', async () => {
      await created(collecting({ name: 'Høst 2027', locationIds: [school] }), bente);
      const before = await counts();
      const res = await createRound(
        collecting({ name: 'Ekstra høst', locationIds: [otherSchool, school], semesterStart: inDays(100), semesterEnd: inDays(200) }),
        bente,
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        code: 'ROUND_OVERLAPS',
        msg: expect.any(String),
        userMsg: `Sagene skole er allerede med i søknadsrunden «Høst 2027», med semester ${formatDateNorwegian(inDays(7))}–${formatDateNorwegian(inDays(120))}. Et sted kan bare være med i én runde for samme periode.`,
      });
      expect(await counts()).toEqual(before);
      // The next semester is another period: allowed.
      await created(
        collecting({ name: 'Vår', locationIds: [school], deadline: inDays(100), semesterStart: inDays(121), semesterEnd: inDays(240) }),
      );
    });

    it('maps the exclusion constraint (a round written after the check, by a concurrent writer) to the same 409', async () => {
      const user: AuthenticatedUser = {
        userId: (await createUser(ctx.database.db)).id,
        sub: 'x',
        name: 'Bente',
        email: null,
        portal: 'ADMIN',
        clientId: 'admin',
        adminLocationIds: [],
        cityAdmin: true,
      };
      const error = await createRoundService({
        db: ctx.database.db,
        user,
        body: createRoundBody.parse(collecting({ locationIds: [school, otherSchool] })),
        beforeInsert: async (tx) => {
          const [other] = await tx
            .insert(applicationRounds)
            .values({
              name: 'Samtidig',
              applicationStart: inDays(-3),
              deadline: inDays(5),
              semesterStart: inDays(7),
              semesterEnd: inDays(120),
            })
            .returning();
          await tx
            .insert(applicationRoundLocations)
            .values({ roundId: other!.id, locationId: otherSchool, semesterStart: inDays(60), semesterEnd: inDays(61) });
        },
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'ROUND_OVERLAPS',
        status: 409,
        userMsg: expect.stringContaining('allerede med i en søknadsrunde'),
      });
      expect(await counts()).toEqual({ r: 0, l: 0 });
    });

    it('lets only one of two rounds sent at once for the same location and semester in: 201 and 409 ROUND_OVERLAPS', async () => {
      const answers = await Promise.all([
        createRound(collecting({ name: 'A', locationIds: [school, otherSchool] }), bente),
        createRound(collecting({ name: 'B', locationIds: [otherSchool] }), bente),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'ROUND_OVERLAPS' });
      expect((await counts()).r).toBe(1);
    });

    it('answers an anonymous caller 401 and a citizen 401 or 403, before the body', async () => {
      expect((await createRound(collecting(), null)).statusCode).toBe(401);
      expect((await call(ctx.app, null, 'GET', '/api/admin/rounds')).statusCode).toBe(401);
      expect((await call(ctx.app, null, 'GET', '/api/admin/rounds/1')).statusCode).toBe(401);
      for (const res of [
        await createRound(collecting(), kari),
        await call(ctx.app, kari, 'GET', '/api/admin/rounds'),
        await call(ctx.app, kari, 'GET', '/api/admin/rounds/1'),
      ]) {
        expect([401, 403]).toContain(res.statusCode);
        expect(res.json()).not.toHaveProperty('fields');
      }
      expect(await counts()).toEqual({ r: 0, l: 0 });
    });
  });

  describe('reading rounds', () => {
    it('lists the rounds with a location the caller manages, newest semester first; a city admin sees all', async () => {
      const autumn = await created(collecting({ name: 'Høst', locationIds: [school, otherSchool] }), bente);
      const spring = await created(
        collecting({ name: 'Vår', locationIds: [school], deadline: inDays(100), semesterStart: inDays(121), semesterEnd: inDays(240) }),
      );
      const other = await created(
        collecting({
          name: 'Bjølsen vår',
          locationIds: [otherSchool],
          deadline: inDays(100),
          semesterStart: inDays(121),
          semesterEnd: inDays(240),
        }),
        bente,
      );
      const list = async (token: string) => {
        const res = await call(ctx.app, token, 'GET', '/api/admin/rounds');
        expect(res.statusCode, res.body).toBe(200);
        return roundList.parse(res.json()).rounds;
      };
      const siris = await list(siri);
      expect(siris.map((r) => r.name)).toEqual(['Vår', 'Høst']);
      // Siri manages one of Høst's two schools: she sees it, but may not close it.
      expect(siris.find((r) => r.id === autumn.id)!.canClose).toBe(false);
      expect(siris.find((r) => r.id === spring.id)!.canClose).toBe(true);
      expect((await list(bente)).map((r) => r.id)).toEqual([other.id, spring.id, autumn.id]);
      expect(await list(jonas)).toEqual([]);
    });

    it("shows one round with the rooms of the caller's locations; 403 for a round of none of them, 404 for none", async () => {
      const round = await created(collecting({ locationIds: [school, otherSchool] }), bente);
      const res = await call(ctx.app, siri, 'GET', `/api/admin/rounds/${round.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const detail = roundDetail.parse(res.json());
      expect(detail.rooms.map((r) => [r.name, r.locationName, r.wishCount, r.clashCount, r.undecidedCount])).toEqual([
        ['Aula', 'Sagene skole', 0, 0, 0],
        ['Gymsal', 'Sagene skole', 0, 0, 0],
      ]);
      expect(roundDetail.parse((await call(ctx.app, bente, 'GET', `/api/admin/rounds/${round.id}`)).json()).rooms).toHaveLength(3);
      expect((await call(ctx.app, jonas, 'GET', `/api/admin/rounds/${round.id}`)).statusCode).toBe(403);
      expect((await call(ctx.app, siri, 'GET', '/api/admin/rounds/999999')).statusCode).toBe(404);
    });

    it('tells anyone which round a semester application to a location enters today (GET /api/location/{id}/round)', async () => {
      const ask = async (id: number) => ctx.app.inject({ method: 'GET', url: `/api/location/${id}/round` });
      expect(openRoundOfLocation.parse((await ask(school)).json())).toEqual({ round: null });
      await created(collecting({ name: 'Ikke åpnet', applicationStart: inDays(1), deadline: inDays(5) }));
      expect((await ask(school)).json()).toEqual({ round: null });
      await created(collecting({ name: 'Høst', locationIds: [otherSchool] }), bente);
      expect((await ask(otherSchool)).json()).toEqual({
        round: { name: 'Høst', deadline: inDays(5), semesterStart: inDays(7), semesterEnd: inDays(120) },
      });
      expect((await ask(999_999)).statusCode).toBe(404);
      expect((await ask(library)).json()).toEqual({ round: null });
    });
  });

  describe('a semester application while a round collects', () => {
    const firstDate = inDays(14);
    const series = (startTime: string, weeks = 4, room = gym) => ({
      bookableAssetId: room,
      datesAndTimes: Array.from({ length: weeks }, (_, i) => ({
        date: addDays(firstDate, 7 * i),
        startTime,
        duration: 'PT1H',
        initialRepetitionDate: firstDate,
      })),
    });
    const apply = (probablyAvailable: unknown[], token = kari, isRepeating = true) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: bearer(token),
        payload: {
          availabilityData: { probablyAvailable },
          isRepeating,
          bookingPortalClient: 'PUBLIC',
          bookingPurpose: 'PUBLICUSER_LOAN',
          formAnswers: {
            activity: 'Innebandy',
            purpose: 'Trening',
            participants: 18,
            ageGroup: 'CHILDREN',
            contactEmail: 'kari@example.no',
            contactPhone: '41234567',
          },
        },
      });
    const applied = async (...args: Parameters<typeof apply>) => {
      const res = await apply(...args);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ bookingId: number }>().bookingId;
    };
    const statusesOf = async (bookingId: number) =>
      (await ctx.database.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.bookingId, bookingId))).map(
        (r) => r.status,
      );
    const wishesOf = (bookingId: number) =>
      ctx.database.db
        .select()
        .from(roundWishes)
        .where(eq(roundWishes.bookingId, bookingId))
        .orderBy(asc(roundWishes.bookableAssetId), asc(roundWishes.startMinute));

    it('enters the round: IN_ROUND dates, one wish per room, weekday and time, and a receipt with the deadline', async () => {
      const round = await created(collecting());
      const bookingId = await applied([series('18:00:00'), series('19:00:00', 3, hall)]);
      expect(await statusesOf(bookingId)).toEqual(Array(7).fill('IN_ROUND'));
      const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(booking).toMatchObject({
        status: 'UNPROCESSED',
        durationType: 'SEMESTERLOAN',
        formAnswers: expect.objectContaining({ participants: 18, ageGroup: 'CHILDREN' }),
      });
      expect(
        (await wishesOf(bookingId)).map((w) => [
          w.roundId,
          w.bookableAssetId,
          w.weekday,
          w.startMinute,
          w.endMinute,
          w.dateCount,
          w.decision,
        ]),
      ).toEqual([
        [round.id, gym, isoWeekday(firstDate), 18 * 60, 19 * 60, 4, 'UNDECIDED'],
        [round.id, hall, isoWeekday(firstDate), 19 * 60, 20 * 60, 3, 'UNDECIDED'],
      ]);
      const [mail] = await ctx.database.db.select().from(mailOutbox);
      expect(mail!.body).toContain(`Søknadsfrist ${formatDateNorwegian(inDays(5))}`);
      expect(mail!.body).toContain('behandles sammen med de andre søknadene til semesteret etter søknadsfristen');
      expect(mail!.body).not.toContain('normalt innen tre uker');
      // The administrator's view of it names the round (single decisions wait for it).
      const view = await call(ctx.app, siri, 'GET', `/api/booking/${bookingId}`);
      expect(view.json()).toMatchObject({ round: { id: round.id, name: 'Høst skoler', deadline: inDays(5), status: 'OPEN' } });
      // And the request list marks it, counting its wished dates.
      const list = await call(ctx.app, siri, 'GET', `/api/booking?locationId=${school}&status=UNPROCESSED`);
      expect(
        list
          .json<{ items: { bookingId: number; roundName: string | null; reservationCount: number }[] }>()
          .items.find((i) => i.bookingId === bookingId),
      ).toMatchObject({ roundName: 'Høst skoler', reservationCount: 7 });
      await ctx.database.db.update(applicationRounds).set({ status: 'CLOSED' }).where(eq(applicationRounds.id, round.id));
      const afterClosing = await call(ctx.app, siri, 'GET', `/api/booking?locationId=${school}&status=UNPROCESSED`);
      expect(
        afterClosing.json<{ items: { bookingId: number; roundName: string | null }[] }>().items.find((i) => i.bookingId === bookingId)
          ?.roundName,
      ).toBeNull();
    });

    it("accepts another applicant's wish for the same time (IN_ROUND holds no time), and counts the clash", async () => {
      const round = await created(collecting());
      const first = await applied([series('18:00:00')], kari);
      const second = await applied([series('18:30:00')], ola);
      expect(await statusesOf(second)).toEqual(Array(4).fill('IN_ROUND'));
      const detail = roundDetail.parse((await call(ctx.app, siri, 'GET', `/api/admin/rounds/${round.id}`)).json());
      expect(detail).toMatchObject({ applicationCount: 2, undecidedCount: 2, decidedCount: 0 });
      expect(detail.rooms.find((r) => r.id === gym)).toMatchObject({ wishCount: 2, clashCount: 2, undecidedCount: 2 });
      expect(detail.rooms.find((r) => r.id === hall)).toMatchObject({ wishCount: 0, clashCount: 0 });
      // A cancelled application leaves the counts and the clash.
      expect(
        (await ctx.app.inject({ method: 'PATCH', url: `/api/booking/${first}`, headers: bearer(kari), payload: { status: 'cancelled' } }))
          .statusCode,
      ).toBe(200);
      expect(await statusesOf(first)).toEqual(Array(4).fill('CANCELLED'));
      const after = roundDetail.parse((await call(ctx.app, siri, 'GET', `/api/admin/rounds/${round.id}`)).json());
      expect(after).toMatchObject({ applicationCount: 1, undecidedCount: 1 });
      expect(after.rooms.find((r) => r.id === gym)).toMatchObject({ wishCount: 1, clashCount: 0 });
    });

    it('is handled singly as today after the deadline, before the period, and for a single booking', async () => {
      await created(collecting({ applicationStart: inDays(-10), deadline: inDays(-1), semesterStart: inDays(3) }));
      const late = await applied([series('18:00:00')]);
      expect(await statusesOf(late)).toEqual(Array(4).fill('UNPROCESSED'));
      expect(await wishesOf(late)).toEqual([]);
      await ctx.database.db.execute(sql`truncate application_rounds, bookings, reservations cascade`);
      await created(collecting({ applicationStart: inDays(1) }));
      const early = await applied([series('18:00:00')]);
      expect(await statusesOf(early)).toEqual(Array(4).fill('UNPROCESSED'));
      await ctx.database.db.execute(sql`truncate application_rounds, bookings, reservations cascade`);
      await created(collecting());
      const single = await applied(
        [
          {
            bookableAssetId: gym,
            datesAndTimes: [{ date: firstDate, startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }],
          },
        ],
        kari,
        false,
      );
      expect(await statusesOf(single)).toEqual(['UNPROCESSED']);
      expect(await wishesOf(single)).toEqual([]);
      const mails = await ctx.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
      expect(mails).toHaveLength(3);
      for (const mail of mails) expect(mail.body).not.toContain('Søknadsfrist');
    });

    it('is not in the round when its first date lies outside the semester', async () => {
      await created(collecting({ semesterStart: inDays(20) }));
      const outside = await applied([series('18:00:00')]);
      expect(await statusesOf(outside)).toEqual(Array(4).fill('UNPROCESSED'));
    });

    it('shows the applicant the round and the dates as wished', async () => {
      await created(collecting({ name: 'Høst skoler' }));
      const bookingId = await applied([series('18:00:00')]);
      const res = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/${bookingId}`, headers: bearer(kari) });
      expect(res.statusCode, res.body).toBe(200);
      const view = userBooking.parse(res.json());
      expect(view.round).toEqual({ name: 'Høst skoler', deadline: inDays(5), collected: true });
      expect(view.periodDescription).toBe(`${formatDateNorwegian(firstDate)} – ${formatDateNorwegian(addDays(firstDate, 21))}`);
      expect(view.isCancellable).toBe(true);
      const list = userBookingSummaries.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/user/booking', headers: bearer(kari) })).json(),
      );
      expect(list.map((b) => [b.bookingId, b.round])).toEqual([[bookingId, { name: 'Høst skoler', deadline: inDays(5), collected: true }]]);
      // Outside a round: null.
      await ctx.database.db.execute(sql`truncate application_rounds cascade`);
      const single = await applied(
        [
          {
            bookableAssetId: hall,
            datesAndTimes: [{ date: firstDate, startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }],
          },
        ],
        kari,
        false,
      );
      expect(
        userBooking.parse((await ctx.app.inject({ method: 'GET', url: `/api/user/booking/${single}`, headers: bearer(kari) })).json())
          .round,
      ).toBeNull();
    });

    it("refuses the administrator's single decisions on it with 409 BOOKING_IN_ROUND, changing nothing", async () => {
      await created(collecting({ name: 'Høst skoler' }));
      const bookingId = await applied([series('18:00:00')]);
      const [firstRow] = await ctx.database.db
        .select()
        .from(reservations)
        .where(eq(reservations.bookingId, bookingId))
        .orderBy(asc(reservations.date));
      const snapshot = async () => ({
        booking: (
          await ctx.database.db
            .select({ status: bookings.status, updatedAt: bookings.updatedAt })
            .from(bookings)
            .where(eq(bookings.id, bookingId))
        )[0],
        rows: await ctx.database.db.select().from(reservations).where(eq(reservations.bookingId, bookingId)).orderBy(asc(reservations.id)),
        mails: (await ctx.database.db.select().from(mailOutbox)).length,
      });
      const before = await snapshot();
      const attempts = [
        ['PUT', `/api/booking/${bookingId}/approve`, { costCategory: 'FREE' }],
        ['PUT', `/api/booking/${bookingId}/reject`, { rejectionText: 'Opptatt' }],
        [
          'PUT',
          `/api/reservation/${firstRow!.id}`,
          { updateReservations: [{ newDate: firstDate, newStartTime: '20:00:00', newDuration: 'PT1H' }] },
        ],
        ['PUT', `/api/booking/${bookingId}/unapprove`, undefined],
        [
          'POST',
          `/api/booking/${bookingId}/reservations`,
          {
            availabilityData: {
              probablyAvailable: [
                {
                  bookableAssetId: hall,
                  datesAndTimes: [{ date: firstDate, startTime: '20:00:00', duration: 'PT1H', initialRepetitionDate: null }],
                },
              ],
            },
            isRepeating: false,
          },
        ],
        ['PUT', `/api/booking/${bookingId}/rejectasset/${gym}`, { comment: 'Nei' }],
        ['DELETE', `/api/reservation?id=${firstRow!.id}`, undefined],
      ] as const;
      for (const [method, url, payload] of attempts) {
        const res = await call(ctx.app, siri, method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'BOOKING_IN_ROUND',
          userMsg: 'Søknaden er med i søknadsrunden «Høst skoler» og avgjøres når runden lukkes.',
        });
      }
      expect(await snapshot()).toEqual(before);
      // Once the round is closed, the booking is an ordinary one again.
      await ctx.database.db.update(applicationRounds).set({ status: 'CLOSED' });
      const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionText: 'Opptatt' });
      expect(res.statusCode).not.toBe(409);
    });
  });
});
