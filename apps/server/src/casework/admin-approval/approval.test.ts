import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { approvalMessages, type DocumentPreview } from '@lokaler/domain/admin-approval';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { bookingApprovals, bookingDocuments } from '../../db/schema/admin-decisions';
import { bookings, decisionMessages, requirements, reservations } from '../../db/schema/bookings';
import { blockedTimes } from '../../db/schema/schedule';
import { testAdmins } from '../../seed/test-users';
import { bookingWithTimes, call, trailOf } from '../../../test/admin-test-support';

describe('approving an application (PUT /api/booking/{id}/approve)', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let withDocuments: number;
  let plain: number;
  let hall: number;
  let plainRoom: number;
  let kariId: number;
  const date = inDays(12);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    withDocuments = (
      await createLocation(db, {
        name: 'Sagene samfunnshus',
        requireContract: true,
        enableVedtak: true,
        contactEmail: 'post@sagene.example.no',
      })
    ).id;
    plain = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    for (const id of [withDocuments, plain]) {
      await setOpeningHours(db, id, '08:00', '23:00');
      await addLocationAdmin(db, id, testAdmins[0]!.email);
    }
    await addLocationAdmin(db, withDocuments, testAdmins[1]!.email);
    hall = (await createAsset(db, withDocuments, { name: 'Storsalen', squareMeters: 300 })).id;
    plainRoom = (await createAsset(db, plain, { name: 'Gymsal', squareMeters: 400 })).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    kariId = (await createUser(db)).id;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(bookings);
    await ctx.database.db.delete(blockedTimes);
  });

  const application = (locationId = withDocuments, room = hall, startTime = '18:00') =>
    bookingWithTimes(ctx.database.db, locationId, kariId, [{ bookableAssetId: room, date, startTime, durationMinutes: 120 }]);

  async function previews(bookingId: number, query = 'costCategory=FREE'): Promise<{ vedtak: DocumentPreview; contract: DocumentPreview }> {
    const vedtak = await call(ctx.app, siri, 'GET', `/api/vedtak-preview/${bookingId}?${query}`);
    const contract = await call(ctx.app, siri, 'GET', `/api/contract-preview/${bookingId}?${query}`);
    expect([vedtak.statusCode, contract.statusCode]).toEqual([200, 200]);
    return { vedtak: vedtak.json(), contract: contract.json() };
  }

  const approvalOf = (p: { vedtak: DocumentPreview; contract: DocumentPreview }, extra: Record<string, unknown> = {}) => ({
    costCategory: 'FREE',
    vedtakApproved: true,
    vedtakHash: p.vedtak.hash,
    contractApproved: true,
    contractHash: p.contract.hash,
    ...extra,
  });

  it('approves with the previewed documents: one log entry, one e-mail, exactly the HTML the administrator saw', async () => {
    const { bookingId } = await application();
    const p = await previews(bookingId);
    expect(p.vedtak.html).toContain('Vedtak om lån av lokale');
    expect(p.contract.html).toContain('Kontrakt for lån og leie av lokale');

    const res = await call(
      ctx.app,
      siri,
      'PUT',
      `/api/booking/${bookingId}/approve`,
      approvalOf(p, { comment: 'Velkommen! Nøkkel hos vaktmester.' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bookingId, status: 'APPROVED', contractRequired: true, vedtakStored: true, contractStored: true });

    const db = ctx.database.db;
    expect(await trailOf(db, bookingId)).toEqual({
      status: 'APPROVED',
      reservationStatuses: ['APPROVED'],
      changeLogTypes: ['BookingApproval'],
      mailKinds: ['BookingApproval'],
      documents: 2,
      requirements: 1,
      decisionMessages: 1,
    });
    const docs = await db
      .select()
      .from(bookingDocuments)
      .where(and(eq(bookingDocuments.bookingId, bookingId), isNull(bookingDocuments.revokedAt)));
    expect(Object.fromEntries(docs.map((d) => [d.kind, d.html]))).toEqual({ VEDTAK: p.vedtak.html, CONTRACT: p.contract.html });
    expect(Object.fromEntries(docs.map((d) => [d.kind, d.hash]))).toEqual({ VEDTAK: p.vedtak.hash, CONTRACT: p.contract.hash });
    const [requirement] = await db.select().from(requirements).where(eq(requirements.bookingId, bookingId));
    expect(requirement).toMatchObject({ type: 'CONTRACT', isFulfilled: false });
    const [message] = await db.select().from(decisionMessages).where(eq(decisionMessages.bookingId, bookingId));
    expect(message?.message).toBe('Velkommen! Nøkkel hos vaktmester.');
    const [terms] = await db.select().from(bookingApprovals).where(eq(bookingApprovals.bookingId, bookingId));
    expect(terms).toMatchObject({ costCategory: 'FREE', approvedByName: 'Siri Saksbehandler' });

    const log = await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/changes`);
    expect(log.json()).toEqual([
      expect.objectContaining({
        type: 'BookingApproval',
        label: 'Godkjent',
        user: 'Siri Saksbehandler',
        comment: 'Velkommen! Nøkkel hos vaktmester.',
      }),
    ]);
    const mails = await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/email-reminders`);
    expect(mails.json()).toEqual([expect.objectContaining({ kind: 'BookingApproval', recipient: 'soker@example.no', status: 'PENDING' })]);
    expect(mails.json()[0].subject).toContain('Søknaden din er godkjent');
  });

  it("asks for a cost category with the spec's message and changes nothing", async () => {
    const { bookingId } = await application(plain, plainRoom);
    const before = await trailOf(ctx.database.db, bookingId);
    for (const body of [{}, { costCategory: '' }]) {
      const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiError>().fields).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'body.costCategory', message: approvalMessages.chooseCostCategory })]),
      );
    }
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);
  });

  it('takes a market price only with MARKET, and the cost-based prices only with COST', async () => {
    const { bookingId } = await application(plain, plainRoom);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ costCategory: 'FREE', marketPrice: 100_000 }, 'body.marketPrice', approvalMessages.onlyForMarket],
      [{ costCategory: 'MARKET' }, 'body.marketPrice', approvalMessages.marketPriceRequired],
      [{ costCategory: 'COST' }, 'body.costBasedPrices', approvalMessages.costBasedRequired],
      [{ costCategory: 'FREE', hasTilsynsvakt: true }, 'body.tilsynsvaktWeekdays', approvalMessages.tilsynsvaktWeekdaysRequired],
    ];
    for (const [body, path, message] of cases) {
      const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ApiError>().fields).toEqual([{ path, message }]);
    }
    const market = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, { costCategory: 'MARKET', marketPrice: 350_000 });
    expect(market.statusCode).toBe(200);
    expect((await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]).toMatchObject({
      costCategory: 'MARKET',
      marketPriceOre: 350_000,
    });
  });

  it('refuses a tilsynsvakt without a weekday in the previews and the price calculation too (400, Norwegian)', async () => {
    const { bookingId } = await application(plain, plainRoom);
    for (const url of [
      `/api/vedtak-preview/${bookingId}?costCategory=FREE&hasTilsynsvakt=true`,
      `/api/contract-preview/${bookingId}?costCategory=FREE&hasTilsynsvakt=true`,
      `/api/selvkost/calculation?locationId=${plain}&bookingId=${bookingId}&hasTilsynsvakt=true`,
    ]) {
      const res = await call(ctx.app, siri, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ApiError>()).toMatchObject({
        userMsg: approvalMessages.tilsynsvaktWeekdaysRequired,
        fields: [{ path: 'querystring.tilsynsvaktWeekdays', message: approvalMessages.tilsynsvaktWeekdaysRequired }],
      });
    }
    expect(
      (
        await call(
          ctx.app,
          siri,
          'GET',
          `/api/vedtak-preview/${bookingId}?costCategory=FREE&hasTilsynsvakt=true&tilsynsvaktWeekdays=MONDAY`,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('approves a wedding only with what applies to a wedding: free, no retroactive contract, no tilsynsvakt', async () => {
    const { bookingId } = await bookingWithTimes(
      ctx.database.db,
      plain,
      kariId,
      [{ bookableAssetId: plainRoom, date, startTime: '12:00', durationMinutes: 30 }],
      { sourceForm: 'wedding' },
    );
    const before = await trailOf(ctx.database.db, bookingId);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ costCategory: 'MARKET', marketPrice: 100_000 }, ['body.costCategory']],
      [
        { costCategory: 'FREE', retroactiveContract: true, hasTilsynsvakt: true, tilsynsvaktWeekdays: ['SATURDAY'] },
        ['body.retroactiveContract', 'body.hasTilsynsvakt'],
      ],
    ];
    for (const [body, paths] of cases) {
      const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ApiError>()).toMatchObject({
        userMsg: approvalMessages.notForWedding,
        fields: paths.map((path) => ({ path, message: approvalMessages.notForWedding })),
      });
    }
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);
    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, { costCategory: 'FREE' });
    expect(res.statusCode).toBe(200);
    expect((await ctx.database.db.select().from(bookingApprovals).where(eq(bookingApprovals.bookingId, bookingId)))[0]).toMatchObject({
      costCategory: 'FREE',
      retroactiveContract: false,
      hasTilsynsvakt: false,
    });
  });

  it('requires the vedtak and the contract to be approved where the location uses them', async () => {
    const { bookingId } = await application();
    const p = await previews(bookingId);
    const before = await trailOf(ctx.database.db, bookingId);
    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, {
      costCategory: 'FREE',
      vedtakApproved: true,
      vedtakHash: p.vedtak.hash,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>()).toMatchObject({
      userMsg: approvalMessages.contractNotApproved,
      fields: [{ path: 'body.contractApproved' }],
    });
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);
  });

  it('refuses (409) when a document is not the one previewed, and changes nothing', async () => {
    const { bookingId } = await application();
    const free = await previews(bookingId);
    const before = await trailOf(ctx.database.db, bookingId);
    // Previewed as free, approved as market price: the documents would say something else.
    const changedTerms = await call(
      ctx.app,
      siri,
      'PUT',
      `/api/booking/${bookingId}/approve`,
      approvalOf(free, { costCategory: 'MARKET', marketPrice: 100_000 }),
    );
    expect(changedTerms.statusCode).toBe(409);
    expect(changedTerms.json<ApiError>()).toMatchObject({ code: 'CONFLICT', userMsg: approvalMessages.documentChanged });
    // The booking changed after the preview (another time added).
    await ctx.database.db.insert(reservations).values({ bookingId, bookableAssetId: hall, date, startTime: '21:00', durationMinutes: 60 });
    const changedBooking = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, approvalOf(free));
    expect(changedBooking.statusCode).toBe(409);
    expect(changedBooking.json<ApiError>().fields?.[0]?.path).toBe('body.vedtakHash');
    expect(await trailOf(ctx.database.db, bookingId)).toEqual({ ...before, reservationStatuses: ['UNPROCESSED', 'UNPROCESSED'] });
    // A fresh preview of the same terms is accepted.
    const again = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, approvalOf(await previews(bookingId)));
    expect(again.statusCode).toBe(200);
  });

  it('fails cleanly (409 with the times) when a time was blocked in the meantime', async () => {
    const { bookingId } = await application();
    const p = await previews(bookingId);
    await addBlockedTime(ctx.database.db, hall, date, '19:00', 30);
    const before = await trailOf(ctx.database.db, bookingId);
    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, approvalOf(p));
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>()).toMatchObject({
      code: 'BOOKING_CONFLICT',
      conflicts: [{ bookableAssetId: hall, date, startTime: '18:00:00', endTime: '20:00:00' }],
    });
    expect(res.json<ApiError>().userMsg).toContain(approvalMessages.timesBlocked);
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);
  });

  it('fails cleanly when its times were taken by someone else in the meantime', async () => {
    const { bookingId, reservationIds } = await application(plain, plainRoom);
    // The time was taken out of this application and given to another booking.
    await ctx.database.db.update(reservations).set({ status: 'UNAVAILABLE' }).where(eq(reservations.id, reservationIds[0]!));
    const other = await application(plain, plainRoom);
    const before = await trailOf(ctx.database.db, bookingId);
    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, { costCategory: 'FREE' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().userMsg).toBe(approvalMessages.noTimesLeft);
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);
    expect((await trailOf(ctx.database.db, other.bookingId)).reservationStatuses).toEqual(['UNPROCESSED']);
  });

  it('leaves one consistent result when two administrators approve at once', async () => {
    const { bookingId } = await application();
    const p = await previews(bookingId);
    const results = await Promise.all([
      call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, approvalOf(p, { comment: 'Siri godkjenner' })),
      call(ctx.app, jonas, 'PUT', `/api/booking/${bookingId}/approve`, approvalOf(p, { comment: 'Jonas godkjenner' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json<ApiError>()).toMatchObject({ code: 'CONFLICT', userMsg: approvalMessages.alreadyProcessed });
    expect(await trailOf(ctx.database.db, bookingId)).toEqual({
      status: 'APPROVED',
      reservationStatuses: ['APPROVED'],
      changeLogTypes: ['BookingApproval'],
      mailKinds: ['BookingApproval'],
      documents: 2,
      requirements: 1,
      decisionMessages: 1,
    });
  });

  it("reverts an approval ('Angre godkjenning') and can approve again", async () => {
    const { bookingId } = await application();
    expect((await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, approvalOf(await previews(bookingId)))).statusCode).toBe(
      200,
    );

    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/unapprove`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bookingId, status: 'UNPROCESSED' });
    expect(await trailOf(ctx.database.db, bookingId)).toEqual({
      status: 'UNPROCESSED',
      reservationStatuses: ['UNPROCESSED'],
      changeLogTypes: ['BookingApproval', 'BookingSetToUnprocessed'],
      mailKinds: ['BookingApproval', 'BookingSetToUnprocessed'],
      documents: 0,
      requirements: 0,
      decisionMessages: 0,
    });
    expect(await ctx.database.db.select().from(bookingApprovals).where(eq(bookingApprovals.bookingId, bookingId))).toEqual([]);
    const view = await call(ctx.app, siri, 'GET', `/api/booking/${bookingId}`);
    expect(view.json()).toMatchObject({
      status: 'UNPROCESSED',
      costCategory: null,
      approval: null,
      vedtakExists: false,
      contractExists: false,
    });

    const twice = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/unapprove`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiError>().userMsg).toBe(approvalMessages.notApproved);

    const again = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, approvalOf(await previews(bookingId)));
    expect(again.statusCode).toBe(200);
    const trail = await trailOf(ctx.database.db, bookingId);
    expect(trail).toMatchObject({ status: 'APPROVED', documents: 2, requirements: 1 });
    expect(trail.changeLogTypes).toEqual(['BookingApproval', 'BookingSetToUnprocessed', 'BookingApproval']);
  });

  it('refuses to approve a booking that is not unprocessed', async () => {
    const { bookingId } = await application(plain, plainRoom);
    await ctx.database.db.update(bookings).set({ status: 'CANCELLED' }).where(eq(bookings.id, bookingId));
    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, { costCategory: 'FREE' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().userMsg).toBe(approvalMessages.alreadyProcessed);
    expect((await call(ctx.app, siri, 'PUT', '/api/booking/999999/approve', { costCategory: 'FREE' })).statusCode).toBe(404);
  });
});
