import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roundDetail,
  roundSummary,
  type CloseRoundResponse,
  type RoundConflicts,
  type SuggestionResponse,
} from '@lokaler/domain/application-rounds';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addFlow, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { reservations } from '../../db/schema/bookings';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { call, trailOf } from '../../../test/admin-test-support';

/**
 * A round from start to end through the API only (decision 031): the round opened, two semester
 * applications sent through the apply flow while it collects (IN_ROUND dates and wishes), then after
 * the deadline the conflict view, the suggestion and the closing, which answers both.
 */
describe('a semester round from the applications to the answers', () => {
  let ctx: TestContext;
  let siri: string;
  let kari: string;
  let ola: string;
  let school: number;
  let gym: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const flow = await addFlow(db, 'school');
    school = (await createLocation(db, { name: 'Sagene skole' })).id;
    await setOpeningHours(db, school, '16:00', '22:00');
    gym = (await createAsset(db, school, { name: 'Gymsal', bookingFlowId: flow.id })).id;
    await createAsset(db, school, { name: 'Aula', bookingFlowId: flow.id });
    await addLocationAdmin(db, school, testAdmins[0]!.email);
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    ola = (await loginAs(ctx.app, testCitizens[1]!)).accessToken;
  });
  afterAll(() => ctx.close());

  it('collects, shows the clash, suggests, and answers each applicant once', async () => {
    const opened = await call(ctx.app, siri, 'POST', '/api/admin/rounds', {
      name: 'Høst skoler',
      applicationStart: inDays(-3),
      deadline: inDays(5),
      semesterStart: inDays(7),
      semesterEnd: inDays(60),
      locationIds: [school],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const round = roundSummary.parse(opened.json());
    const firstDate = inDays(14);
    const apply = async (token: string, startTime: string, ageGroup: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: bearer(token),
        payload: {
          availabilityData: {
            probablyAvailable: [
              {
                bookableAssetId: gym,
                datesAndTimes: Array.from({ length: 4 }, (_, i) => ({
                  date: addDays(firstDate, 7 * i),
                  startTime,
                  duration: 'PT2H',
                  initialRepetitionDate: firstDate,
                })),
              },
            ],
          },
          isRepeating: true,
          bookingPortalClient: 'PUBLIC',
          bookingPurpose: 'PUBLICUSER_LOAN',
          formAnswers: {
            activity: 'Innebandy',
            purpose: 'Trening',
            participants: 18,
            ageGroup,
            contactEmail: 'soker@example.no',
            contactPhone: '41234567',
          },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ bookingId: number }>().bookingId;
    };
    const adults = await apply(kari, '18:00:00', 'ADULTS');
    const children = await apply(ola, '19:00:00', 'CHILDREN');

    // Allocation waits for the deadline.
    expect((await call(ctx.app, siri, 'POST', `/api/admin/rounds/${round.id}/suggestion`)).statusCode).toBe(409);
    await ctx.database.db.execute(sql`update application_rounds set deadline = ${inDays(-1)}::date where id = ${round.id}`);

    const view = (await call(ctx.app, siri, 'GET', `/api/admin/rounds/${round.id}/conflicts?roomId=${gym}`)).json<RoundConflicts>();
    expect(view.wishes.map((w) => [w.bookingId, w.startTime, w.endTime, w.dateCount, w.clashesWith.length])).toEqual([
      [adults, '18:00', '20:00', 4, 1],
      [children, '19:00', '21:00', 4, 1],
    ]);
    const suggestion = await call(ctx.app, siri, 'POST', `/api/admin/rounds/${round.id}/suggestion`);
    expect(suggestion.json<SuggestionResponse>()).toMatchObject({ decided: 2, asked: 1, other: 1, none: 0 });
    const detail = roundDetail.parse((await call(ctx.app, siri, 'GET', `/api/admin/rounds/${round.id}`)).json());
    expect(detail.undecidedCount).toBe(0);

    const closed = await call(ctx.app, siri, 'POST', `/api/admin/rounds/${round.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<CloseRoundResponse>()).toEqual({ status: 'CLOSED', approved: 2, partlyApproved: 0, rejected: 0 });
    // The children got their asked time; the adults the nearest free two hours (17–19) in the gym.
    const childTrail = await trailOf(ctx.database.db, children);
    expect(childTrail).toMatchObject({
      status: 'APPROVED',
      changeLogTypes: expect.arrayContaining(['BookingApproval']),
      mailKinds: expect.arrayContaining(['BookingApproval']),
    });
    expect(childTrail.reservationStatuses).toEqual(Array(4).fill('APPROVED'));
    const adultTrail = await trailOf(ctx.database.db, adults);
    expect(adultTrail.status).toBe('APPROVED');
    expect(adultTrail.changeLogTypes.slice(-2)).toEqual(['ReservationChange', 'BookingApproval']);
    const approved = await ctx.database.db.select().from(reservations).where(eq(reservations.bookingId, adults));
    expect(approved.filter((r) => r.status === 'APPROVED').map((r) => [r.bookableAssetId, r.startTime])).toEqual(
      Array(4).fill([gym, '17:00:00']),
    );
    expect(approved.filter((r) => r.status === 'REPLACED')).toHaveLength(4);
  });
});
