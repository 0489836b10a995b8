import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import {
  roundErrorCodes,
  type PutAllocationsResponse,
  type RoundConflicts,
  type SuggestionResponse,
} from '@lokaler/domain/application-rounds';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { noTimeReason } from '@lokaler/domain/round-suggestion';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { addRoundApplication, createRound, semesterDates, type RoundApplication } from '../../../test/factories/application-rounds';
import { applicantBooking } from '../../../test/factories/applicant';
import { queryRows, type Db } from '../../db/client';
import { roundWishes } from '../../db/schema/application-rounds';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { call } from '../../../test/admin-test-support';

const [siri, jonas, , , nora] = testAdmins;

async function wishRow(db: Db, id: number) {
  const [row] = await db.select().from(roundWishes).where(eq(roundWishes.id, id));
  return row!;
}

describe("a round's conflict view and allocation (GET …/conflicts, PUT …/allocations, POST …/suggestion)", () => {
  let ctx: TestContext;
  let db: Db;
  let tokens: { siri: string; jonas: string; nora: string; kari: string };
  let schoolA: number;
  let schoolB: number;
  let gym: number;
  let hall: number;
  let roomB: number;
  let outside: number;
  let round: Awaited<ReturnType<typeof createRound>>;
  let club: RoundApplication;
  let band: RoundApplication;
  let person: RoundApplication;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    schoolA = (await createLocation(db, { name: 'Sagene skole' })).id;
    schoolB = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    const elsewhere = (await createLocation(db, { name: 'Annen skole' })).id;
    gym = (await createAsset(db, schoolA, { name: 'Gymsal' })).id;
    hall = (await createAsset(db, schoolA, { name: 'Aula' })).id;
    roomB = (await createAsset(db, schoolB, { name: 'Musikkrom' })).id;
    outside = (await createAsset(db, elsewhere, { name: 'Utenfor' })).id;
    for (const l of [schoolA, schoolB, elsewhere]) await setOpeningHours(db, l, '16:00', '22:00');
    // The hall opens earlier on Tuesdays (its own hours replace the school's that day).
    await setOpeningHours(db, schoolA, '08:00', '22:00', { bookableAssetId: hall, weekdays: [2] });
    await addLocationAdmin(db, schoolA, siri!.email);
    await addLocationAdmin(db, schoolB, siri!.email);
    await addLocationAdmin(db, schoolB, jonas!.email);
    tokens = {
      siri: (await loginAs(ctx.app, siri!)).accessToken,
      jonas: (await loginAs(ctx.app, jonas!)).accessToken,
      nora: (await loginAs(ctx.app, nora!)).accessToken,
      kari: (await loginAs(ctx.app, testCitizens[0]!)).accessToken,
    };
    round = await createRound(db, { locationIds: [schoolA, schoolB] });
    const user = await createUser(db);
    club = await addRoundApplication(db, {
      round,
      locationId: schoolA,
      userId: user.id,
      organization: { number: '911111111', name: 'Sagene IF' },
      ageGroup: 'YOUTH',
      participants: 25,
      activity: 'Innebandy',
      wishes: [
        { roomId: gym, weekday: 2, startTime: '18:00', endTime: '20:00' },
        { roomId: hall, weekday: 4, startTime: '17:00', endTime: '18:00' },
      ],
    });
    band = await addRoundApplication(db, {
      round,
      locationId: schoolA,
      userId: user.id,
      organization: { number: '922222222', name: 'Skolekorpset' },
      ageGroup: 'ADULTS',
      wishes: [{ roomId: gym, weekday: 2, startTime: '19:00', endTime: '21:00' }],
    });
    const private1 = await createUser(db);
    person = await addRoundApplication(db, {
      round,
      locationId: schoolB,
      userId: private1.id,
      wishes: [{ roomId: roomB, weekday: 1, startTime: '18:00', endTime: '19:00' }],
    });
    // Earlier use: Sagene IF had 2 + 1.5 hours approved at the school in the year before; one older time does not count.
    const before = addDays(round.semesterStart, -100);
    await applicantBooking(db, {
      locationId: schoolA,
      userId: user.id,
      status: 'APPROVED',
      organization: { number: '911111111', name: 'Sagene IF' },
      times: [
        { bookableAssetId: gym, date: before, startTime: '18:00', durationMinutes: 120 },
        { bookableAssetId: gym, date: addDays(before, 7), startTime: '18:00', durationMinutes: 90 },
        { bookableAssetId: gym, date: addDays(round.semesterStart, -400), startTime: '18:00', durationMinutes: 60 },
      ],
    });
    // Taken outside the round: a concert on two Wednesdays, an application 17:10–18:05, a blocked time.
    const wednesdays = semesterDates(round.semesterStart, round.semesterEnd, 3);
    await applicantBooking(db, {
      locationId: schoolA,
      userId: user.id,
      status: 'APPROVED',
      organization: { number: '933333333', name: 'Konsertforeningen' },
      times: [
        { bookableAssetId: gym, date: wednesdays[0]!, startTime: '19:00', durationMinutes: 120 },
        { bookableAssetId: gym, date: wednesdays[1]!, startTime: '19:00', durationMinutes: 120 },
      ],
    });
    await applicantBooking(db, {
      locationId: schoolA,
      userId: user.id,
      times: [{ bookableAssetId: gym, date: wednesdays[2]!, startTime: '17:10', durationMinutes: 55 }],
    });
    await addBlockedTime(db, gym, semesterDates(round.semesterStart, round.semesterEnd, 5)[0]!, '16:00', 60);
  });
  afterAll(() => ctx.close());

  const conflicts = (token: string, roundId: number, roomId: number) =>
    call(ctx.app, token, 'GET', `/api/admin/rounds/${roundId}/conflicts?roomId=${roomId}`);
  const put = (token: string, roundId: number, changes: unknown[]) =>
    call(ctx.app, token, 'PUT', `/api/admin/rounds/${roundId}/allocations`, { changes });

  describe('the conflict view', () => {
    it('shows every wish of the room side by side with its applicant, earlier use and clashes, the opening hours and the times taken outside the round', async () => {
      const res = await conflicts(tokens.siri, round.id, gym);
      expect(res.statusCode).toBe(200);
      const view = res.json<RoundConflicts>();
      expect(view.room).toMatchObject({
        id: gym,
        name: 'Gymsal',
        locationId: schoolA,
        locationName: 'Sagene skole',
        wishCount: 2,
        clashCount: 2,
        undecidedCount: 2,
      });
      expect(view.openingHours).toHaveLength(7);
      expect(view.openingHours[0]).toEqual({ weekday: 1, startTime: '16:00', endTime: '22:00' });
      const [first, second] = view.wishes;
      expect(first).toMatchObject({
        id: club.wishIds[0],
        version: 0,
        bookingId: club.bookingId,
        caseNumber: club.caseNumber,
        applicantName: 'Sagene IF',
        organizationNumber: '911111111',
        activity: 'Innebandy',
        participants: 25,
        ageGroup: 'YOUTH',
        earlierUseHours: 3.5,
        roomId: gym,
        weekday: 2,
        startTime: '18:00',
        endTime: '20:00',
        dateCount: 8,
        decision: 'UNDECIDED',
        allocated: null,
        clashesWith: [band.wishIds[0]],
        updatedBy: null,
      });
      expect(second).toMatchObject({
        id: band.wishIds[0],
        applicantName: 'Skolekorpset',
        ageGroup: 'ADULTS',
        earlierUseHours: 0,
        clashesWith: [club.wishIds[0]],
      });
      expect(view.busy).toEqual(
        expect.arrayContaining([
          { weekday: 3, startTime: '19:00', endTime: '21:00', dateCount: 2, label: 'Konsertforeningen' },
          // 17:10–18:05 drawn on the quarter-hour grid.
          { weekday: 3, startTime: '17:00', endTime: '18:15', dateCount: 1, label: 'Booket' },
          { weekday: 5, startTime: '16:00', endTime: '17:00', dateCount: 1, label: 'Blokkert' },
        ]),
      );
      expect(view.busy).toHaveLength(3);
      expect(view.rooms.map((r) => r.id).sort()).toEqual([gym, hall, roomB].sort());
    });

    it("reads the room's own hours where it has them, and answers in a fixed number of queries", async () => {
      const view = (await conflicts(tokens.siri, round.id, hall)).json<RoundConflicts>();
      expect(view.openingHours.find((h) => h.weekday === 2)).toEqual({ weekday: 2, startTime: '08:00', endTime: '22:00' });
      expect(view.openingHours.find((h) => h.weekday === 1)).toEqual({ weekday: 1, startTime: '16:00', endTime: '22:00' });
      expect(view.wishes.map((w) => w.id)).toEqual([club.wishIds[1]]);
    });

    it('refuses a room of a location the caller does not manage (403), a room outside the round or an unknown round (404)', async () => {
      expect((await conflicts(tokens.jonas, round.id, gym)).statusCode).toBe(403);
      expect((await conflicts(tokens.jonas, round.id, roomB)).statusCode).toBe(200);
      expect((await conflicts(tokens.siri, round.id, outside)).statusCode).toBe(404);
      expect((await conflicts(tokens.siri, round.id, 999_999)).statusCode).toBe(404);
      expect((await conflicts(tokens.siri, 999_999, gym)).statusCode).toBe(404);
      expect((await conflicts(tokens.nora, round.id, gym)).statusCode).toBe(403);
      expect((await conflicts(tokens.kari, round.id, gym)).statusCode).toBe(403);
      expect((await call(ctx.app, null, 'GET', `/api/admin/rounds/${round.id}/conflicts?roomId=${gym}`)).statusCode).toBe(401);
      expect((await call(ctx.app, tokens.siri, 'GET', `/api/admin/rounds/${round.id}/conflicts`)).statusCode).toBe(400);
    });
  });

  describe('allocating', () => {
    it('allocates the asked time, raises the version and names who did it', async () => {
      const res = await put(tokens.siri, round.id, [{ wishId: club.wishIds[0], version: 0, decision: 'ASKED' }]);
      expect(res.statusCode).toBe(200);
      const [wish] = res.json<PutAllocationsResponse>().wishes;
      expect(wish).toMatchObject({
        id: club.wishIds[0],
        version: 1,
        decision: 'ASKED',
        allocated: { roomId: gym, weekday: 2, startTime: '18:00', endTime: '20:00' },
        updatedBy: 'Siri Saksbehandler',
      });
      expect(wish!.updatedAt).not.toBeNull();
    });

    it('refuses a time already allocated to another applicant (409 naming them), nothing changed', async () => {
      const before = await wishRow(db, band.wishIds[0]!);
      const res = await put(tokens.siri, round.id, [{ wishId: band.wishIds[0], version: 0, decision: 'ASKED' }]);
      expect(res.statusCode).toBe(409);
      expect(res.json<ApiError>()).toMatchObject({ code: roundErrorCodes.taken });
      expect(res.json<ApiError>().userMsg).toBe(
        'Tiden tirsdag 19:00–21:00 i Gymsal er allerede tildelt Sagene IF. Velg en annen tid, eller endre den andre tildelingen først.',
      );
      expect(await wishRow(db, band.wishIds[0]!)).toEqual(before);
      const inOne = await put(tokens.siri, round.id, [
        {
          wishId: band.wishIds[0],
          version: 0,
          decision: 'OTHER',
          allocated: { roomId: hall, weekday: 2, startTime: '19:00', endTime: '21:00' },
        },
        {
          wishId: person.wishIds[0],
          version: 0,
          decision: 'OTHER',
          allocated: { roomId: hall, weekday: 2, startTime: '20:00', endTime: '21:00' },
        },
      ]);
      expect(inOne.statusCode).toBe(409);
      expect(inOne.json<ApiError>().code).toBe(roundErrorCodes.taken);
    });

    it("refuses a stale version with who changed it, and writes none of the request's changes", async () => {
      const res = await put(tokens.siri, round.id, [
        { wishId: person.wishIds[0], version: 0, decision: 'NONE', reason: 'Fullt' },
        { wishId: club.wishIds[0], version: 0, decision: 'NONE' },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json<ApiError>()).toMatchObject({
        code: roundErrorCodes.stale,
        userMsg: 'Siri Saksbehandler har endret fordelingen av Sagene IF i mellomtiden. Last inn siden på nytt og se over endringen.',
      });
      expect(await wishRow(db, person.wishIds[0]!)).toMatchObject({ decision: 'UNDECIDED', version: 0, reason: null });
      expect(await wishRow(db, club.wishIds[0]!)).toMatchObject({ decision: 'ASKED', version: 1 });
    });

    it("refuses another room outside the caller's rooms of the round, or a time outside the room's opening hours (422)", async () => {
      const elsewhere = await put(tokens.siri, round.id, [
        {
          wishId: band.wishIds[0],
          version: 0,
          decision: 'OTHER',
          allocated: { roomId: outside, weekday: 2, startTime: '19:00', endTime: '21:00' },
        },
      ]);
      expect(elsewhere.statusCode).toBe(422);
      const late = await put(tokens.siri, round.id, [
        {
          wishId: band.wishIds[0],
          version: 0,
          decision: 'OTHER',
          allocated: { roomId: gym, weekday: 2, startTime: '21:00', endTime: '23:00' },
        },
      ]);
      expect(late.statusCode).toBe(422);
      expect(late.json<ApiError>().userMsg).toMatch(/^Gymsal er ikke åpent tirsdag 21:00–23:00/);
      const early = await put(tokens.siri, round.id, [
        {
          wishId: band.wishIds[0],
          version: 0,
          decision: 'OTHER',
          allocated: { roomId: gym, weekday: 2, startTime: '10:00', endTime: '12:00' },
        },
      ]);
      expect(early.statusCode).toBe(422);
      const off = await put(tokens.siri, round.id, [
        {
          wishId: band.wishIds[0],
          version: 0,
          decision: 'OTHER',
          allocated: { roomId: gym, weekday: 2, startTime: '19:10', endTime: '21:00' },
        },
      ]);
      expect(off.statusCode).toBe(400);
      const missing = await put(tokens.siri, round.id, [{ wishId: band.wishIds[0], version: 0, decision: 'OTHER' }]);
      expect(missing.statusCode).toBe(400);
      expect(await wishRow(db, band.wishIds[0]!)).toMatchObject({ decision: 'UNDECIDED', version: 0 });
    });

    it('allocates another time or room, none with a reason, and back to undecided', async () => {
      const res = await put(tokens.siri, round.id, [
        {
          wishId: band.wishIds[0],
          version: 0,
          decision: 'OTHER',
          allocated: { roomId: hall, weekday: 2, startTime: '10:00', endTime: '12:00' },
          reason: 'Gymsalen var tatt.',
        },
        { wishId: person.wishIds[0], version: 0, decision: 'NONE', reason: 'Rommet er fullt.' },
      ]);
      expect(res.statusCode).toBe(200);
      const wishes = res.json<PutAllocationsResponse>().wishes;
      expect(wishes.find((w) => w.id === band.wishIds[0])).toMatchObject({
        decision: 'OTHER',
        version: 1,
        allocated: { roomId: hall, weekday: 2, startTime: '10:00', endTime: '12:00' },
        reason: 'Gymsalen var tatt.',
      });
      expect(wishes.find((w) => w.id === person.wishIds[0])).toMatchObject({
        decision: 'NONE',
        version: 1,
        allocated: null,
        reason: 'Rommet er fullt.',
      });
      // The hall's view shows the wish allocated to it from the gym.
      expect((await conflicts(tokens.siri, round.id, hall)).json<RoundConflicts>().wishes.map((w) => w.id)).toContain(band.wishIds[0]);
      const back = await put(tokens.siri, round.id, [{ wishId: person.wishIds[0], version: 1, decision: 'UNDECIDED' }]);
      expect(back.json<PutAllocationsResponse>().wishes[0]).toMatchObject({
        decision: 'UNDECIDED',
        version: 2,
        allocated: null,
        reason: null,
      });
    });

    it('lets go of the time of an application withdrawn after its allocation', async () => {
      const l = (await createLocation(db)).id;
      const room = (await createAsset(db, l)).id;
      await setOpeningHours(db, l, '16:00', '22:00');
      await addLocationAdmin(db, l, siri!.email);
      const r = await createRound(db, { locationIds: [l], semesterStart: inDays(200), semesterEnd: inDays(230) });
      const first = await addRoundApplication(db, {
        round: r,
        locationId: l,
        userId: null,
        organization: { number: '999999991', name: 'Første' },
        wishes: [{ roomId: room, weekday: 1, startTime: '17:00', endTime: '18:00' }],
      });
      const second = await addRoundApplication(db, {
        round: r,
        locationId: l,
        userId: null,
        organization: { number: '999999992', name: 'Andre' },
        wishes: [{ roomId: room, weekday: 1, startTime: '17:00', endTime: '18:00' }],
      });
      const token = (await loginAs(ctx.app, siri!)).accessToken;
      expect((await put(token, r.id, [{ wishId: first.wishIds[0], version: 0, decision: 'ASKED' }])).statusCode).toBe(200);
      expect((await put(token, r.id, [{ wishId: second.wishIds[0], version: 0, decision: 'ASKED' }])).statusCode).toBe(409);
      await db.execute(sql`update bookings set status = 'CANCELLED' where id = ${first.bookingId}`);
      expect((await put(token, r.id, [{ wishId: second.wishIds[0], version: 0, decision: 'ASKED' }])).statusCode).toBe(200);
      expect(await wishRow(db, first.wishIds[0]!)).toMatchObject({ decision: 'UNDECIDED', allocAssetId: null, updatedByName: 'System' });
      const view = (await conflicts(token, r.id, room)).json<RoundConflicts>();
      expect(view.wishes.map((w) => w.id)).toEqual([second.wishIds[0]]);
      expect(view.wishes[0]!.clashesWith).toEqual([]);
    });

    it('refuses a wish of a room the caller does not manage (403), of another round or unknown (404), and callers without the right', async () => {
      expect((await put(tokens.jonas, round.id, [{ wishId: club.wishIds[1], version: 0, decision: 'ASKED' }])).statusCode).toBe(403);
      expect((await put(tokens.jonas, round.id, [{ wishId: person.wishIds[0], version: 2, decision: 'ASKED' }])).statusCode).toBe(200);
      expect((await put(tokens.siri, round.id, [{ wishId: 999_999, version: 0, decision: 'ASKED' }])).statusCode).toBe(404);
      expect((await put(tokens.siri, 999_999, [{ wishId: club.wishIds[1], version: 0, decision: 'ASKED' }])).statusCode).toBe(404);
      expect((await put(tokens.nora, round.id, [{ wishId: club.wishIds[1], version: 0, decision: 'ASKED' }])).statusCode).toBe(403);
      expect((await put(tokens.kari, round.id, [{ wishId: club.wishIds[1], version: 0, decision: 'ASKED' }])).statusCode).toBe(403);
      expect((await put(tokens.siri, round.id, [])).statusCode).toBe(400);
      expect(await wishRow(db, club.wishIds[1]!)).toMatchObject({ decision: 'UNDECIDED', version: 0 });
    });

    it('allocates only after the deadline (409 ROUND_NOT_READY) and only while the round is open (409 ROUND_CLOSED)', async () => {
      const l = (await createLocation(db)).id;
      const room = (await createAsset(db, l)).id;
      await setOpeningHours(db, l, '16:00', '22:00');
      await addLocationAdmin(db, l, siri!.email);
      const collecting = await createRound(db, {
        locationIds: [l],
        deadline: inDays(3),
        semesterStart: inDays(10),
        semesterEnd: inDays(40),
      });
      const app = await addRoundApplication(db, {
        round: collecting,
        locationId: l,
        userId: null,
        wishes: [{ roomId: room, weekday: 1, startTime: '17:00', endTime: '18:00' }],
      });
      const siriAgain = (await loginAs(ctx.app, siri!)).accessToken;
      const early = await put(siriAgain, collecting.id, [{ wishId: app.wishIds[0], version: 0, decision: 'ASKED' }]);
      expect(early.statusCode).toBe(409);
      expect(early.json<ApiError>()).toMatchObject({ code: roundErrorCodes.notReady });
      expect(early.json<ApiError>().userMsg).toMatch(/^Fordelingen kan starte etter søknadsfristen \d\d\.\d\d\.\d{4}\.$/);
      expect((await call(ctx.app, siriAgain, 'POST', `/api/admin/rounds/${collecting.id}/suggestion`)).statusCode).toBe(409);
      await db.execute(sql`update application_rounds set status = 'CLOSED', deadline = ${inDays(-1)}::date where id = ${collecting.id}`);
      const closed = await put(siriAgain, collecting.id, [{ wishId: app.wishIds[0], version: 0, decision: 'ASKED' }]);
      expect(closed.statusCode).toBe(409);
      expect(closed.json<ApiError>().code).toBe(roundErrorCodes.closed);
      expect(await wishRow(db, app.wishIds[0]!)).toMatchObject({ decision: 'UNDECIDED', version: 0 });
    });
  });

  describe('the suggestion', () => {
    it('decides only undecided wishes by the fair rule, leaves what people decided, and names itself', async () => {
      const l = (await createLocation(db)).id;
      const court = (await createAsset(db, l, { name: 'Bane' })).id;
      const annex = (await createAsset(db, l, { name: 'Lillesal' })).id;
      await setOpeningHours(db, l, '17:00', '21:00');
      await addLocationAdmin(db, l, siri!.email);
      const r = await createRound(db, { locationIds: [l] });
      const owner = await createUser(db);
      const mk = (name: string, n: string, ageGroup: 'CHILDREN' | 'ADULTS', startTime: string, endTime: string, createdAt: Date) =>
        addRoundApplication(db, {
          round: r,
          locationId: l,
          userId: owner.id,
          organization: { number: n, name },
          ageGroup,
          createdAt,
          wishes: [{ roomId: court, weekday: 3, startTime, endTime }],
        });
      const adults = await mk('Voksenlaget', '944444444', 'ADULTS', '18:00', '20:00', new Date('2026-01-01T08:00:00Z'));
      const kids = await mk('Barnelaget', '955555555', 'CHILDREN', '18:00', '20:00', new Date('2026-01-05T08:00:00Z'));
      const third = await mk('Tredje', '966666666', 'ADULTS', '18:00', '20:00', new Date('2026-01-06T08:00:00Z'));
      const fourth = await mk('Fjerde', '977777777', 'ADULTS', '18:00', '20:00', new Date('2026-01-07T08:00:00Z'));
      const fixed = await mk('Bestemt', '988888888', 'ADULTS', '17:00', '18:00', new Date('2026-01-08T08:00:00Z'));
      const token = (await loginAs(ctx.app, siri!)).accessToken;
      expect(
        (await put(token, r.id, [{ wishId: fixed.wishIds[0], version: 0, decision: 'NONE', reason: 'Bestemt av en person' }])).statusCode,
      ).toBe(200);

      const res = await call(ctx.app, token, 'POST', `/api/admin/rounds/${r.id}/suggestion`);
      expect(res.statusCode).toBe(200);
      expect(res.json<SuggestionResponse>()).toMatchObject({ decided: 4, asked: 1, other: 1, none: 2 });
      // Children first get the asked time; the adults sent first: no two free hours in the court
      // (open 17–21), so the same time in the location's other room; the rest nothing.
      expect(await wishRow(db, kids.wishIds[0]!)).toMatchObject({
        decision: 'ASKED',
        allocAssetId: court,
        allocStartMinute: 18 * 60,
        version: 1,
        updatedByName: 'Forslag (Siri Saksbehandler)',
      });
      const a = await wishRow(db, adults.wishIds[0]!);
      expect(a).toMatchObject({ decision: 'OTHER', allocAssetId: annex, allocStartMinute: 18 * 60 });
      expect(await wishRow(db, third.wishIds[0]!)).toMatchObject({ decision: 'NONE', reason: noTimeReason });
      expect(await wishRow(db, fourth.wishIds[0]!)).toMatchObject({ decision: 'NONE' });
      expect(await wishRow(db, fixed.wishIds[0]!)).toMatchObject({
        decision: 'NONE',
        reason: 'Bestemt av en person',
        version: 1,
        updatedByName: 'Siri Saksbehandler',
      });
      const again = await call(ctx.app, token, 'POST', `/api/admin/rounds/${r.id}/suggestion`);
      expect(again.json<SuggestionResponse>()).toMatchObject({ decided: 0 });
      const [{ n }] = (await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from round_wishes where round_id = ${r.id} and version > 1`,
      )) as [{ n: number }];
      expect(n).toBe(0);
    });

    it("refuses callers who manage none of the round's locations", async () => {
      expect((await call(ctx.app, tokens.nora, 'POST', `/api/admin/rounds/${round.id}/suggestion`)).statusCode).toBe(403);
      expect((await call(ctx.app, tokens.kari, 'POST', `/api/admin/rounds/${round.id}/suggestion`)).statusCode).toBe(403);
      expect((await call(ctx.app, tokens.siri, 'POST', '/api/admin/rounds/999999/suggestion')).statusCode).toBe(404);
    });
  });
});
