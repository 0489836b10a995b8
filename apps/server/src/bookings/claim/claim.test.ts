import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserBookingSummary } from '@lokaler/domain/user-booking';
import { queryRows } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { localOrganizations } from '../../integrations/org-registry/local-org-registry';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { claimLink, createClaimToken, hashClaimToken } from './claim-tokens';

describe('GET /api/verifiedbookingaccess/{token}', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let ola: CitizenSession;
  let locationId: number;
  let room: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    locationId = (await createLocation(ctx.database.db, { name: 'Grünerløkka bydelshus' })).id;
    room = (await createAsset(ctx.database.db, locationId, { name: 'Møterom' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(sql`truncate bookings, reservations, change_log, claim_tokens restart identity cascade`);
    for (const who of [kari, ola]) who.cookies.clear();
  });

  /** A booking an administrator registered for Leif, who has not logged in, with its claim link's token. */
  const onBehalf = async (now = new Date(), day = 6) => {
    const booking = await applicantBooking(ctx.database.db, {
      locationId,
      userId: null,
      status: 'APPROVED',
      onBehalfOf: { name: 'Leif Pettersen', email: 'leif@example.no' },
      times: [{ bookableAssetId: room, date: inDays(day), startTime: '10:00:00', durationMinutes: 120 }],
    });
    return { booking, token: await createClaimToken(ctx.database.db, booking.id, now) };
  };
  const claim = (token: string, who = kari) => who.request({ method: 'GET', url: `/api/verifiedbookingaccess/${token}` });
  const mine = async (who: CitizenSession) =>
    (await who.request({ method: 'GET', url: '/api/user/booking' })).json<UserBookingSummary[]>().map((b) => b.bookingId);

  it('gives the booking to whoever opens the link first, and then answers its id again for them', async () => {
    const { booking, token } = await onBehalf();
    expect(claimLink('https://lokaler.example.no', token)).toBe(`https://lokaler.example.no/claim/${token}`);
    expect(await mine(kari)).toEqual([]);
    const res = await claim(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bookingId: booking.id });
    expect(await mine(kari)).toEqual([booking.id]);
    expect((await claim(token)).json()).toEqual({ bookingId: booking.id });
    const [row] = await queryRows<{ claimed_by_user_id: number }>(ctx.database.db, sql`select claimed_by_user_id from claim_tokens`);
    expect(row!.claimed_by_user_id).toBe(kari.userId);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await onBehalf();
    const rows = await queryRows<{ token_hash: string }>(ctx.database.db, sql`select token_hash from claim_tokens`);
    expect(rows).toEqual([{ token_hash: hashClaimToken(token) }]);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it('answers 404 to someone else once it is claimed, and to a wrong or expired link — changing nothing', async () => {
    const { booking, token } = await onBehalf();
    await claim(token);
    const used = await claim(token, ola);
    const wrong = await claim('x'.repeat(43), ola);
    expect(used.statusCode).toBe(404);
    expect(used.json()).toEqual(wrong.json());
    expect(await mine(ola)).toEqual([]);

    const old = await onBehalf(new Date(Date.now() - 200 * 86_400_000), 7);
    expect((await claim(old.token, ola)).statusCode).toBe(404);
    const [row] = await queryRows<{ user_id: number | null }>(
      ctx.database.db,
      sql`select user_id from bookings where id = ${old.booking.id}`,
    );
    expect(row!.user_id).toBeNull();
    expect(booking.id).not.toBe(old.booking.id);
    expect((await claim('bad token!', ola)).statusCode).toBe(400);
  });

  it('gives the booking to the organisation the person acts for', async () => {
    const { booking, token } = await onBehalf();
    const club = localOrganizations.sageneSjakklubb;
    await kari.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: club.orgnr, orgName: club.orgNavn } });
    expect((await claim(token)).json()).toEqual({ bookingId: booking.id });
    expect(await mine(kari)).toEqual([booking.id]);
    await kari.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: '', orgName: 'NO_IMPERSONATION' } });
    expect(await mine(kari)).toEqual([]);
  });
});
