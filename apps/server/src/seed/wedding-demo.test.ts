import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { testAdmins, testCitizens } from './test-users';
import { bearer, loginAs } from '../../test/login';
import { createTestApp, type TestContext } from '../../test/test-app';
import { citizenSession } from '../../test/factories/applicant';
import { inDays } from '../../test/factories/calendar';
import { takeWeddingTimes, weddingTime } from '../../test/factories/wedding';
import { queryRows } from '../db/client';
import { seedDemoDataIfEmpty } from './index';

/**
 * On a fresh start (the demo built around today) the town hall has free wedding
 * times in the weeks a citizen may book (from its processing time of 28 days on), Kari can take one,
 * and Vigdis, its administrator, sees the booking.
 */
describe('the demo wedding venue on a fresh start', () => {
  let ctx: TestContext;
  let rooms: number[];

  beforeAll(async () => {
    ctx = await createTestApp();
    expect(await seedDemoDataIfEmpty(ctx.database.db)).toBe(true);
    rooms = (
      await queryRows<{ id: number }>(
        ctx.database.db,
        sql`
      select a.id from bookable_assets a join locations l on l.id = a.location_id where l.name = 'Oslo rådhus' order by a.id`,
      )
    ).map((r) => Number(r.id));
  });
  afterAll(() => ctx.close());

  /** The free half-hour wedding times (two free 15-minute slots from :00 or :30) per room and date. */
  const freeTimes = async (from: string, to: string) => {
    const query = `${rooms.map((id) => `bookableAssetIds=${id}`).join('&')}&fromInclusive=${from}&toInclusive=${to}`;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/schedule?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const free: Array<{ roomId: number; date: string; startTime: string }> = [];
    for (const room of res.json<ScheduleResponse>()) {
      for (const [date, slots] of Object.entries(room.timeslotsByDate)) {
        const open = (s: (typeof slots)[number] | undefined) => s !== undefined && s.bookingAllowed && !s.booked && !s.blocked;
        slots.forEach((slot, i) => {
          if (/:(00|30):00$/.test(slot.startTime) && open(slot) && open(slots[i + 1]))
            free.push({ roomId: room.bookableAssetId, date, startTime: slot.startTime.slice(-8) });
        });
      }
    }
    return free;
  };

  it('has free wedding times in each of the first four weeks a citizen may book', async () => {
    expect(rooms.length).toBeGreaterThan(0);
    for (let week = 0; week < 4; week++) {
      const free = await freeTimes(inDays(28 + week * 7), inDays(34 + week * 7));
      expect([week, free.length >= 10]).toEqual([week, true]);
    }
  });

  it("lets Kari take one, and Vigdis, the venue's administrator, sees it", async () => {
    const [first] = await freeTimes(inDays(28), inDays(34));
    const kari = await citizenSession(
      ctx.app,
      testCitizens.find((c) => c.givenName === 'Kari')!,
    );
    const res = await takeWeddingTimes(kari, first!.roomId, [weddingTime(first!.date, first!.startTime)]);
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId } = res.json<{ bookingId: number }>();
    const vigdis = (
      await loginAs(
        ctx.app,
        testAdmins.find((a) => a.givenName === 'Vigdis')!,
        { client: 'admin' },
      )
    ).accessToken;
    const view = await ctx.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: bearer(vigdis) });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ locationName: 'Oslo rådhus', sourceForm: 'wedding', userName: 'Kari Nordmann' });
  });

  it('has the demo citizens Kari, Ola and Amina', () => {
    expect(
      ['Kari Nordmann', 'Ola Nordmann', 'Amina Hassan'].every((n) => testCitizens.some((c) => `${c.givenName} ${c.familyName}` === n)),
    ).toBe(true);
  });
});
