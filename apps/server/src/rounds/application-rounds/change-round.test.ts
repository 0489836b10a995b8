import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openRoundOfLocation, roundSummary, type CreateRoundBody } from '@lokaler/domain/application-rounds';
import { applicationRoundLocations, applicationRounds, roundWishes } from '../../db/schema/application-rounds';
import { bookings } from '../../db/schema/bookings';
import type { TestContext } from '../../../test/test-app';
import { call } from '../../../test/admin-test-support';
import { inDays } from '../../../test/factories/calendar';
import { useRoundsWorld } from '../../../test/factories/rounds-world';

/**
 * Changing a semester round (decision 029): PATCH /api/admin/rounds/{id} — its name and dates, within
 * what its applications and the other rounds of its locations allow.
 */
describe('semester rounds', () => {
  const { world, collecting, created } = useRoundsWorld();
  let ctx: TestContext;
  let siri: string;
  let bente: string;
  let kari: string;
  let school: number;
  let otherSchool: number;
  let gym: number;
  beforeAll(() => {
    ({ ctx, siri, bente, kari, school, otherSchool, gym } = world);
  });

  describe('changing a round (PATCH /api/admin/rounds/{id})', () => {
    const patch = (id: number, body: unknown, token: string | null = siri) =>
      call(ctx.app, token, 'PATCH', `/api/admin/rounds/${id}`, body);
    const datesOf = (b: CreateRoundBody) => ({
      name: b.name,
      applicationStart: b.applicationStart,
      deadline: b.deadline,
      semesterStart: b.semesterStart,
      semesterEnd: b.semesterEnd,
    });

    it('moves the deadline to an earlier day: the application period ends and the round allocates', async () => {
      const body = collecting();
      const round = await created(body);
      const res = await patch(round.id, { ...datesOf(body), name: 'Høst skoler 2027', applicationStart: inDays(-3), deadline: inDays(-1) });
      expect(res.statusCode, res.body).toBe(200);
      expect(roundSummary.parse(res.json())).toMatchObject({ name: 'Høst skoler 2027', deadline: inDays(-1), phase: 'ALLOCATING' });
      const openNow = openRoundOfLocation.parse((await ctx.app.inject({ method: 'GET', url: `/api/location/${school}/round` })).json());
      expect(openNow.round).toBeNull();
    });

    it('moves the semester while the round has no application, never over another round of its locations', async () => {
      const body = collecting();
      const round = await created(body);
      await created(
        collecting({
          name: 'Vår skoler',
          applicationStart: inDays(130),
          deadline: inDays(140),
          semesterStart: inDays(150),
          semesterEnd: inDays(250),
        }),
      );
      const moved = await patch(round.id, { ...datesOf(body), semesterEnd: inDays(100) });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(
        (await ctx.database.db.select().from(applicationRoundLocations).where(eq(applicationRoundLocations.roundId, round.id)))[0],
      ).toMatchObject({ semesterEnd: inDays(100) });
      const overlapping = await patch(round.id, { ...datesOf(body), semesterEnd: inDays(160) });
      expect(overlapping.statusCode).toBe(409);
      expect(overlapping.json()).toMatchObject({ code: 'ROUND_OVERLAPS', userMsg: expect.stringContaining('«Vår skoler»') });
      expect((await ctx.database.db.select().from(applicationRounds).where(eq(applicationRounds.id, round.id)))[0]).toMatchObject({
        semesterEnd: inDays(100),
      });
    });

    it('keeps the semester once applications are in, refuses a closed round, bad dates and callers who do not manage every location', async () => {
      const body = collecting({ locationIds: [school, otherSchool] });
      const round = await created(body, bente);
      await ctx.database.db.insert(bookings).values({ locationId: school, caseNumber: 'R-1', durationType: 'SEMESTERLOAN' });
      const [booking] = await ctx.database.db.select().from(bookings);
      await ctx.database.db
        .insert(roundWishes)
        .values({
          roundId: round.id,
          bookingId: booking!.id,
          bookableAssetId: gym,
          weekday: 2,
          startMinute: 1080,
          endMinute: 1140,
          dateCount: 4,
        });

      const semester = await patch(round.id, { ...datesOf(body), semesterEnd: inDays(90) }, bente);
      expect(semester.statusCode).toBe(409);
      expect(semester.json()).toMatchObject({
        code: 'ROUND_NOT_READY',
        userMsg: expect.stringContaining('Semesterets datoer kan ikke endres'),
      });
      expect((await patch(round.id, { ...datesOf(body), deadline: inDays(7) }, bente)).statusCode).toBe(400);
      // Siri administers Sagene skole only: the round is Bjølsen's too.
      expect((await patch(round.id, { ...datesOf(body), deadline: inDays(2) }, siri)).statusCode).toBe(403);
      expect((await patch(round.id, { ...datesOf(body), deadline: inDays(2) }, null)).statusCode).toBe(401);
      expect((await patch(round.id, { ...datesOf(body), deadline: inDays(2) }, kari)).statusCode).toBe(403);
      await ctx.database.db.update(applicationRounds).set({ status: 'CLOSED' }).where(eq(applicationRounds.id, round.id));
      const closed = await patch(round.id, { ...datesOf(body), deadline: inDays(2) }, bente);
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({ code: 'ROUND_CLOSED' });
      expect((await ctx.database.db.select().from(applicationRounds))[0]).toMatchObject({ deadline: inDays(5), semesterEnd: inDays(120) });
    });
  });
});
