import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@lokaler/domain/calendar-feed';
import { queryRows } from '../../db/client';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { bearer, loginAs } from '../../../test/login';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';

/** Decision 024: secret iCalendar feeds of a person, an organisation and a location. */
describe('calendar feeds: /api/calendar/{id}-{secret}.ics, /api/user/calendar-feeds, /api/admin/location/{id}/calendar-feed', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let ola: CitizenSession;
  let siri: string;
  let jonas: string;
  let locationId: number;
  let otherLocationId: number;
  let gym: number;
  let kariBookings: { approved: number; pending: number; org: number; olas: number };

  const path = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path(url), headers });
  const feedsOf = async (who: CitizenSession) =>
    (await who.request({ method: 'GET', url: '/api/user/calendar-feeds' })).json<CalendarFeed[]>();
  const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  const byBooking = (text: string, bookingId: number) =>
    events(text).filter((e) => e.component.getFirstPropertyValue('url')?.toString().endsWith(`/${bookingId}`));

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Sagene skole', streetAddress: 'Kierschows gate 2', postCode: '0479', city: 'Oslo' }))
      .id;
    otherLocationId = (await createLocation(db, { name: 'Tøyen skole' })).id;
    gym = (await createAsset(db, locationId, { name: 'Gymsal, hall A', externalAssetNumber: 'G1' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    await addLocationAdmin(db, otherLocationId, testAdmins[1]!.email);
    siri = (await loginAs(ctx.app, testAdmins[0]!)).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!)).accessToken;
    const time = (date: string, startTime = '18:00:00') => [{ bookableAssetId: gym, date, startTime, durationMinutes: 60 }];
    kariBookings = {
      approved: (await applicantBooking(db, { locationId, userId: kari.userId, status: 'APPROVED', times: time(inDays(10)) })).id,
      pending: (await applicantBooking(db, { locationId, userId: kari.userId, times: time(inDays(11)) })).id,
      org: (
        await applicantBooking(db, {
          locationId,
          userId: kari.userId,
          times: time(inDays(12)),
          organization: { number: '998877660', name: 'Sagene Sjakklubb' },
        })
      ).id,
      olas: (await applicantBooking(db, { locationId, userId: ola.userId, times: time(inDays(13)) })).id,
    };
  });
  afterAll(() => ctx.close());

  it("lists the person's own feed and one per organisation they represent, the same URLs on every ask", async () => {
    const feeds = await feedsOf(kari);
    expect(feeds.map((f) => f.kind)).toEqual(['PERSON', 'ORGANIZATION', 'ORGANIZATION']);
    expect(feeds.map((f) => f.organizationNumber).sort()).toEqual(['996655431', '998877660', null]);
    for (const f of feeds) expect(f.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/\d+-[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feedsOf(kari)).map((f) => f.url)).toEqual(feeds.map((f) => f.url));
    const olas = await feedsOf(ola);
    expect(olas.map((f) => f.organizationNumber)).toEqual([null, '997766555']);
    expect(new Set([...feeds, ...olas].map((f) => f.url)).size).toBe(feeds.length + olas.length);
  });

  it("serves the person's own approved (CONFIRMED) and pending (TENTATIVE) times, valid iCalendar, nobody else's", async () => {
    const [own] = await feedsOf(kari);
    const res = await fetchFeed(own!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Oslo');
    expect(byBooking(res.body, kariBookings.approved).map((e) => e.component.getFirstPropertyValue('status'))).toEqual(['CONFIRMED']);
    expect(byBooking(res.body, kariBookings.pending).map((e) => e.component.getFirstPropertyValue('status'))).toEqual(['TENTATIVE']);
    expect(byBooking(res.body, kariBookings.org)).toEqual([]);
    expect(byBooking(res.body, kariBookings.olas)).toEqual([]);
    expect(events(res.body)).toHaveLength(2);
    const [first] = byBooking(res.body, kariBookings.approved);
    expect(first!.summary).toBe('Gymsal, hall A, Sagene skole');
    expect(first!.location).toBe('Sagene skole, Kierschows gate 2, 0479 Oslo');
    expect(first!.uid).toMatch(/^reservation-\d+@localhost$/);
    // No one's name, e-mail or form answers, not even the owner's own.
    for (const personal of ['Kari', 'Nordmann', 'kari.nordmann@example.no', 'kontakt@example.no', 'Korøvelse', 'Vi tar med noter'])
      expect(res.body).not.toContain(personal);
  });

  it('answers 304 to If-None-Match while nothing changed; a cancellation makes the event CANCELLED with a higher SEQUENCE and a new ETag', async () => {
    const [own] = await feedsOf(kari);
    const before = await fetchFeed(own!.url);
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetchFeed(own!.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const [pendingBefore] = byBooking(before.body, kariBookings.pending);

    const cancelled = await kari.request({
      method: 'PATCH',
      url: `/api/booking/${kariBookings.pending}`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);

    const after = await fetchFeed(own!.url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const [pendingAfter] = byBooking(after.body, kariBookings.pending);
    expect(pendingAfter!.uid).toBe(pendingBefore!.uid);
    expect(pendingAfter!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(pendingAfter!.sequence).toBeGreaterThan(pendingBefore!.sequence);
    expect(pendingAfter!.summary).toMatch(/^Avlyst: /);
  });

  it("serves an organisation's feed with its bookings only, to any of its representatives", async () => {
    const chess = (await feedsOf(kari)).find((f) => f.organizationNumber === '998877660')!;
    const res = await fetchFeed(chess.url);
    expect(res.statusCode).toBe(200);
    expect(events(res.body).map((e) => e.component.getFirstPropertyValue('url')?.toString())).toEqual([
      `http://localhost:3000/bookinger/${kariBookings.org}`,
    ]);
    expect(res.body).toContain('X-WR-CALNAME:Sagene Sjakklubb – Lokaler');
  });

  it('answers 404, never 5xx, to a wrong, malformed, rotated or mismatched secret, and the new URL works at once', async () => {
    const [own] = await feedsOf(kari);
    const [olas] = await feedsOf(ola);
    const [, id, secret] = /(\d+)-([\w-]+)\.ics$/.exec(own!.url)!;
    const [, olaId] = /(\d+)-([\w-]+)\.ics$/.exec(olas!.url)!;
    const flipped = `${secret!.slice(0, -1)}${secret!.endsWith('A') ? 'B' : 'A'}`;
    const wrong = [
      `/api/calendar/${id}-${flipped}.ics`,
      `/api/calendar/${olaId}-${secret}.ics`,
      `/api/calendar/999999-${secret}.ics`,
      `/api/calendar/99999999999-${secret}.ics`,
      `/api/calendar/${id}-${secret}`,
      `/api/calendar/${id}-${secret}.ics.ics`,
      `/api/calendar/${id}`,
      `/api/calendar/${id}-${secret!.slice(1)}.ics`,
      `/api/calendar/${'x'.repeat(90)}.ics`,
      `/api/calendar/${id}-${encodeURIComponent('æ'.repeat(43))}.ics`,
      `/api/calendar/0-${secret}.ics`,
    ];
    for (const url of wrong) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    // A NUL is refused for every route (http/refuse-nul.ts).
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendar/%00' })).statusCode).toBe(400);
    // A path parameter longer than the router reads (maxParamLength): a 4xx all the same.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/calendar/${'x'.repeat(300)}.ics` })).statusCode).toBe(414);
    expect((await fetchFeed(own!.url)).statusCode).toBe(200);

    const rotated = await kari.request({ method: 'POST', url: '/api/user/calendar-feeds/rotate', payload: { kind: 'PERSON' } });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<CalendarFeed>();
    expect(fresh.url).not.toBe(own!.url);
    expect(path(fresh.url).split('-')[0]).toBe(path(own!.url).split('-')[0]);
    const old = await fetchFeed(own!.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'NOT_FOUND', userMsg: expect.stringContaining('Fant ikke kalenderen') });
    expect((await fetchFeed(fresh.url)).statusCode).toBe(200);
    expect((await feedsOf(kari))[0]!.url).toBe(fresh.url);
    // Ola's feed is untouched.
    expect((await fetchFeed(olas!.url)).statusCode).toBe(200);
  });

  it("rotates an organisation's feed for its representatives only; bad bodies are 400; anonymous and admin tokens are refused first", async () => {
    const chess = (await feedsOf(kari)).find((f) => f.organizationNumber === '998877660')!;
    const refused = await ola.request({
      method: 'POST',
      url: '/api/user/calendar-feeds/rotate',
      payload: { kind: 'ORGANIZATION', organizationNumber: '998877660' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await fetchFeed(chess.url)).statusCode).toBe(200);
    for (const payload of [
      {},
      { kind: 'LOCATION' },
      { kind: 'ORGANIZATION' },
      { kind: 'ORGANIZATION', organizationNumber: '12' },
      { kind: 'PERSON', extra: 1 },
    ]) {
      expect((await kari.request({ method: 'POST', url: '/api/user/calendar-feeds/rotate', payload })).statusCode).toBe(400);
    }
    const rotated = await kari.request({
      method: 'POST',
      url: '/api/user/calendar-feeds/rotate',
      payload: { kind: 'ORGANIZATION', organizationNumber: '998877660' },
    });
    expect(rotated.statusCode).toBe(200);
    expect((await fetchFeed(chess.url)).statusCode).toBe(404);
    expect((await fetchFeed(rotated.json<CalendarFeed>().url)).statusCode).toBe(200);

    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/calendar-feeds/rotate', payload: { kind: 'PERSON' } })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/calendar-feeds' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/calendar-feeds', headers: bearer(siri) })).statusCode).toBe(401);
  });

  it("gives a location's administrators its feed: every booking's times, the organisation's name, no person's name or contact", async () => {
    const got = await ctx.app.inject({ method: 'GET', url: `/api/admin/location/${locationId}/calendar-feed`, headers: bearer(siri) });
    expect(got.statusCode).toBe(200);
    const feed = got.json<CalendarFeed>();
    expect(feed).toMatchObject({ kind: 'LOCATION', locationId, name: 'Sagene skole' });
    const res = await fetchFeed(feed.url);
    expect(res.statusCode).toBe(200);
    expect(events(res.body)).toHaveLength(4);
    expect(res.body).toContain('X-WR-CALNAME:Sagene skole – Lokaler');
    expect(events(res.body).map((e) => e.summary)).toContain('Søkt: Gymsal, hall A: Sagene Sjakklubb');
    expect(events(res.body).map((e) => e.component.getFirstPropertyValue('url')?.toString())).toContain(
      `http://localhost:3000/admin/soknader/${kariBookings.olas}`,
    );
    for (const personal of ['Kari', 'Ola', 'Nordmann', '@example.no', 'Korøvelse', 'Vi tar med noter', '41234567'])
      expect(res.body).not.toContain(personal);

    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/admin/location/${locationId}/calendar-feed`, headers: bearer(jonas) })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/admin/location/${locationId}/calendar-feed/rotate`, headers: bearer(jonas) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/location/424242/calendar-feed', headers: bearer(siri) })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/admin/location/${locationId}/calendar-feed`, headers: bearer(kari.token) }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/location/${locationId}/calendar-feed/rotate` })).statusCode).toBe(401);

    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/location/${locationId}/calendar-feed/rotate`,
      headers: bearer(siri),
    });
    expect(rotated.statusCode).toBe(200);
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    expect((await fetchFeed(rotated.json<CalendarFeed>().url)).statusCode).toBe(200);
  });

  it("raises a reservation's revision only when its room, time or status changes", async () => {
    const db = ctx.database.db;
    const read = async () =>
      (await queryRows<{ revision: number }>(db, sql`select revision from reservations where booking_id = ${kariBookings.approved}`))[0]!;
    const start = await read();
    await db.execute(sql`update reservations set initial_repetition_date = null where booking_id = ${kariBookings.approved}`);
    expect((await read()).revision).toBe(start.revision);
    await db.execute(sql`update reservations set start_time = '19:00' where booking_id = ${kariBookings.approved}`);
    expect((await read()).revision).toBe(start.revision + 1);
    await db.execute(sql`update reservations set status = 'APPROVED' where booking_id = ${kariBookings.approved}`);
    expect((await read()).revision).toBe(start.revision + 1);
  });
});
