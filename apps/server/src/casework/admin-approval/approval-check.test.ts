import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalCheck } from '@lokaler/domain/admin-approval-check';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { reservations } from '../../db/schema/bookings';
import { testAdmins } from '../../seed/test-users';
import { bookingWithTimes, call } from '../../../test/admin-test-support';

describe('whether the times of an application are still free (GET /api/booking/{id}/approval-check)', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let school: number;
  let gym: number;
  let aula: number;
  let kariId: number;
  const date = inDays(9);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    school = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    const other = (await createLocation(db, { name: 'Sagene samfunnshus' })).id;
    await setOpeningHours(db, school, '08:00', '23:00');
    await addLocationAdmin(db, school, testAdmins[0]!.email);
    await addLocationAdmin(db, other, testAdmins[1]!.email);
    gym = (await createAsset(db, school, { name: 'Gymsal', externalAssetNumber: '101' })).id;
    aula = (await createAsset(db, school, { name: 'Aula' })).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    kariId = (await createUser(db)).id;
  });
  afterAll(() => ctx.close());

  it("lists the times an approval would approve and marks the ones a blocked time took since ('no longer free')", async () => {
    const db = ctx.database.db;
    const { bookingId, reservationIds } = await bookingWithTimes(db, school, kariId, [
      { bookableAssetId: gym, date, startTime: '18:00', durationMinutes: 120 },
      { bookableAssetId: aula, date, startTime: '18:00', durationMinutes: 60 },
      { bookableAssetId: gym, date: inDays(16), startTime: '18:00', durationMinutes: 120 },
    ]);
    // One time taken out of the application: not approved, so not listed.
    await db.update(reservations).set({ status: 'UNAVAILABLE' }).where(eq(reservations.id, reservationIds[2]!));

    const free = await call(ctx.app, siri, 'GET', `/api/booking/${bookingId}/approval-check`);
    expect(free.statusCode).toBe(200);
    expect(free.json<ApprovalCheck>()).toMatchObject({
      bookingId,
      noLongerFreeCount: 0,
      times: [
        {
          reservationId: reservationIds[0],
          displayName: 'Gymsal (101)',
          date,
          startTime: '18:00:00',
          endTime: '20:00:00',
          noLongerFree: false,
        },
        { reservationId: reservationIds[1], displayName: 'Aula', date, startTime: '18:00:00', endTime: '19:00:00', noLongerFree: false },
      ],
    });

    await addBlockedTime(db, gym, date, '19:30', 60);
    const taken = await call(ctx.app, siri, 'GET', `/api/booking/${bookingId}/approval-check`);
    expect(taken.json<ApprovalCheck>().noLongerFreeCount).toBe(1);
    expect(taken.json<ApprovalCheck>().times.map((t) => [t.reservationId, t.noLongerFree])).toEqual([
      [reservationIds[0], true],
      [reservationIds[1], false],
    ]);
  });

  it('asks for a login, and answers only an administrator of the location', async () => {
    const { bookingId } = await bookingWithTimes(ctx.database.db, school, kariId, [
      { bookableAssetId: gym, date: inDays(20), startTime: '10:00', durationMinutes: 60 },
    ]);
    expect((await call(ctx.app, null, 'GET', `/api/booking/${bookingId}/approval-check`)).statusCode).toBe(401);
    expect((await call(ctx.app, jonas, 'GET', `/api/booking/${bookingId}/approval-check`)).statusCode).toBe(403);
    expect((await call(ctx.app, siri, 'GET', '/api/booking/999999/approval-check')).statusCode).toBe(404);
    expect((await call(ctx.app, siri, 'GET', `/api/booking/${bookingId}/approval-check`)).statusCode).toBe(200);
  });
});
