import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { SELVKOST_NOT_FOUND, type SelvkostCalculationResponse } from '@lokaler/domain/admin-selvkost';
import type { DocumentPreview } from '@lokaler/domain/admin-approval';
import { addDays, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { bookingApprovals } from '../../db/schema/admin-decisions';
import { bookings } from '../../db/schema/bookings';
import { testAdmins } from '../../seed/test-users';
import { bookingWithTimes, call } from '../../../test/admin-test-support';
import { upsertSelvkostPrices } from './repository';

const prices = {
  lokalkategori1: 15_000,
  lokalkategori2: 30_000,
  lokalkategori3: 60_000,
  etableringSemesterlan: 50_000,
  etableringEngangsutleie: 25_000,
  timeTilsynsvakt: 45_000,
  timeEkstraRenhold: 55_000,
};

describe('cost-based price (selvkost)', () => {
  let ctx: TestContext;
  let siri: string;
  let locationId: number;
  let bookingId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Grünerløkka bydelshus', requireContract: true })).id;
    await setOpeningHours(db, locationId, '08:00', '23:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    const hall = (await createAsset(db, locationId, { name: 'Storsalen', squareMeters: 250 })).id;
    const meeting = (await createAsset(db, locationId, { name: 'Møterom', externalAssetNumber: 'M1', squareMeters: 30 })).id;
    const userId = (await createUser(db)).id;
    // A Monday and the Tuesday after it: 2 h in the hall on both, 1.5 h in the meeting room on the Tuesday.
    const monday = addDays(weekStart(inDays(10)), 7);
    const tuesday = addDays(monday, 1);
    ({ bookingId } = await bookingWithTimes(
      db,
      locationId,
      userId,
      [
        { bookableAssetId: hall, date: monday, startTime: '18:00', durationMinutes: 120 },
        { bookableAssetId: hall, date: tuesday, startTime: '18:00', durationMinutes: 120 },
        { bookableAssetId: meeting, date: tuesday, startTime: '18:00', durationMinutes: 90 },
      ],
      { durationType: 'SEMESTERLOAN' },
    ));
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());

  it("answers 404 with 'Could not find selvkost prices' while the location has none", async () => {
    const res = await call(ctx.app, siri, 'GET', `/api/selvkost/prices/${locationId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<ApiError>().msg).toBe(SELVKOST_NOT_FOUND);
    const calc = await call(ctx.app, siri, 'GET', `/api/selvkost/calculation?locationId=${locationId}&bookingId=${bookingId}`);
    expect(calc.statusCode).toBe(404);
    expect(calc.json<ApiError>().msg).toBe(SELVKOST_NOT_FOUND);
  });

  it("calculates the price of the booking's hours per room category, etablering and tilsynsvakt", async () => {
    await upsertSelvkostPrices(ctx.database.db, locationId, prices);
    expect((await call(ctx.app, siri, 'GET', `/api/selvkost/prices/${locationId}`)).json()).toEqual({ locationId, ...prices });

    const res = await call(
      ctx.app,
      siri,
      'GET',
      `/api/selvkost/calculation?locationId=${locationId}&bookingId=${bookingId}&hasTilsynsvakt=true&tilsynsvaktWeekdays=MONDAY`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<SelvkostCalculationResponse>();
    expect(body.lines).toEqual([
      { kind: 'ROOM', description: 'Lokalkategori 1 (Møterom)', quantity: 1.5, unitPriceOre: 15_000, amountOre: 22_500 },
      { kind: 'ROOM', description: 'Lokalkategori 3 (Storsalen)', quantity: 4, unitPriceOre: 60_000, amountOre: 240_000 },
      { kind: 'ETABLERING', description: 'Etablering, semesterlån', quantity: 1, unitPriceOre: 50_000, amountOre: 50_000 },
      { kind: 'TILSYNSVAKT', description: 'Tilsynsvakt', quantity: 2, unitPriceOre: 45_000, amountOre: 90_000 },
    ]);
    expect(body.totalOre).toBe(402_500);
    expect(body.ekstraRenholdPerHourOre).toBe(55_000);

    const wrongLocation = await call(ctx.app, siri, 'GET', `/api/selvkost/calculation?locationId=999999&bookingId=${bookingId}`);
    expect(wrongLocation.statusCode).toBe(403);
  });

  it('approves at cost: the contract states the calculation, the terms keep the total', async () => {
    await upsertSelvkostPrices(ctx.database.db, locationId, prices);
    // Without price fields the preview starts from the location's list; the approval sends them all.
    const preview = await call(ctx.app, siri, 'GET', `/api/contract-preview/${bookingId}?costCategory=COST`);
    expect(preview.statusCode).toBe(200);
    const contract = preview.json<DocumentPreview>();
    expect(contract.html).toContain('Leien er beregnet etter selvkost.');
    expect(contract.html).toContain('3 125,00 kr');
    expect(contract.html).toContain('550,00 kr per time');

    const changed = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, {
      costCategory: 'COST',
      costBasedPrices: { ...prices, lokalkategori3: 70_000 },
      contractApproved: true,
      contractHash: contract.hash,
    });
    expect(changed.statusCode).toBe(409);

    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, {
      costCategory: 'COST',
      costBasedPrices: prices,
      contractApproved: true,
      contractHash: contract.hash,
    });
    expect(res.statusCode).toBe(200);
    const [terms] = await ctx.database.db.select().from(bookingApprovals).where(eq(bookingApprovals.bookingId, bookingId));
    expect(terms).toMatchObject({ costCategory: 'COST', costBasedPrices: prices, calculatedPriceOre: 312_500, marketPriceOre: null });
    const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ status: 'APPROVED', costCategory: 'COST' });
  });
});
