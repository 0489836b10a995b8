import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { testAdmins } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, addReservation, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { getSchedule } from './get-schedule';
import { publicScheduleBody, ScheduleCache } from './schedule-cache';
import { readScheduleVersions, scheduleVersionReader } from './schedule-versions-repository';

type Slot = ScheduleResponse[number]['timeslotsByDate'][string][number];

/**
 * The public schedule's kept answers (ADR 008): every change is written straight to the database, as
 * another server process would, and must be in the very next answer.
 */
describe('GET /api/schedule kept between requests', () => {
  let ctx: TestContext;
  let locationId: number;
  let gym: number;
  let hall: number;
  let userId: number;
  let siri: string;
  const day = inDays(3);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Sagene skole' })).id;
    await setOpeningHours(db, locationId, '16:00', '18:00');
    gym = (await createAsset(db, locationId, { name: 'Gymsal' })).id;
    hall = (await createAsset(db, locationId, { name: 'Aula' })).id;
    userId = (await createUser(db)).id;
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    siri = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
  });
  afterAll(() => ctx.close());

  const url = (id: number, extra = '') => `/api/schedule?bookableAssetIds=${id}&fromInclusive=${day}&toInclusive=${inDays(9)}${extra}`;
  const get = (path: string, token?: string) => ctx.app.inject({ method: 'GET', url: path, headers: token ? bearer(token) : {} });
  const slotsAt = async (id: number, date = day): Promise<Slot[]> => {
    const res = await get(url(id));
    expect(res.statusCode).toBe(200);
    return res.json<ScheduleResponse>()[0]!.timeslotsByDate[date]!;
  };
  const slot = (slots: Slot[], time: string) => slots.find((s) => s.startTime === time);
  const exec = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

  it('sends the same bytes and content type as without the cache', async () => {
    await addReservation(ctx.database.db, { locationId, userId, bookableAssetId: gym, date: day, startTime: '16:00', durationMinutes: 30 });
    const first = await get(url(gym));
    const second = await get(url(gym));
    // An anonymous caller's reservationIdsToIgnore are dropped: the same answer, computed without the cache.
    const uncached = await get(url(gym, '&reservationIdsToIgnore=999999'));
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(uncached.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-type']).toBe(uncached.headers['content-type']);
    expect(second.headers['content-length']).toBe(uncached.headers['content-length']);
    const fresh = await getSchedule({
      db: ctx.database.db,
      query: { bookableAssetIds: [gym], fromInclusive: day, toInclusive: inDays(9) },
      access: { kind: 'public' },
    });
    expect(first.payload).toBe(JSON.stringify(fresh));
  });

  it('shows a new booking, a cancellation, a blocked time and its removal in the very next answer', async () => {
    expect(slot(await slotsAt(gym), '17:00:00')).toMatchObject({ booked: false });
    const { reservationId } = await addReservation(ctx.database.db, {
      locationId,
      userId,
      bookableAssetId: gym,
      date: day,
      startTime: '17:00',
      durationMinutes: 60,
    });
    expect(slot(await slotsAt(gym), '17:00:00')).toMatchObject({ booked: true });
    await exec(sql`update reservations set status = 'CANCELLED' where id = ${reservationId}`);
    expect(slot(await slotsAt(gym), '17:00:00')).toMatchObject({ booked: false });
    await exec(sql`update reservations set status = 'APPROVED' where id = ${reservationId}`);
    expect(slot(await slotsAt(gym), '17:00:00')).toMatchObject({ booked: true });
    await exec(sql`delete from reservations where id = ${reservationId}`);
    expect(slot(await slotsAt(gym), '17:00:00')).toMatchObject({ booked: false });

    await addBlockedTime(ctx.database.db, gym, day, '17:30:00', 30);
    expect(slot(await slotsAt(gym), '17:30:00')).toMatchObject({ blocked: true, bookingAllowed: false });
    await exec(sql`update blocked_times set start_time = '16:30' where bookable_asset_id = ${gym}`);
    const moved = await slotsAt(gym);
    expect(slot(moved, '17:30:00')).toMatchObject({ blocked: false, bookingAllowed: true });
    expect(slot(moved, '16:30:00')).toMatchObject({ blocked: true });
    await exec(sql`delete from blocked_times where bookable_asset_id = ${gym}`);
    expect(slot(await slotsAt(gym), '16:30:00')).toMatchObject({ blocked: false });
  });

  it('shows a reservation moved to another room in both rooms', async () => {
    const { reservationId } = await addReservation(ctx.database.db, {
      locationId,
      userId,
      bookableAssetId: gym,
      date: day,
      startTime: '17:45',
      durationMinutes: 15,
    });
    expect(slot(await slotsAt(gym), '17:45:00')).toMatchObject({ booked: true });
    expect(slot(await slotsAt(hall), '17:45:00')).toMatchObject({ booked: false });
    await exec(sql`update reservations set bookable_asset_id = ${hall} where id = ${reservationId}`);
    expect(slot(await slotsAt(gym), '17:45:00')).toMatchObject({ booked: false });
    expect(slot(await slotsAt(hall), '17:45:00')).toMatchObject({ booked: true });
    await exec(sql`delete from reservations where id = ${reservationId}`);
  });

  it('shows changed opening hours, closed dates, behandlingstid and an unpublished room in the very next answer', async () => {
    expect((await slotsAt(gym)).map((s) => s.startTime).at(-1)).toBe('17:45:00');
    await exec(sql`update opening_hours set closes = '19:00' where location_id = ${locationId}`);
    expect((await slotsAt(gym)).map((s) => s.startTime).at(-1)).toBe('18:45:00');
    await exec(sql`insert into closed_dates (location_id, date) values (${locationId}, ${day})`);
    expect((await slotsAt(gym)).every((s) => !s.bookingAllowed)).toBe(true);
    await exec(sql`delete from closed_dates where location_id = ${locationId}`);
    expect((await slotsAt(gym)).every((s) => s.bookingAllowed)).toBe(true);
    await exec(sql`update locations set behandlingstid = 5 where id = ${locationId}`);
    expect((await slotsAt(gym)).every((s) => !s.bookingAllowed)).toBe(true);
    await exec(sql`update locations set behandlingstid = 0 where id = ${locationId}`);
    expect((await slotsAt(gym)).every((s) => s.bookingAllowed)).toBe(true);
    await exec(sql`update bookable_assets set status = 'UNPUBLISHED' where id = ${gym}`);
    expect((await get(url(gym))).statusCode).toBe(404);
    await exec(sql`update bookable_assets set status = 'PUBLISHED' where id = ${gym}`);
    expect((await get(url(gym))).statusCode).toBe(200);
  });

  it("keeps a room's answer when another location's fixed data changes, and answers anew when its own does", async () => {
    const cache = new ScheduleCache();
    const db = ctx.database.db;
    const elsewhere = (await createLocation(db, { name: 'Annen skole' })).id;
    const query = { bookableAssetIds: [gym], fromInclusive: day, toInclusive: inDays(9) };
    const first = await publicScheduleBody({ db, cache, query });
    await setOpeningHours(db, elsewhere, '08:00', '10:00');
    await createAsset(db, elsewhere, { name: 'Annen sal' });
    expect(await publicScheduleBody({ db, cache, query })).toBe(first);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
    await exec(sql`update locations set behandlingstid = 5 where id = ${locationId}`);
    const changed = await publicScheduleBody({ db, cache, query });
    expect(changed.equals(first)).toBe(false);
    await exec(sql`update locations set behandlingstid = 0 where id = ${locationId}`);
    expect((await publicScheduleBody({ db, cache, query })).equals(first)).toBe(true);
    expect(cache.misses).toBe(3);
  });

  it("keeps a room's answer when another room changes, and answers anew when that room changes", async () => {
    const cache = new ScheduleCache();
    const db = ctx.database.db;
    const query = { bookableAssetIds: [gym], fromInclusive: day, toInclusive: inDays(9) };
    const first = await publicScheduleBody({ db, cache, query });
    await addReservation(db, { locationId, userId, bookableAssetId: hall, date: day, startTime: '16:00', durationMinutes: 60 });
    await addBlockedTime(db, hall, day, '17:00:00', 15);
    const second = await publicScheduleBody({ db, cache, query });
    expect(second).toBe(first);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
    // The engine's reader (a prepared statement on PostgreSQL) reads the same versions.
    expect(await scheduleVersionReader(ctx.database)([gym, hall])).toBe(await readScheduleVersions(db, [gym, hall]));
    await addBlockedTime(db, gym, inDays(9), '17:00:00', 15);
    const third = await publicScheduleBody({ db, cache, query });
    expect(third.equals(first)).toBe(false);
    expect(cache.misses).toBe(2);
    await exec(sql`delete from blocked_times`);
    await exec(sql`delete from reservations where bookable_asset_id = ${hall}`);
  });

  it('sees a truncation of the reservations', async () => {
    await addReservation(ctx.database.db, { locationId, userId, bookableAssetId: gym, date: day, startTime: '17:00', durationMinutes: 60 });
    expect(slot(await slotsAt(gym), '17:00:00')).toMatchObject({ booked: true });
    await exec(sql`truncate reservations`);
    expect(slot(await slotsAt(gym), '17:00:00')).toMatchObject({ booked: false });
  });

  it('follows the clock: the same bytes as a fresh answer at every moment of a day, kept within a slot', async () => {
    const cache = new ScheduleCache();
    const db = ctx.database.db;
    // Summer time (UTC+2); the room is open 16:00–19:00 here.
    const query = { bookableAssetIds: [gym], fromInclusive: '2030-06-09', toInclusive: '2030-06-15' };
    const moments: string[] = [];
    for (let minute = 15 * 60 + 50; minute <= 19 * 60 + 10; minute += 5) {
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      moments.push(`${hhmm}:00`, `${hhmm}:01`, `${hhmm}:59`);
    }
    for (const time of ['00:00:00', '23:59:59']) moments.push(time);
    for (const time of moments) {
      const now = new Date(`2030-06-10T${time}+02:00`);
      const body = await publicScheduleBody({ db, cache, query, now });
      const fresh = JSON.stringify(await getSchedule({ db, query, access: { kind: 'public' }, now }));
      expect(body.toString(), time).toBe(fresh);
    }
    // Kept within a slot: 16:00:01–16:15:00 is one key (16:05, 16:10 and 16:15:00 hit).
    expect(cache.hits).toBeGreaterThan(moments.length / 2);
    // The next day the answer of a week not containing it does not depend on the time.
    const later = new ScheduleCache();
    const q2 = { bookableAssetIds: [gym], fromInclusive: '2030-06-12', toInclusive: '2030-06-15' };
    await publicScheduleBody({ db, cache: later, query: q2, now: new Date('2030-06-10T09:00:00+02:00') });
    await publicScheduleBody({ db, cache: later, query: q2, now: new Date('2030-06-10T17:00:00+02:00') });
    expect(later.hits).toBe(1);
  });

  it("is bypassed by the administrator's schedule and by reservations to ignore", async () => {
    const { reservationId } = await addReservation(ctx.database.db, {
      locationId,
      userId,
      bookableAssetId: gym,
      date: day,
      startTime: '17:00',
      durationMinutes: 60,
    });
    await addBlockedTime(ctx.database.db, gym, day, '16:30:00', 30);
    expect(slot(await slotsAt(gym), '16:30:00')).toMatchObject({ blocked: true, bookingAllowed: false });
    const admin = await get(
      `/api/admin/schedule?bookableAssetIds=${gym}&fromInclusive=${day}&toInclusive=${inDays(9)}&allowedToBookBlockedSlots=true&reservationIdsToIgnore=${reservationId}`,
      siri,
    );
    const adminSlots = admin.json<ScheduleResponse>()[0]!.timeslotsByDate[day]!;
    expect(slot(adminSlots, '16:30:00')).toMatchObject({ blocked: true, bookingAllowed: true, displayAsBlockedButAllowed: true });
    expect(slot(adminSlots, '17:00:00')).toMatchObject({ booked: false });
    // The public answer, kept, is unchanged by them.
    expect(slot(await slotsAt(gym), '16:30:00')).toMatchObject({ blocked: true, bookingAllowed: false });
    expect(slot(await slotsAt(gym), '17:00:00')).toMatchObject({ booked: true });
  });

  it('keeps at most its limits, least recently used out first', () => {
    const cache = new ScheduleCache({ maxEntries: 2, maxBytes: 10, maxEntryBytes: 6 });
    cache.set('a', '1', Buffer.from('aaaa'));
    cache.set('b', '1', Buffer.from('bbbb'));
    expect(cache.get('a', '1')?.toString()).toBe('aaaa');
    cache.set('c', '1', Buffer.from('cc'));
    // 'b' was least recently used.
    expect([cache.get('a', '1')?.toString(), cache.get('b', '1'), cache.get('c', '1')?.toString()]).toEqual(['aaaa', undefined, 'cc']);
    cache.set('d', '1', Buffer.from('ddddddd'));
    expect(cache.get('d', '1')).toBeUndefined();
    cache.set('e', '1', Buffer.from('eeeeee'));
    // 12 bytes over 10 and three entries over 2: 'a' (read before 'c') goes.
    expect(cache.size).toBe(2);
    expect([cache.get('a', '1'), cache.get('c', '1')?.toString(), cache.get('e', '1')?.toString()]).toEqual([undefined, 'cc', 'eeeeee']);
    // Another version of the same query is not this answer.
    expect(cache.get('c', '2')).toBeUndefined();
  });

  it('counts the bytes of its answers, and drops an answer replaced by one too large to keep', () => {
    const cache = new ScheduleCache({ maxEntries: 100, maxBytes: 10, maxEntryBytes: 6 });
    cache.set('a', '1', Buffer.from('aaaa'));
    cache.set('b', '1', Buffer.from('bbbb'));
    cache.set('c', '1', Buffer.from('cccc'));
    // 12 bytes over 10 with room for 100 entries: the oldest goes.
    expect([cache.get('a', '1'), cache.get('b', '1')?.toString(), cache.get('c', '1')?.toString()]).toEqual([undefined, 'bbbb', 'cccc']);
    // A new version of 'b' too large to keep: the old version is not served any more.
    cache.set('b', '2', Buffer.from('bbbbbbbb'));
    expect([cache.size, cache.get('b', '1'), cache.get('b', '2')]).toEqual([1, undefined, undefined]);
    // Multi-byte characters count as their UTF-8 bytes: 'øøø' is 6 bytes, kept; 'øøøø' (8) is not.
    cache.set('d', '1', Buffer.from('øøø'));
    cache.set('e', '1', Buffer.from('øøøø'));
    expect([cache.get('d', '1')?.toString(), cache.get('e', '1')]).toEqual(['øøø', undefined]);
  });
});
