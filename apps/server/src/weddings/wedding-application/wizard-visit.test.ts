import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import type { UserBooking, UserBookingSummary } from '@lokaler/domain/user-booking';
import type { WeddingPrefillResponse } from '@lokaler/domain/wedding-application-answers';
import type { WeddingWizardOpenResponse } from '@lokaler/domain/wedding-hold';
import { queryRows } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { inDays } from '../../../test/factories/calendar';
import { createWeddingVenue, takeWeddingTimes, weddingTime } from '../../../test/factories/wedding';
import { expireWeddingHolds } from './expire-wedding-holds';

/**
 * Decision 038: the wizard's page says when it opens and when it goes away. A page that went away lets
 * the time go after WEDDING_WIZARD_RETURN_SECONDS (60 here) unless a page of the wizard opens again
 * first — a reload keeps the time, a closed tab does not.
 */
describe('PUT /api/user/form/wedding/{id}/wizard-open and …/wizard-left', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let amina: CitizenSession;
  let roomId: number;
  const day = inDays(41);

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ roomId } = await createWeddingVenue(ctx.database.db));
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    amina = await citizenSession(ctx.app, testCitizens[3]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate bookings, reservations, requirements, change_log, mail_outbox, wedding_forms, wedding_wizard_visits restart identity cascade`,
    );
  });

  const takeTime = async (who = kari, start = '11:00:00') => {
    const res = await takeWeddingTimes(who, roomId, [weddingTime(day, start)]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ bookingId: number }>().bookingId;
  };
  const open = (id: number | string, visitId: unknown, who = kari) =>
    who.request({ method: 'PUT', url: `/api/user/form/wedding/${id}/wizard-open`, payload: { visitId } as object });
  const left = (id: number | string, visitId: unknown, who = kari) =>
    who.request({ method: 'PUT', url: `/api/user/form/wedding/${id}/wizard-left`, payload: { visitId } as object });
  const prefill = async (id: number) =>
    (await kari.request({ method: 'GET', url: `/api/user/form/wedding/prefill/${id}` })).json<WeddingPrefillResponse>();
  const bookingPage = async (id: number) => (await kari.request({ method: 'GET', url: `/api/user/booking/${id}` })).json<UserBooking>();
  /** The booking's row in Mine bookinger. */
  const listed = async (id: number) =>
    (await kari.request({ method: 'GET', url: '/api/user/booking' })).json<UserBookingSummary[]>().find((b) => b.bookingId === id)!;
  const holdOf = async (id: number) => {
    const [row] = await queryRows<{ hold: string | null; release: string | null; status: string }>(
      ctx.database.db,
      sql`
      select b.hold_expires_at as hold, v.release_at as release, b.status::text as status
      from bookings b left join wedding_wizard_visits v on v.booking_id = b.id where b.id = ${id}`,
    );
    const instant = (value: string | null) => (value === null ? null : new Date(value));
    return { hold: instant(row!.hold), release: instant(row!.release), status: row!.status };
  };
  /** The release moment has passed (the 60 seconds of grace are over). */
  const graceOver = (id: number) =>
    ctx.database.db.execute(sql`update wedding_wizard_visits set release_at = now() - interval '1 second' where booking_id = ${id}`);

  it("opening answers when the hold ends; a page that went away sets the time to go 60 s later, and a reload's open clears it", async () => {
    const bookingId = await takeTime();
    const first = randomUUID();
    const opened = await open(bookingId, first);
    expect(opened.statusCode, opened.body).toBe(200);
    const { hold } = await holdOf(bookingId);
    expect(opened.json<WeddingWizardOpenResponse>()).toEqual({ holdExpiresAtUtc: hold!.toISOString() });

    const before = Date.now();
    const gone = await left(bookingId, first);
    expect(gone.statusCode, gone.body).toBe(204);
    const { release } = await holdOf(bookingId);
    expect(release!.getTime() - before).toBeGreaterThanOrEqual(59_000);
    expect(release!.getTime() - before).toBeLessThan(62_000);
    // The wizard and the booking page show the earlier end while the page is away.
    expect(await prefill(bookingId)).toMatchObject({ timesAndAssetsNoLongerFree: false, holdExpiresAtUtc: release!.toISOString() });
    expect((await bookingPage(bookingId)).weddingHold).toEqual({ expiresAtUtc: release!.toISOString(), held: true });
    // The job leaves it alone within the grace.
    expect(await expireWeddingHolds(ctx.database.db, new Date())).toEqual({ autorejected: [] });

    // The reloaded page opens: nothing is to be let go, the 30 minutes count again.
    expect((await open(bookingId, randomUUID())).statusCode).toBe(200);
    expect(await holdOf(bookingId)).toMatchObject({ release: null, status: 'UNPROCESSED' });
    expect((await prefill(bookingId)).holdExpiresAtUtc).toBe(hold!.toISOString());
    expect((await bookingPage(bookingId)).weddingHold).toEqual({ expiresAtUtc: hold!.toISOString(), held: true });
  });

  it('a late "left" of the page before a reload does not let go of the time the reloaded page holds', async () => {
    const bookingId = await takeTime();
    const before = randomUUID();
    await open(bookingId, before);
    expect((await open(bookingId, randomUUID())).statusCode).toBe(200);
    expect((await left(bookingId, before)).statusCode).toBe(204);
    expect((await holdOf(bookingId)).release).toBeNull();
  });

  it('a closed tab: once the grace is over the time is gone for the wizard (before the job has run), the job lets it go with its reason, and it is free for another couple', async () => {
    const bookingId = await takeTime();
    const page = randomUUID();
    await open(bookingId, page);
    await left(bookingId, page);
    await graceOver(bookingId);

    // Before the job has run: the time is already no longer this couple's.
    const back = await open(bookingId, randomUUID());
    expect(back.statusCode).toBe(409);
    expect(back.json<ApiError>()).toMatchObject({ code: 'TIME_NO_LONGER_HELD', userMsg: 'Ett eller flere tidspunkt er opptatt' });
    expect(await prefill(bookingId)).toMatchObject({ timesAndAssetsNoLongerFree: true });
    expect((await bookingPage(bookingId)).weddingHold).toMatchObject({ held: false });
    expect((await holdOf(bookingId)).release).not.toBeNull();

    expect(await expireWeddingHolds(ctx.database.db, new Date())).toEqual({ autorejected: [bookingId] });
    expect((await holdOf(bookingId)).status).toBe('AUTOREJECTED');
    const [entry] = await queryRows<{ comment: string }>(
      ctx.database.db,
      sql`select comment from change_log where booking_id = ${bookingId} and type = 'BookingRejection'`,
    );
    expect(entry!.comment).toBe('Søknadsskjemaet for vielse ble lukket uten å bli sendt, så tidspunktet ble frigitt.');
    expect((await bookingPage(bookingId)).weddingHold).toBeNull();
    expect((await takeWeddingTimes(amina, roomId, [weddingTime(day, '11:00:00')])).statusCode).toBe(201);
  });

  it('a sent form and a closed booking: open is 409 (CONFLICT, TIME_NO_LONGER_HELD), left changes nothing', async () => {
    const sent = await takeTime();
    // Taken, not sent: Mine bookinger says so, as the booking's page does.
    expect((await listed(sent)).weddingNotSent).toBe(true);
    await ctx.database.db.execute(sql`insert into wedding_forms (booking_id, answers, submitted_at) values (${sent}, '{}'::jsonb, now())`);
    await ctx.database.db.execute(sql`update bookings set hold_expires_at = null where id = ${sent}`);
    const openSent = await open(sent, randomUUID());
    expect(openSent.statusCode).toBe(409);
    expect(openSent.json<ApiError>()).toMatchObject({ code: 'CONFLICT', userMsg: 'Søknaden om vielse er allerede sendt.' });
    expect((await left(sent, randomUUID())).statusCode).toBe(204);
    expect((await holdOf(sent)).release).toBeNull();
    expect((await bookingPage(sent)).weddingHold).toBeNull();
    expect((await listed(sent)).weddingNotSent).toBe(false);

    const closed = await takeTime(kari, '12:00:00');
    expect((await kari.request({ method: 'PUT', url: `/api/user/booking/${closed}/autoreject` })).statusCode).toBe(200);
    expect((await open(closed, randomUUID())).json<ApiError>().code).toBe('TIME_NO_LONGER_HELD');
    expect((await left(closed, randomUUID())).statusCode).toBe(204);
    expect((await holdOf(closed)).release).toBeNull();
  });

  it("another citizen's booking is the one 404 of a missing one; a visit id that is not a uuid is 400 naming the field; nothing is written", async () => {
    const bookingId = await takeTime();
    const answers = [
      await open(999_999, randomUUID(), amina),
      await open(bookingId, randomUUID(), amina),
      await left(999_999, randomUUID(), amina),
      await left(bookingId, randomUUID(), amina),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>().userMsg).toBe('Fant ikke bookingen');
    }
    for (const res of [await open(bookingId, 'reload'), await left(bookingId, 42), await open(bookingId, undefined)]) {
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('visitId');
    }
    expect((await holdOf(bookingId)).release).toBeNull();
    expect(await queryRows(ctx.database.db, sql`select * from wedding_wizard_visits`)).toEqual([]);
  });

  it('anonymous calls get 401 before a bad body is looked at', async () => {
    for (const url of ['/api/user/form/wedding/1/wizard-open', '/api/user/form/wedding/1/wizard-left']) {
      const res = await ctx.app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/json' }, payload: '{broken' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('the booking page of any other booking has no wedding hold', async () => {
    const bookingId = await takeTime();
    await ctx.database.db.execute(sql`update bookings set source_form = 'default' where id = ${bookingId}`);
    expect((await bookingPage(bookingId)).weddingHold).toBeNull();
  });
});
