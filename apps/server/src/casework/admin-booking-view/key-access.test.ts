import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import type { OslonokkelenRequestStatus } from '@lokaler/domain/oslonokkelen';
import { oslonokkelenPermissions } from '../../db/schema/after-application';
import { requirements } from '../../db/schema/bookings';
import { testAdmins } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { bookingWithTimes, call } from '../../../test/admin-test-support';

describe("the admin booking view's key access (spec 02 §4 admin key-access states)", () => {
  let ctx: TestContext;
  let siri: string;
  let locationId: number;
  let keyRoom: number;
  let plainRoom: number;
  let userId: number;
  let hour = 7;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    keyRoom = (await createAsset(db, locationId, { name: 'Gymsal', hasOslonokkelen: true })).id;
    plainRoom = (await createAsset(db, locationId, { name: 'Klasserom' })).id;
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    userId = (await createUser(db)).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());

  async function bookingWithNumbers(
    status: 'UNPROCESSED' | 'APPROVED' | 'CANCELLED',
    numbers: [string, OslonokkelenRequestStatus][],
    options: { contract?: boolean; room?: number } = {},
  ) {
    const db = ctx.database.db;
    const { bookingId } = await bookingWithTimes(
      db,
      locationId,
      userId,
      [
        {
          bookableAssetId: options.room ?? keyRoom,
          date: inDays(20),
          startTime: `${String(++hour).padStart(2, '0')}:00`,
          durationMinutes: 60,
          status: status === 'APPROVED' ? 'APPROVED' : 'UNPROCESSED',
        },
      ],
      { status },
    );
    if (options.contract !== undefined)
      await db.insert(requirements).values({ bookingId, type: 'CONTRACT', isFulfilled: options.contract });
    for (const [phoneNumber, s] of numbers) await db.insert(oslonokkelenPermissions).values({ bookingId, phoneNumber, status: s });
    const res = await call(ctx.app, siri, 'GET', `/api/booking/${bookingId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminBookingView>().keyAccess;
  }

  it('an approved booking: each number with its state, deleted ones too, in the order they were added', async () => {
    const access = await bookingWithNumbers(
      'APPROVED',
      [
        ['41234567', 'ACCEPTED'],
        ['92345678', 'PUSHED_BUT_STATUS_UNKNOWN'],
        ['98765432', 'DELETED'],
        ['47474747', 'ILLEGAL_PHONE_NUMBER'],
        ['40000001', 'NO_PROFILE'],
        ['40000002', 'FAILED'],
        ['40000003', 'NOT_REQUESTED'],
      ],
      { contract: true },
    );
    expect(access.hasOslonokkelen).toBe(true);
    expect(access.numbers.map((n) => [n.phoneNumber, n.requestStatus, n.state])).toEqual([
      ['41234567', 'ACCEPTED', 'ACCEPTED'],
      ['92345678', 'PUSHED_BUT_STATUS_UNKNOWN', 'NO_STATUS'],
      ['98765432', 'DELETED', 'DELETED'],
      ['47474747', 'ILLEGAL_PHONE_NUMBER', 'ILLEGAL_PHONE_NUMBER'],
      ['40000001', 'NO_PROFILE', 'NO_PROFILE'],
      ['40000002', 'FAILED', 'FAILED'],
      ['40000003', 'NOT_REQUESTED', 'NO_STATUS'],
    ]);
  });

  it("a number not sent yet waits for the approval, then for the signed contract; a cancelled booking's is deleted", async () => {
    expect((await bookingWithNumbers('UNPROCESSED', [['41234567', 'NOT_REQUESTED']], { contract: false })).numbers[0]!.state).toBe(
      'NOT_REQUESTED',
    );
    expect((await bookingWithNumbers('APPROVED', [['41234567', 'NOT_REQUESTED']], { contract: false })).numbers[0]!.state).toBe(
      'CONTRACT_REQUIRED',
    );
    expect((await bookingWithNumbers('CANCELLED', [['41234567', 'NOT_REQUESTED']])).numbers[0]!.state).toBe('DELETED');
  });

  it('a booking without a key room and without numbers has no key access', async () => {
    expect(await bookingWithNumbers('UNPROCESSED', [], { room: plainRoom })).toEqual({ hasOslonokkelen: false, numbers: [] });
  });
});
