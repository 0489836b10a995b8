import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeLogEntry } from '@lokaler/domain/change-log';
import type { UserBooking, UserBookingSummary } from '@lokaler/domain/user-booking';
import { queryRows } from '../../db/client';
import { seedDemoDataIfEmpty } from '../../seed/index';
import { testCitizens } from '../../seed/test-users';
import { bearer } from '../../../test/login';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';

/** The applicant's read API on the demo data: Kari's bookings of every kind (spec 02 §2, §3, §7). */
describe('GET /api/user/booking…', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let ola: CitizenSession;
  let list: UserBookingSummary[];
  const byStatus = (status: string, pending?: boolean) =>
    list.find((b) => b.status === status && (pending === undefined || b.hasPendingRequirements === pending))!;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoDataIfEmpty(ctx.database.db);
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
    list = (await kari.request({ method: 'GET', url: '/api/user/booking' })).json();
  });
  afterAll(() => ctx.close());

  const detail = async (id: number, who = kari) =>
    (await who.request({ method: 'GET', url: `/api/user/booking/${id}` })).json<UserBooking>();

  it("lists Kari's own bookings, newest first: one of every status, each with place, date and case number", () => {
    expect(list.map((b) => b.status).sort()).toEqual(['APPROVED', 'APPROVED', 'AUTOREJECTED', 'CANCELLED', 'REJECTED', 'UNPROCESSED']);
    const created = list.map((b) => b.createdTimeUtc);
    expect(created).toEqual([...created].sort().reverse());
    for (const b of list) {
      expect(b.locationName).not.toBe('');
      expect(b.periodDescription).toMatch(/^\d{2}\.\d{2}\.\d{4}( – \d{2}\.\d{2}\.\d{4})?$/);
      expect(b.caseNumber).toMatch(/^LOK-\d{4}-\d{5}$/);
      expect(b.displayOrgName).toBeNull();
    }
    expect(byStatus('APPROVED', true)).toMatchObject({ locationName: 'Sagene samfunnshus', hasPendingRequirements: true });
  });

  it("answers the detail of the approval that waits for Kari's signature with every field the page needs", async () => {
    const booking = await detail(byStatus('APPROVED', true).bookingId);
    expect(booking).toMatchObject({
      status: 'APPROVED',
      location: { name: 'Sagene samfunnshus', publicLocationType: 'DISTRICT_VENUES', contactEmail: expect.stringContaining('@') },
      userName: 'Kari Nordmann',
      userEmail: testCitizens[0]!.email,
      requirements: [{ type: 'CONTRACT', isFulfilled: false, userName: null, fulfillmentTimeUtc: null }],
      contractExists: true,
      vedtakExists: false,
      hasPendingRequirements: true,
      isCancellable: true,
      hasOslonokkelen: true,
      oslonokkelenStatus: null,
      oslonokkelenPermissions: [],
      bookingDurationType: 'SEMESTERLOAN',
      costCategory: 'FREE',
      sourceForm: 'default',
      formDetailsSubRoute: null,
      decisionMessages: [{ message: expect.stringContaining('signere kontrakten'), createdTimeUtc: expect.any(String) }],
    });
    expect(new Date(booking.cancellationDeadline!).getTime()).toBeGreaterThan(Date.now());
    expect(booking.reservations.length).toBeGreaterThan(1);
    const first = booking.reservations[0]!;
    expect(first).toMatchObject({
      bookableAssetName: 'Storsalen',
      startTime: '17:00:00',
      endTime: '19:00:00',
      duration: 'PT2H',
      status: 'APPROVED',
    });
    expect(booking.timeDescriptionsByReservationId[String(first.reservationId)]).toMatch(
      /^[a-zæøå]+dag \d{2}\.\d{2}\.\d{4} kl\. 17:00–19:00$/,
    );
    expect(booking.reservationTimesDescription).toBe(`${booking.reservations.length} tider, ${booking.periodDescription}`);
  });

  it('counts only approved and unprocessed times, and describes the time the location moved', async () => {
    const booking = await detail(list.find((b) => b.locationName === 'Bjølsen skole')!.bookingId);
    const statuses = booking.reservations.map((r) => r.status);
    expect(statuses).toContain('REPLACED');
    expect(statuses).toContain('UNAVAILABLE');
    const counted = statuses.filter((s) => s === 'APPROVED').length;
    expect(booking.reservationTimesDescription.startsWith(`${counted} tider, `)).toBe(true);
    expect(booking.reservationModificationDescriptions).toEqual([
      expect.stringMatching(/^Gymsal \(G1\): \d{2}\.\d{2}\.\d{4} 19:00–20:30 → \d{2}\.\d{2}\.\d{4} 20:30–22:00$/),
    ]);
    expect(booking.requirements).toEqual([
      { type: 'CONTRACT', isFulfilled: true, userName: 'Kari Nordmann', fulfillmentTimeUtc: expect.any(String) },
    ]);
  });

  it('shows the wedding application with its form route, and a closed booking as not cancellable', async () => {
    const wedding = await detail(byStatus('AUTOREJECTED').bookingId);
    expect(wedding).toMatchObject({ sourceForm: 'wedding', formDetailsSubRoute: 'vielse', isCancellable: false });
    expect((await detail(byStatus('REJECTED').bookingId)).isCancellable).toBe(false);
    expect((await detail(byStatus('UNPROCESSED').bookingId)).isCancellable).toBe(true);
  });

  it('answers the change timeline with every entry, its label and its times, oldest first', async () => {
    const id = list.find((b) => b.locationName === 'Bjølsen skole')!.bookingId;
    const changes = (await kari.request({ method: 'GET', url: `/api/user/booking/${id}/changes` })).json<ChangeLogEntry[]>();
    expect(changes.map((c) => [c.type, c.label])).toEqual([
      ['Comment', 'Opprettet'],
      ['BookingApproval', 'Godkjent'],
      ['CONTRACT', 'Signert'],
      ['ReservationChange', 'Endret'],
      ['ReservationRejection', 'Slettet'],
    ]);
    const moved = changes[3]!;
    expect(moved.reservationTimes?.[0]?.assetDescription).toBe('Gymsal (G1)');
    expect(moved.newReservationTimes?.[0]?.times[0]).toMatch(/20:30–22:00$/);
    expect(moved.user).toBe('Siri Saksbehandler');
    expect(moved.comment).toContain('turnering');
    expect(changes[2]).toMatchObject({ user: 'Kari Nordmann', reservationTimes: null, newReservationTimes: null });
  });

  it('gives practical information built from the location: address, key, contact and links', async () => {
    const res = await kari.request({ method: 'GET', url: `/api/user/booking/${byStatus('APPROVED', true).bookingId}/infoforleietaker` });
    expect(res.statusCode).toBe(200);
    const info = res.json<{ heading: string; description: string; links: { url: string; linkText: string }[] }>();
    expect(info.heading).toBe('Praktisk informasjon om Sagene samfunnshus');
    expect(info.description).toMatch(/Oslonøkkelen/);
    expect(info.links).toContainEqual({ url: expect.stringMatching(/^https:\/\//), linkText: 'Nettsiden til Sagene samfunnshus' });
  });

  it('answers 404 for the vedtak until the administrator has issued one, then its HTML', async () => {
    const id = byStatus('REJECTED').bookingId;
    const none = await kari.request({ method: 'GET', url: `/api/user/vedtak/${id}` });
    expect(none.statusCode).toBe(404);
    expect((await detail(id)).vedtakExists).toBe(false);
    await ctx.database.db.execute(
      sql`insert into booking_documents (booking_id, kind, html, hash) values (${id}, 'VEDTAK', '<article><h1>Vedtak</h1></article>', ${'a'.repeat(64)})`,
    );
    const issued = await kari.request({ method: 'GET', url: `/api/user/vedtak/${id}` });
    expect(issued.json()).toEqual({ vedtakHtml: '<article><h1>Vedtak</h1></article>' });
    expect((await detail(id)).vedtakExists).toBe(true);
    await ctx.database.db.execute(sql`update booking_documents set revoked_at = now() where booking_id = ${id}`);
    expect((await kari.request({ method: 'GET', url: `/api/user/vedtak/${id}` })).statusCode).toBe(404);
  });

  it('answers the retroactive-booking note (empty without one), privately cached for 5 minutes', async () => {
    const id = byStatus('APPROVED', true).bookingId;
    const empty = await kari.request({ method: 'GET', url: `/api/user/retroactive-contract/${id}` });
    expect(empty.json()).toEqual({ text: '' });
    expect(empty.headers['cache-control']).toBe('private, max-age=300');
    await ctx.database.db.execute(
      sql`insert into booking_approvals (booking_id, cost_category, retroactive_contract) values (${id}, 'FREE', true)`,
    );
    const note = (await kari.request({ method: 'GET', url: `/api/user/retroactive-contract/${id}` })).json<{ text: string }>();
    expect(note.text).toMatch(/^Endringsnotat for sak LOK-/);
    expect(note.text).toContain('i etterkant');
    await ctx.database.db.execute(sql`delete from booking_approvals where booking_id = ${id}`);
  });

  it("tells another citizen nothing: every applicant call on Kari's booking answers exactly as for a booking that does not exist", async () => {
    const id = byStatus('APPROVED', true).bookingId;
    const before = await snapshot();
    const calls = (bookingId: number) =>
      [
        { method: 'GET', url: `/api/user/booking/${bookingId}` },
        { method: 'GET', url: `/api/user/booking/${bookingId}/changes` },
        { method: 'GET', url: `/api/user/booking/${bookingId}/infoforleietaker` },
        { method: 'GET', url: `/api/user/contract/${bookingId}` },
        { method: 'POST', url: `/api/user/contract/confirm/${bookingId}` },
        { method: 'GET', url: `/api/user/vedtak/${bookingId}` },
        { method: 'GET', url: `/api/user/retroactive-contract/${bookingId}` },
        { method: 'PATCH', url: `/api/booking/${bookingId}`, payload: { status: 'cancelled' } },
        { method: 'PUT', url: `/api/user/booking/${bookingId}/autoreject` },
        { method: 'GET', url: `/api/oslonokkelen/${bookingId}/info` },
        { method: 'POST', url: `/api/oslonokkelen/${bookingId}?phoneNumber=41234567` },
        { method: 'DELETE', url: `/api/oslonokkelen/${bookingId}?phoneNumber=41234567` },
      ] as const;
    const theirs = calls(id);
    const missing = calls(2_000_000_000);
    for (const [i, call] of theirs.entries()) {
      const res = await ola.request(call);
      const nothing = await ola.request(missing[i]!);
      expect([call.method, call.url, res.statusCode]).toEqual([call.method, call.url, 404]);
      expect(res.json()).toEqual(nothing.json());
      expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: 'Booking not found', userMsg: 'Fant ikke bookingen' });
    }
    const olas = (await ola.request({ method: 'GET', url: '/api/user/booking' })).json<UserBookingSummary[]>();
    expect(olas.map((b) => b.bookingId)).not.toContain(id);
    expect(olas.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/booking' });
    expect(res.statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/user/booking/1', headers: bearer('not-a-jwt') });
    expect(bad.statusCode).toBe(401);
  });

  async function snapshot() {
    return queryRows(
      ctx.database.db,
      sql`select
      (select string_agg(id || ':' || status || ':' || updated_at, ',' order by id) from bookings) as bookings,
      (select string_agg(id || ':' || status, ',' order by id) from reservations) as reservations,
      (select string_agg(id || ':' || is_fulfilled, ',' order by id) from requirements) as requirements,
      (select count(*)::int from change_log) as changes, (select count(*)::int from mail_outbox) as mails,
      (select count(*)::int from oslonokkelen_permissions) as permissions, (select count(*)::int from signed_contracts) as signed`,
    );
  }
});
