import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { adminBookingMessages } from '@lokaler/domain/admin-booking-create';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { queryRows } from '../../db/client';
import { bookings, changeLog } from '../../db/schema/bookings';
import { blockedTimes } from '../../db/schema/schedule';
import { testAdmins } from '../../seed/test-users';
import { call, trailOf } from '../../../test/admin-test-support';

describe('POST /api/booking with an admin token (on behalf of a citizen, internal activity)', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let pastAllowed: number;
  let gym: number;
  let strictRoom: number;
  let districtRoom: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    pastAllowed = (await createLocation(db, { name: 'Sagene skole', adminCanBookPastDates: true, behandlingstid: 5 })).id;
    const strict = (await createLocation(db, { name: 'Lilleborg skole' })).id;
    const district = (await createLocation(db, { name: 'Vålerenga bydelshus', requireCostCategory: true })).id;
    for (const id of [pastAllowed, strict, district]) {
      await setOpeningHours(db, id, '08:00', '22:00');
      await addLocationAdmin(db, id, testAdmins[0]!.email);
    }
    await addLocationAdmin(db, (await createLocation(db)).id, testAdmins[1]!.email);
    gym = (await createAsset(db, pastAllowed, { name: 'Gymsal', allowSingleBookingsForPublicUser: false })).id;
    strictRoom = (await createAsset(db, strict, { name: 'Kantine' })).id;
    districtRoom = (await createAsset(db, district, { name: 'Storsal' })).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(bookings);
    await ctx.database.db.delete(blockedTimes);
  });

  const body = (room: number, date: string, extra: Record<string, unknown> = {}) => ({
    availabilityData: {
      probablyAvailable: [
        { bookableAssetId: room, datesAndTimes: [{ date, startTime: '10:00:00', duration: 'PT2H', initialRepetitionDate: null }] },
      ],
    },
    isRepeating: false,
    bookingPortalClient: 'ADMIN',
    bookingPurpose: 'ADMINUSER_INTERNAL_ACTIVITY',
    formAnswers: {},
    ...extra,
  });

  it('books an internal activity, approved at once, without asking the public rules', async () => {
    const res = await call(ctx.app, siri, 'POST', '/api/booking', body(gym, inDays(3), { internalEventTitle: 'Foreldremøte' }));
    expect(res.statusCode).toBe(201);
    const { bookingId, caseNumber } = res.json<{ bookingId: number; caseNumber: string }>();
    expect(caseNumber).toMatch(/^LOK-\d{4}-\d{5,}$/);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({
      status: 'APPROVED',
      purpose: 'ADMINUSER_INTERNAL_ACTIVITY',
      sourceForm: 'internal',
      internalEventTitle: 'Foreldremøte',
      userId: null,
    });
    expect(await trailOf(ctx.database.db, bookingId)).toMatchObject({
      reservationStatuses: ['APPROVED'],
      changeLogTypes: ['Comment'],
      mailKinds: [],
    });
  });

  it('books on behalf of a citizen, who gets the confirmation with a claim link', async () => {
    const missing = await call(
      ctx.app,
      siri,
      'POST',
      '/api/booking',
      body(gym, inDays(4), { bookingPurpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN', onBehalfOfName: 'Leif Pettersen' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ApiError>().fields).toEqual([{ path: 'body.onBehalfOfEmail', message: adminBookingMessages.onBehalfOfEmail }]);

    const res = await call(
      ctx.app,
      siri,
      'POST',
      '/api/booking',
      body(gym, inDays(4), {
        bookingPurpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
        onBehalfOfName: 'Leif Pettersen',
        onBehalfOfEmail: 'Leif.Pettersen@example.no',
        formAnswers: { activity: ' Pensjonisttreff ' },
      }),
    );
    expect(res.statusCode).toBe(201);
    const { bookingId } = res.json<{ bookingId: number }>();
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({
      status: 'APPROVED',
      onBehalfOfName: 'Leif Pettersen',
      onBehalfOfEmail: 'leif.pettersen@example.no',
      formAnswers: { activity: 'Pensjonisttreff' },
    });
    const [mail] = await queryRows<{ recipient: string; body: string }>(
      ctx.database.db,
      sql`select recipient, body from mail_outbox where (topic ->> 'bookingId')::integer = ${bookingId}`,
    );
    expect(mail?.recipient).toBe('leif.pettersen@example.no');
    expect(mail?.body).toMatch(/\/claim\/[A-Za-z0-9_-]{20,}/);
  });

  it('books up to a year back only where ADMIN_CAN_BOOK_PAST_DATES is set', async () => {
    expect((await call(ctx.app, siri, 'POST', '/api/booking', body(gym, inDays(-30)))).statusCode).toBe(201);
    expect((await call(ctx.app, siri, 'POST', '/api/booking', body(gym, inDays(-400)))).statusCode).toBe(422);
    expect((await call(ctx.app, siri, 'POST', '/api/booking', body(strictRoom, inDays(-30)))).statusCode).toBe(422);
  });

  it("books a blocked slot only with includeBlockedSlots, never a taken one, never another location's room", async () => {
    await addBlockedTime(ctx.database.db, strictRoom, inDays(6), '10:00', 60);
    const blocked = await call(ctx.app, siri, 'POST', '/api/booking', body(strictRoom, inDays(6)));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json<ApiError>().conflicts).toEqual([
      { bookableAssetId: strictRoom, date: inDays(6), startTime: '10:00:00', endTime: '12:00:00' },
    ]);
    expect((await call(ctx.app, siri, 'POST', '/api/booking', body(strictRoom, inDays(6), { includeBlockedSlots: true }))).statusCode).toBe(
      201,
    );
    expect((await call(ctx.app, siri, 'POST', '/api/booking', body(strictRoom, inDays(6), { includeBlockedSlots: true }))).statusCode).toBe(
      409,
    );
    expect((await call(ctx.app, jonas, 'POST', '/api/booking', body(strictRoom, inDays(7)))).statusCode).toBe(403);
    const asPublic = await call(
      ctx.app,
      siri,
      'POST',
      '/api/booking',
      body(strictRoom, inDays(7), { bookingPortalClient: 'PUBLIC', bookingPurpose: 'PUBLICUSER_LOAN' }),
    );
    expect(asPublic.statusCode).toBe(400);
  });

  describe("the location's rules hold for the administrator's own bookings (decision 044)", () => {
    const onBehalf = (extra: Record<string, unknown> = {}) =>
      body(districtRoom, inDays(5), {
        bookingPurpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
        onBehalfOfName: 'Leif Pettersen',
        onBehalfOfEmail: 'leif@example.no',
        ...extra,
      });
    const count = async () => (await ctx.database.db.select({ id: bookings.id }).from(bookings)).length;

    it('refuses a loan on behalf of a citizen without a cost category where the location requires one, and writes nothing', async () => {
      const res = await call(ctx.app, siri, 'POST', '/api/booking', onBehalf());
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiError>()).toMatchObject({
        userMsg: adminBookingMessages.costCategoryRequired,
        fields: [{ path: 'body.costCategory', message: adminBookingMessages.costCategoryRequired }],
      });
      const noPrice = await call(ctx.app, siri, 'POST', '/api/booking', onBehalf({ costCategory: 'MARKET' }));
      expect(noPrice.statusCode).toBe(400);
      expect(noPrice.json<ApiError>().fields).toEqual([{ path: 'body.marketPrice', message: adminBookingMessages.marketPriceRequired }]);
      const emptyReason = await call(ctx.app, siri, 'POST', '/api/booking', onBehalf({ overrideRules: { reason: '   ' } }));
      expect(emptyReason.statusCode).toBe(400);
      expect(emptyReason.json<ApiError>().fields).toEqual([
        { path: 'body.overrideRules.reason', message: adminBookingMessages.overrideReason },
      ]);
      expect(await count()).toBe(0);
      expect(await ctx.database.db.select().from(changeLog)).toEqual([]);
    });

    it('stores the chosen cost category (and market price), so the reimbursement report knows it', async () => {
      const res = await call(ctx.app, siri, 'POST', '/api/booking', onBehalf({ costCategory: 'MARKET', marketPrice: 150_000 }));
      expect(res.statusCode).toBe(201);
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, res.json<{ bookingId: number }>().bookingId));
      expect(row).toMatchObject({ status: 'APPROVED', costCategory: 'MARKET', marketPriceOre: 150_000 });
    });

    it('books past the rule only with an explicit override, whose reason the change log records', async () => {
      const res = await call(
        ctx.app,
        siri,
        'POST',
        '/api/booking',
        onBehalf({ overrideRules: { reason: ' Avtalt med bydelsdirektøren ' } }),
      );
      expect(res.statusCode).toBe(201);
      const bookingId = res.json<{ bookingId: number }>().bookingId;
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(row?.costCategory).toBeNull();
      const log = await ctx.database.db
        .select({ type: changeLog.type, comment: changeLog.comment })
        .from(changeLog)
        .where(eq(changeLog.bookingId, bookingId));
      expect(log).toEqual([{ type: 'Comment', comment: 'Lokalets regler overstyrt av administrator: Avtalt med bydelsdirektøren' }]);
    });

    it('asks no cost category of an internal activity, and stores none for it', async () => {
      const res = await call(ctx.app, siri, 'POST', '/api/booking', body(districtRoom, inDays(8), { costCategory: 'FREE' }));
      expect(res.statusCode).toBe(201);
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, res.json<{ bookingId: number }>().bookingId));
      expect(row?.costCategory).toBeNull();
    });
  });
});
