import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { roundErrorCodes, type CloseRoundResponse } from '@lokaler/domain/application-rounds';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, setOpeningHours } from '../../../test/factories/calendar';
import { addRoundApplication, createRound, semesterDates, type RoundApplication } from '../../../test/factories/application-rounds';
import { queryRows, type Db } from '../../db/client';
import { applicationRounds } from '../../db/schema/application-rounds';
import { changeLog } from '../../db/schema/bookings';
import { testAdmins } from '../../seed/test-users';
import { call, trailOf } from '../../../test/admin-test-support';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { AppError } from '../../errors';
import { closeRound } from './close-round';
import { busyAtClosingReason } from './decide-application';
import { ROUND_CLOSING_JOB } from './round-closing-job';

const [siri, jonas] = testAdmins;

async function roundStatus(db: Db, id: number) {
  const [row] = await db.select().from(applicationRounds).where(eq(applicationRounds.id, id));
  return row!;
}

async function overlapsOfActiveTimes(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reservations a join reservations b
    on a.bookable_asset_id = b.bookable_asset_id and a.id < b.id and a.period && b.period
    where a.status in ('UNPROCESSED', 'APPROVED') and b.status in ('UNPROCESSED', 'APPROVED')`,
  );
  return Number(row!.n);
}

describe('closing a round (POST /api/admin/rounds/{id}/close)', () => {
  let ctx: TestContext;
  let db: Db;
  let siriToken: string;
  let jonasToken: string;
  let schoolA: number;
  let schoolB: number;
  let gym: number;
  let hall: number;
  let roomB: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    schoolA = (await createLocation(db, { name: 'Sagene skole' })).id;
    schoolB = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    gym = (await createAsset(db, schoolA, { name: 'Gymsal' })).id;
    hall = (await createAsset(db, schoolA, { name: 'Aula' })).id;
    roomB = (await createAsset(db, schoolB, { name: 'Musikkrom' })).id;
    for (const l of [schoolA, schoolB]) await setOpeningHours(db, l, '08:00', '22:00');
    for (const l of [schoolA, schoolB]) await addLocationAdmin(db, l, siri!.email);
    await addLocationAdmin(db, schoolB, jonas!.email);
    siriToken = (await loginAs(ctx.app, siri!)).accessToken;
    jonasToken = (await loginAs(ctx.app, jonas!)).accessToken;
  });
  afterAll(() => ctx.close());

  const close = (token: string, id: number) => call(ctx.app, token, 'POST', `/api/admin/rounds/${id}/close`);
  const allocate = (token: string, id: number, changes: unknown[]) =>
    call(ctx.app, token, 'PUT', `/api/admin/rounds/${id}/allocations`, { changes });

  /** A round of both schools with one semester each, shifted so that rounds of one test never overlap another's. */
  let shift = 0;
  async function freshRound(fields: { deadline?: string } = {}) {
    shift += 70;
    const semesterStart = addDays(semesterDates(addDays('2027-01-04', shift), '2030-01-01', 1)[0]!, 0);
    return createRound(db, { locationIds: [schoolA, schoolB], semesterStart, semesterEnd: addDays(semesterStart, 27), ...fields });
  }

  it("answers every application at once: approvals, changed times as 'Endret', partial approvals and rejections, one e-mail each", async () => {
    const round = await freshRound();
    const owner = await createUser(db);
    const asked = await addRoundApplication(db, {
      round,
      locationId: schoolA,
      userId: owner.id,
      organization: { number: '911111111', name: 'Sagene IF' },
      wishes: [{ roomId: gym, weekday: 2, startTime: '18:00', endTime: '20:00' }],
    });
    const moved = await addRoundApplication(db, {
      round,
      locationId: schoolA,
      userId: owner.id,
      organization: { number: '922222222', name: 'Skolekorpset' },
      wishes: [
        { roomId: gym, weekday: 2, startTime: '19:00', endTime: '21:00' },
        { roomId: gym, weekday: 4, startTime: '17:00', endTime: '18:00' },
      ],
    });
    const refused = await addRoundApplication(db, {
      round,
      locationId: schoolB,
      userId: owner.id,
      wishes: [{ roomId: roomB, weekday: 1, startTime: '18:00', endTime: '19:00' }],
    });
    const withdrawn = await addRoundApplication(db, {
      round,
      locationId: schoolB,
      userId: owner.id,
      status: 'CANCELLED',
      wishes: [{ roomId: roomB, weekday: 3, startTime: '18:00', endTime: '19:00' }],
    });
    // One Tuesday of the asked time is blocked after the allocation.
    const tuesdays = semesterDates(round.semesterStart, round.semesterEnd, 2);
    await addBlockedTime(db, gym, tuesdays[1]!, '18:30', 30);

    const undecided = await close(siriToken, round.id);
    expect(undecided.statusCode).toBe(409);
    expect(undecided.json<ApiError>()).toMatchObject({
      code: roundErrorCodes.notReady,
      userMsg: '4 ønsker er ikke fordelt ennå. Fordel alle ønskene (eller lag et forslag) før runden lukkes.',
    });
    expect((await roundStatus(db, round.id)).status).toBe('OPEN');

    const res = await allocate(siriToken, round.id, [
      { wishId: asked.wishIds[0], version: 0, decision: 'ASKED' },
      {
        wishId: moved.wishIds[0],
        version: 0,
        decision: 'OTHER',
        allocated: { roomId: hall, weekday: 3, startTime: '19:00', endTime: '20:30' },
        reason: 'Gymsalen var tatt.',
      },
      { wishId: moved.wishIds[1], version: 0, decision: 'ASKED' },
      { wishId: refused.wishIds[0], version: 0, decision: 'NONE', reason: 'Rommet er tildelt barn og unge.' },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await close(jonasToken, round.id)).statusCode).toBe(403);

    const closed = await close(siriToken, round.id);
    expect(closed.statusCode).toBe(200);
    // Changed times are an approval; partly approved: a date refused (the blocked Tuesday).
    expect(closed.json<CloseRoundResponse>()).toEqual({ status: 'CLOSED', approved: 1, partlyApproved: 1, rejected: 1 });
    expect(await roundStatus(db, round.id)).toMatchObject({ status: 'CLOSED', closedAt: expect.any(Date) });

    const a = await trailOf(db, asked.bookingId);
    expect(a.status).toBe('APPROVED');
    expect(a.reservationStatuses.filter((s) => s === 'APPROVED')).toHaveLength(3);
    expect(a.reservationStatuses.filter((s) => s === 'REJECTED')).toHaveLength(1);
    expect(a.changeLogTypes).toEqual(['ReservationRejection', 'BookingApproval']);
    expect(a.mailKinds).toEqual(['BookingApproval']);
    const [rejection] = await db.select().from(changeLog).where(eq(changeLog.bookingId, asked.bookingId)).orderBy(changeLog.id);
    expect(rejection).toMatchObject({ comment: busyAtClosingReason, userName: 'Siri Saksbehandler' });

    const m = await trailOf(db, moved.bookingId);
    expect(m.status).toBe('APPROVED');
    expect(m.reservationStatuses.filter((s) => s === 'REPLACED')).toHaveLength(4);
    expect(m.reservationStatuses.filter((s) => s === 'APPROVED')).toHaveLength(8);
    expect(m.reservationStatuses).not.toContain('IN_ROUND');
    expect(m.changeLogTypes).toEqual(['ReservationChange', 'BookingApproval']);
    expect(m.mailKinds).toEqual(['BookingApproval']);
    const [change] = await db.select().from(changeLog).where(eq(changeLog.bookingId, moved.bookingId)).orderBy(changeLog.id);
    expect(change!.comment).toBe('Gymsalen var tatt.');
    expect(change!.reservationTimes![0]!.assetDescription).toBe('Gymsal');
    expect(change!.reservationTimes![0]!.times[0]).toMatch(/19:00–21:00$/);
    expect(change!.newReservationTimes![0]!.assetDescription).toBe('Aula');
    expect(change!.newReservationTimes![0]!.times[0]).toMatch(/19:00–20:30$/);
    // The new dates are the Wednesdays of the same weeks.
    const newDates = await queryRows<{ date: string; dow: number }>(
      db,
      sql`select date::text as date, extract(isodow from date)::int as dow from reservations
      where booking_id = ${moved.bookingId} and bookable_asset_id = ${hall} and status = 'APPROVED' order by date`,
    );
    expect(newDates.map((d) => d.date)).toEqual(tuesdays.map((t) => addDays(t, 1)));
    const [mail] = await queryRows<{ text: string; subject: string }>(
      db,
      sql`select body as text, subject from mail_outbox where (topic ->> 'bookingId')::int = ${moved.bookingId}`,
    );
    expect(mail!.subject).toMatch(/^Søknaden din er godkjent med endrede tider – /);
    expect(mail!.text).toContain('Endret:');
    expect(mail!.text).toContain('Aula: onsdag 19:00–20:30 (4 datoer');
    expect(mail!.text).toContain('Tildelt som søkt:');

    const r = await trailOf(db, refused.bookingId);
    expect(r).toMatchObject({
      status: 'REJECTED',
      changeLogTypes: ['BookingRejection'],
      mailKinds: ['BookingRejection'],
      decisionMessages: 1,
    });
    expect(r.reservationStatuses.every((s) => s === 'REJECTED')).toBe(true);
    const [refusal] = await db.select().from(changeLog).where(eq(changeLog.bookingId, refused.bookingId));
    expect(refusal!.comment).toBe('Rommet er tildelt barn og unge.');

    expect((await trailOf(db, withdrawn.bookingId)).status).toBe('CANCELLED');
    expect(await overlapsOfActiveTimes(db)).toBe(0);

    const twice = await close(siriToken, round.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiError>()).toMatchObject({ code: roundErrorCodes.closed, userMsg: 'Runden er allerede lukket.' });
    const afterTwice = await trailOf(db, moved.bookingId);
    expect(afterTwice.mailKinds).toEqual(['BookingApproval']);
  });

  it('refuses closing before the deadline, by someone who does not manage every location, or an unknown round', async () => {
    const round = await freshRound({ deadline: addDays(new Date().toISOString().slice(0, 10), 5) });
    const early = await close(siriToken, round.id);
    expect(early.statusCode).toBe(409);
    expect(early.json<ApiError>().code).toBe(roundErrorCodes.notReady);
    expect(early.json<ApiError>().userMsg).toMatch(/^Runden kan lukkes etter søknadsfristen/);
    expect((await close(jonasToken, round.id)).statusCode).toBe(403);
    expect((await close(siriToken, 999_999)).statusCode).toBe(404);
    expect((await call(ctx.app, null, 'POST', `/api/admin/rounds/${round.id}/close`)).statusCode).toBe(401);
    expect((await roundStatus(db, round.id)).status).toBe('OPEN');
  });

  it('a crash midway leaves each application fully answered or untouched, and the job (or closing again) finishes the rest', async () => {
    const round = await freshRound();
    const owner = await createUser(db);
    const apps: RoundApplication[] = [];
    for (let i = 0; i < 6; i++) {
      apps.push(
        await addRoundApplication(db, {
          round,
          locationId: schoolA,
          userId: owner.id,
          organization: { number: `9000000${10 + i}`, name: `Lag ${i}` },
          wishes: [{ roomId: gym, weekday: 1 + (i % 5), startTime: `${10 + i}:00`, endTime: `${11 + i}:00` }],
        }),
      );
    }
    const res = await allocate(
      siriToken,
      round.id,
      apps.map((a, i) => ({ wishId: a.wishIds[0], version: 0, decision: i % 2 ? 'ASKED' : 'NONE', reason: i % 2 ? null : 'Ikke plass.' })),
    );
    expect(res.statusCode).toBe(200);

    const failing = apps[2]!.bookingId;
    const user: AuthenticatedUser = {
      userId: owner.id,
      sub: 'x',
      name: 'Siri Saksbehandler',
      email: null,
      portal: 'ADMIN',
      clientId: 'admin',
      adminLocationIds: [schoolA, schoolB],
      cityAdmin: false,
    };
    const error = await closeRound({
      db,
      user,
      roundId: round.id,
      publicUrl: 'http://localhost',
      beforeDecision: async (_tx, bookingId) => {
        if (bookingId === failing) throw new Error('the process died here');
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect((await roundStatus(db, round.id)).status).toBe('CLOSING');

    let untouched = 0;
    for (const app of apps) {
      const trail = await trailOf(db, app.bookingId);
      if (trail.status === 'UNPROCESSED') {
        untouched++;
        expect(trail).toMatchObject({ changeLogTypes: [], mailKinds: [] });
        expect(trail.reservationStatuses.every((s) => s === 'IN_ROUND')).toBe(true);
      } else {
        expect(trail.mailKinds).toHaveLength(1);
        expect(trail.reservationStatuses).not.toContain('IN_ROUND');
      }
    }
    expect(untouched).toBeGreaterThanOrEqual(1);
    expect((await trailOf(db, failing)).status).toBe('UNPROCESSED');

    // Allocations no longer change while closing.
    const late = await allocate(siriToken, round.id, [{ wishId: apps[2]!.wishIds[0], version: 1, decision: 'ASKED' }]);
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiError>().code).toBe(roundErrorCodes.closed);

    await ctx.app.jobs.runNow(ROUND_CLOSING_JOB);
    expect((await roundStatus(db, round.id)).status).toBe('CLOSED');
    for (const [i, app] of apps.entries()) {
      const trail = await trailOf(db, app.bookingId);
      expect(trail.status).toBe(i % 2 ? 'APPROVED' : 'REJECTED');
      expect(trail.mailKinds).toHaveLength(1);
      expect(trail.reservationStatuses).not.toContain('IN_ROUND');
    }
    const [byJob] = await db.select().from(changeLog).where(eq(changeLog.bookingId, failing));
    expect(byJob!.userName).toBe('System');
    expect((await close(siriToken, round.id)).statusCode).toBe(409);
  });

  it('a request to close a CLOSING round finishes it', async () => {
    const round = await freshRound();
    const app = await addRoundApplication(db, {
      round,
      locationId: schoolB,
      userId: null,
      wishes: [{ roomId: roomB, weekday: 2, startTime: '17:00', endTime: '18:00' }],
    });
    expect((await allocate(siriToken, round.id, [{ wishId: app.wishIds[0], version: 0, decision: 'ASKED' }])).statusCode).toBe(200);
    await db.execute(sql`update application_rounds set status = 'CLOSING' where id = ${round.id}`);
    const res = await close(siriToken, round.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<CloseRoundResponse>()).toEqual({ status: 'CLOSED', approved: 1, partlyApproved: 0, rejected: 0 });
  });
});
