import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import { queryRows } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import type { KeyServiceClient } from '../../integrations/key-service/key-service-client';
import type { LocalKeyService } from '../../integrations/key-service/local-key-service';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { storeApprovedContract } from '../../../test/factories/documents';
import { MAX_PUSH_ATTEMPTS, runKeyJobs } from './key-jobs';
import { syncKeyAccess } from './sync-key-access';

describe('the digital key: /api/oslonokkelen/{bookingId}', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let locationId: number;
  let hall: number;
  let plainRoom: number;
  let keyService: LocalKeyService;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Sagene samfunnshus', requireContract: true })).id;
    hall = (await createAsset(db, locationId, { name: 'Storsalen', hasOslonokkelen: true })).id;
    plainRoom = (await createAsset(db, locationId, { name: 'Lager' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    keyService = ctx.app.keyService as LocalKeyService;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(sql`truncate bookings, reservations, requirements, change_log, mail_outbox, signed_contracts,
      oslonokkelen_permissions, oslonokkelen_revocations, local_key_service_grants restart identity cascade`);
  });

  const booking = (fields: Partial<Parameters<typeof applicantBooking>[1]> = {}) =>
    applicantBooking(ctx.database.db, {
      locationId,
      userId: kari.userId,
      status: 'APPROVED',
      requirements: [{ type: 'CONTRACT', fulfilled: true }],
      times: [{ bookableAssetId: hall, date: inDays(10), startTime: '17:00:00', durationMinutes: 120 }],
      ...fields,
    });
  const add = (id: number, phone: string) =>
    kari.request({ method: 'POST', url: `/api/oslonokkelen/${id}?phoneNumber=${encodeURIComponent(phone)}` });
  const remove = (id: number, phone: string) =>
    kari.request({ method: 'DELETE', url: `/api/oslonokkelen/${id}?phoneNumber=${encodeURIComponent(phone)}` });
  const info = async (id: number) => (await kari.request({ method: 'GET', url: `/api/oslonokkelen/${id}/info` })).json<OslonokkelenInfo>();
  const statuses = async (id: number) =>
    Object.fromEntries((await info(id)).oslonokkelenPermissions.map((p) => [p.phoneNumber, p.oslonokkelenRequestStatus]));
  const afterTheServiceHasWorked = async () => {
    keyService.advanceClock(keyService.options.processingMs);
    await ctx.app.runKeyJobs();
  };
  const grants = () =>
    queryRows<{ grant_id: string; phone_number: string; doors: string[]; periods: { from: string; until: string }[]; revoked: boolean }>(
      ctx.database.db,
      sql`select grant_id, phone_number, doors, periods, revoked_at is not null as revoked from local_key_service_grants order by grant_id`,
    );

  it("refuses a number that is not 8 digits once spaces are removed, with the spec's text", async () => {
    const b = await booking();
    for (const phone of ['1234567', '123456789', '4123 456a', '', '+4741234567']) {
      const res = await add(b.id, phone);
      expect([phone, res.statusCode]).toEqual([phone, 400]);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        userMsg: 'Vennligst skriv inn et gyldig telefonnummer på 8 tegn',
        fields: [{ path: 'querystring.phoneNumber', message: 'Vennligst skriv inn et gyldig telefonnummer på 8 tegn' }],
      });
    }
    expect((await kari.request({ method: 'POST', url: `/api/oslonokkelen/${b.id}` })).statusCode).toBe(400);
    const ok = await add(b.id, ' 412 34 567 ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<OslonokkelenInfo>().oslonokkelenPermissions).toEqual([
      { id: expect.any(Number), bookingId: b.id, phoneNumber: '41234567', oslonokkelenRequestStatus: 'NOT_REQUESTED' },
    ]);
  });

  it("moves a number NOT_REQUESTED → PUSHED_BUT_STATUS_UNKNOWN → ACCEPTED by the job and the service's pace, not by requests", async () => {
    const b = await booking();
    expect((await add(b.id, '41234567')).json<OslonokkelenInfo>()).toMatchObject({
      oslonokkelenStatus: 'NOT_REQUESTED',
      allowOslonokkelenKeySharing: true,
      hasOslonokkelen: true,
      contractRequirement: { isFulfilled: true },
    });
    await info(b.id);
    expect(await statuses(b.id)).toEqual({ 41234567: 'NOT_REQUESTED' });

    expect(await ctx.app.runKeyJobs()).toMatchObject({ pushed: 1 });
    expect(await statuses(b.id)).toEqual({ 41234567: 'PUSHED_BUT_STATUS_UNKNOWN' });
    await ctx.app.runKeyJobs();
    expect(await statuses(b.id)).toEqual({ 41234567: 'PUSHED_BUT_STATUS_UNKNOWN' });

    await afterTheServiceHasWorked();
    const done = await info(b.id);
    expect(done.oslonokkelenStatus).toBe('ACCEPTED');
    expect(await grants()).toEqual([
      {
        grant_id: expect.stringMatching(/^lokaler-p\d+-g0$/),
        phone_number: '41234567',
        doors: [`lokaler-room-${hall}`],
        periods: [{ from: expect.any(String), until: expect.any(String) }],
        revoked: false,
      },
    ]);
    const [period] = (await grants())[0]!.periods;
    expect(new Date(period!.until).getTime() - new Date(period!.from).getTime()).toBe(120 * 60_000);
  });

  it('ends in NO_PROFILE, ILLEGAL_PHONE_NUMBER or FAILED as the service decides by the number', async () => {
    const b = await booking();
    for (const phone of ['22334455', '12345678', '40000000', '91234567']) await add(b.id, phone);
    await ctx.app.runKeyJobs();
    await afterTheServiceHasWorked();
    expect(await statuses(b.id)).toEqual({
      22334455: 'NO_PROFILE',
      12345678: 'ILLEGAL_PHONE_NUMBER',
      40000000: 'FAILED',
      91234567: 'ACCEPTED',
    });
    expect((await info(b.id)).oslonokkelenStatus).toBe('FAILED');
  });

  it('waits for the approval and for the signed contract, then pushes', async () => {
    const waiting = await booking({ status: 'UNPROCESSED', requirements: [] });
    const unsigned = await booking({
      requirements: [{ type: 'CONTRACT' }],
      times: [{ bookableAssetId: hall, date: inDays(11), startTime: '17:00:00', durationMinutes: 60 }],
    });
    await add(waiting.id, '41234567');
    await add(unsigned.id, '41234567');
    await ctx.app.runKeyJobs();
    await afterTheServiceHasWorked();
    expect(await statuses(waiting.id)).toEqual({ 41234567: 'NOT_REQUESTED' });
    expect(await statuses(unsigned.id)).toEqual({ 41234567: 'NOT_REQUESTED' });
    expect((await info(unsigned.id)).contractRequirement).toEqual({ isFulfilled: false });
    expect(await grants()).toEqual([]);

    // The applicant signs the contract her administrator approved (only a stored one can be signed).
    await storeApprovedContract(ctx.database.db, unsigned.id);
    expect((await kari.request({ method: 'POST', url: `/api/user/contract/confirm/${unsigned.id}` })).statusCode).toBe(200);
    await ctx.app.runKeyJobs();
    expect(await statuses(unsigned.id)).toEqual({ 41234567: 'PUSHED_BUT_STATUS_UNKNOWN' });
    expect(await statuses(waiting.id)).toEqual({ 41234567: 'NOT_REQUESTED' });
  });

  it('withdraws access when the booking is cancelled: the number disappears and the grant is revoked', async () => {
    const b = await booking({ cancellationDeadline: new Date(Date.now() + 86_400_000) });
    await add(b.id, '41234567');
    await ctx.app.runKeyJobs();
    await afterTheServiceHasWorked();
    expect(await statuses(b.id)).toEqual({ 41234567: 'ACCEPTED' });

    expect((await kari.request({ method: 'PATCH', url: `/api/booking/${b.id}`, payload: { status: 'cancelled' } })).statusCode).toBe(200);
    expect((await info(b.id)).oslonokkelenPermissions).toEqual([]);
    expect((await grants())[0]!.revoked).toBe(false);
    expect(await ctx.app.runKeyJobs()).toMatchObject({ revoked: 1 });
    expect((await grants())[0]!.revoked).toBe(true);
    expect((await add(b.id, '41234567')).statusCode).toBe(409);
  });

  it('replaces the grant when the times change, and holds access while the booking has no times', async () => {
    const b = await booking();
    await add(b.id, '41234567');
    await ctx.app.runKeyJobs();
    await afterTheServiceHasWorked();
    const db = ctx.database.db;

    // An administrator moves the time (their service calls syncKeyAccess in its transaction).
    await db.transaction(async (tx) => {
      await tx.execute(sql`update reservations set start_time = '19:00' where booking_id = ${b.id}`);
      await syncKeyAccess(tx, b.id);
    });
    expect(await statuses(b.id)).toEqual({ 41234567: 'NOT_REQUESTED' });
    await ctx.app.runKeyJobs();
    await afterTheServiceHasWorked();
    expect(await statuses(b.id)).toEqual({ 41234567: 'ACCEPTED' });
    const [old, current] = await grants();
    expect([old!.grant_id.endsWith('-g0'), old!.revoked, current!.grant_id.endsWith('-g1'), current!.revoked]).toEqual([
      true,
      true,
      true,
      false,
    ]);

    // Every time removed: access is held until the booking changes again.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update reservations set status = 'UNAVAILABLE' where booking_id = ${b.id}`);
      await syncKeyAccess(tx, b.id);
    });
    await ctx.app.runKeyJobs();
    expect(await statuses(b.id)).toEqual({ 41234567: 'DELETED_UNTIL_BOOKING_CHANGED' });
    expect((await info(b.id)).oslonokkelenStatus).toBe('DELETED_UNTIL_BOOKING_CHANGED');
    expect((await grants()).every((g) => g.revoked)).toBe(true);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, status) values (${b.id}, ${hall}, ${inDays(12)}, '10:00', 60, 'APPROVED')`,
      );
      await syncKeyAccess(tx, b.id);
    });
    await ctx.app.runKeyJobs();
    expect(await statuses(b.id)).toEqual({ 41234567: 'PUSHED_BUT_STATUS_UNKNOWN' });
  });

  it('removes a number (its grant revoked), and takes it back as a new one', async () => {
    const b = await booking();
    await add(b.id, '41234567');
    await add(b.id, '92345678');
    await ctx.app.runKeyJobs();
    const res = await remove(b.id, '4123 4567');
    expect(res.statusCode).toBe(200);
    expect(res.json<OslonokkelenInfo>().oslonokkelenPermissions.map((p) => p.phoneNumber)).toEqual(['92345678']);
    expect((await remove(b.id, '41234567')).statusCode).toBe(404);
    await ctx.app.runKeyJobs();
    expect((await grants()).find((g) => g.phone_number === '41234567')!.revoked).toBe(true);

    expect((await add(b.id, '41234567')).statusCode).toBe(200);
    await ctx.app.runKeyJobs();
    const mine = (await grants()).filter((g) => g.phone_number === '41234567');
    expect(mine.map((g) => [g.grant_id.slice(-3), g.revoked])).toEqual([
      ['-g0', true],
      ['-g1', false],
    ]);
  });

  it('refuses a number twice, a booking without a key room and a closed booking', async () => {
    const b = await booking();
    await add(b.id, '41234567');
    expect((await add(b.id, '41 23 45 67')).json()).toMatchObject({ code: 'CONFLICT', userMsg: 'Telefonnummeret er allerede lagt til.' });
    const noKey = await booking({ times: [{ bookableAssetId: plainRoom, date: inDays(10), startTime: '10:00:00', durationMinutes: 60 }] });
    expect(await info(noKey.id)).toMatchObject({ hasOslonokkelen: false, allowOslonokkelenKeySharing: false });
    expect((await add(noKey.id, '41234567')).json()).toMatchObject({
      code: 'CONFLICT',
      userMsg: 'Ingen av rommene i denne bookingen har Oslonøkkelen.',
    });
    const rejected = await booking({
      status: 'REJECTED',
      times: [{ bookableAssetId: hall, date: inDays(13), startTime: '10:00:00', durationMinutes: 60 }],
    });
    expect((await add(rejected.id, '41234567')).statusCode).toBe(409);
    expect((await info(rejected.id)).allowOslonokkelenKeySharing).toBe(false);
  });

  it('gives up with FAILED after repeated push errors, and withdraws the id it may have created', async () => {
    const b = await booking();
    await add(b.id, '41234567');
    const failing: KeyServiceClient = {
      putGrant: async () => {
        throw new Error('503 from the key service');
      },
      grantStates: async () => new Map(),
      revokeGrant: async () => undefined,
    };
    for (let i = 0; i < MAX_PUSH_ATTEMPTS; i++) {
      await ctx.database.db.execute(sql`update oslonokkelen_permissions set next_attempt_at = now() - interval '1 second'`);
      await runKeyJobs(ctx.database.db, failing);
    }
    expect(await statuses(b.id)).toEqual({ 41234567: 'FAILED' });
    const queued = await queryRows<{ grant_id: string }>(ctx.database.db, sql`select grant_id from oslonokkelen_revocations`);
    expect(queued).toEqual([{ grant_id: expect.stringMatching(/-g0$/) }]);
  });
});
