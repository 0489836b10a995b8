import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { Location } from '@lokaler/domain/location';
import { openDataCatalogue, openDataFreeTimes } from '@lokaler/domain/open-data';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import type { ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { seedDemoDataIfEmpty } from '../../seed/index';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { inDays, osloToday } from '../../../test/factories/calendar';
import { freeIntervalsOf } from './free-times';

/** The open data on the demo city (decision 061): the same rooms and free times as the portal's own reads, at scale. */
describe('open data on the demo data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoDataIfEmpty(ctx.database.db, { today: osloToday() });
  });
  afterAll(() => ctx.close());
  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api${url}` });

  it('holds every location of GET /api/location with exactly the rooms of its GET /api/location/{id}/bookableassets', async () => {
    const catalogue = openDataCatalogue.parse((await get('/open-data/catalogue.json')).json());
    const portal = (await get('/location')).json<Location[]>();
    expect(portal.length).toBeGreaterThanOrEqual(60);
    expect(catalogue.locations.map((l) => l.id)).toEqual(portal.map((l) => l.id));
    let rooms = 0;
    for (const location of catalogue.locations) {
      const shown = (await get(`/location/${location.id}/bookableassets`)).json<BookableAsset[]>();
      expect(location.rooms.map((r) => [r.id, r.displayName, r.capacity, r.accessibility])).toEqual(
        shown.map((r) => [r.id, r.displayName, r.capacity, r.uu]),
      );
      rooms += shown.length;
    }
    expect(rooms).toBeGreaterThan(100);
    expect(catalogue.locations.some((l) => l.rooms.some((r) => r.accessibility.length > 0 && r.openingHours.length > 0))).toBe(true);
  }, 120_000); // Every location and its rooms through the routes: not a speed bound (decision 072).

  it('answers for every room and date of four weeks the free times GET /api/schedule shows', async () => {
    const from = inDays(0);
    const to = addDays(from, 27);
    const res = await get(`/open-data/free-times?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const answer = openDataFreeTimes.parse(res.json());
    expect(answer.rooms.length).toBeGreaterThan(100);
    expect(answer.rooms.some((r) => r.dates.some((d) => d.free.length > 1))).toBe(true);
    for (let i = 0; i < answer.rooms.length; i += 20) {
      const batch = answer.rooms.slice(i, i + 20);
      const ids = batch.map((r) => `bookableAssetIds=${r.roomId}`).join('&');
      const schedule = (await get(`/schedule?${ids}&fromInclusive=${from}&toInclusive=${to}`)).json<ScheduleResponse>();
      expect(batch.map((r) => r.dates)).toEqual(
        schedule.map((s) => Object.entries(s.timeslotsByDate).map(([date, slots]) => ({ date, free: freeIntervalsOf(date, slots) }))),
      );
    }
  }, 120_000); // Every room and date of four weeks: not a speed bound (decision 072).
});
