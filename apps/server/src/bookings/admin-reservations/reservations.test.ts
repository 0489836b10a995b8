import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { reservationChangeMessages, type ReservationsChangedResponse } from '@lokaler/domain/admin-reservation-change';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { bookings, reservations } from '../../db/schema/bookings';
import { blockedTimes } from '../../db/schema/schedule';
import { testAdmins } from '../../seed/test-users';
import { bookingWithTimes, call, trailOf } from '../../../test/admin-test-support';

describe('changing single times (PUT /api/reservation/{id}, DELETE /api/reservation, POST /api/booking/{id}/reservations)', () => {
  let ctx: TestContext;
  let siri: string;
  let locationId: number;
  let gym: number;
  let hall: number;
  let otherRoom: number;
  let userId: number;
  const date = inDays(16);
  const later = inDays(23);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    await setOpeningHours(db, locationId, '16:00', '22:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    gym = (await createAsset(db, locationId, { name: 'Gymsal' })).id;
    hall = (await createAsset(db, locationId, { name: 'Aula' })).id;
    const other = await createLocation(db);
    await setOpeningHours(db, other.id, '16:00', '22:00');
    await addLocationAdmin(db, other.id, testAdmins[0]!.email);
    otherRoom = (await createAsset(db, other.id)).id;
    userId = (await createUser(db)).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(bookings);
    await ctx.database.db.delete(blockedTimes);
  });

  const series = (status: 'UNPROCESSED' | 'APPROVED' = 'APPROVED') =>
    bookingWithTimes(
      ctx.database.db,
      locationId,
      userId,
      [
        { bookableAssetId: gym, date, startTime: '19:00', durationMinutes: 90, status },
        { bookableAssetId: gym, date: later, startTime: '19:00', durationMinutes: 90, status },
      ],
      { status },
    );

  it('moves a time: the old one is kept as REPLACED, the new one takes its status, the log has before and after', async () => {
    const { bookingId, reservationIds } = await series();
    const res = await call(ctx.app, siri, 'PUT', `/api/reservation/${reservationIds[0]}`, {
      updateReservations: [{ newDate: date, newStartTime: '20:00:00', newDuration: 'PT1H30M' }],
      comment: 'Turnering i gymsalen til 20.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ReservationsChangedResponse>();
    expect(body.reservations.map((r) => [r.date, r.startTime, r.endTime, r.status])).toEqual([
      [date, '19:00:00', '20:30:00', 'REPLACED'],
      [date, '20:00:00', '21:30:00', 'APPROVED'],
      [later, '19:00:00', '20:30:00', 'APPROVED'],
    ]);
    expect(await trailOf(ctx.database.db, bookingId)).toMatchObject({
      changeLogTypes: ['ReservationChange'],
      mailKinds: ['ReservationChange'],
    });
    const [entry] = (await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/changes`)).json();
    expect(entry).toMatchObject({
      type: 'ReservationChange',
      label: 'Endret',
      comment: 'Turnering i gymsalen til 20.',
      reservationTimes: [{ assetDescription: 'Gymsal', times: [expect.stringMatching(/19:00–20:30$/)] }],
      newReservationTimes: [{ assetDescription: 'Gymsal', times: [expect.stringMatching(/20:00–21:30$/)] }],
    });
  });

  it('refuses a time another booking holds (409 with the taken time) and changes nothing', async () => {
    const { bookingId, reservationIds } = await series();
    await bookingWithTimes(ctx.database.db, locationId, userId, [{ bookableAssetId: gym, date, startTime: '17:00', durationMinutes: 60 }]);
    const before = await trailOf(ctx.database.db, bookingId);
    const res = await call(ctx.app, siri, 'PUT', `/api/reservation/${reservationIds[0]}`, {
      updateReservations: [{ newDate: date, newStartTime: '17:30:00', newDuration: 'PT1H' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>()).toMatchObject({
      code: 'BOOKING_CONFLICT',
      conflicts: [{ bookableAssetId: gym, date, startTime: '17:30:00', endTime: '18:30:00' }],
    });
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);

    await addBlockedTime(ctx.database.db, gym, later, '16:00', 60);
    const blocked = await call(ctx.app, siri, 'PUT', `/api/reservation/${reservationIds[0]}`, {
      updateReservations: [{ newDate: later, newStartTime: '16:00:00', newDuration: 'PT1H' }],
    });
    expect(blocked.statusCode).toBe(409);
    const closedHours = await call(ctx.app, siri, 'PUT', `/api/reservation/${reservationIds[0]}`, {
      updateReservations: [{ newDate: date, newStartTime: '22:00:00', newDuration: 'PT1H' }],
    });
    expect(closedHours.statusCode).toBe(422);
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);
  });

  it("moves a time to another room of the location (the calendar's move), but not to another location's room", async () => {
    const { bookingId, reservationIds } = await series('UNPROCESSED');
    const before = await trailOf(ctx.database.db, bookingId);
    const elsewhere = await call(ctx.app, siri, 'PUT', `/api/reservation/${reservationIds[0]}`, {
      updateReservations: [{ newDate: date, newStartTime: '19:00:00', newDuration: 'PT1H30M' }],
      newBookableAssetId: otherRoom,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json<ApiError>().userMsg).toBe(reservationChangeMessages.otherLocation);
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);

    const res = await call(ctx.app, siri, 'PUT', `/api/reservation/${reservationIds[0]}`, {
      updateReservations: [{ newDate: date, newStartTime: '18:00:00', newDuration: 'PT1H30M' }],
      newBookableAssetId: hall,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ReservationsChangedResponse>().reservations.map((r) => [r.bookableAssetId, r.date, r.startTime, r.status])).toEqual([
      [hall, date, '18:00:00', 'UNPROCESSED'],
      [gym, date, '19:00:00', 'REPLACED'],
      [gym, later, '19:00:00', 'UNPROCESSED'],
    ]);
    const [entry] = (await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/changes`)).json();
    expect(entry).toMatchObject({
      reservationTimes: [{ assetDescription: 'Gymsal' }],
      newReservationTimes: [{ assetDescription: 'Aula', times: [expect.stringMatching(/18:00–19:30$/)] }],
    });
  });

  it('refuses to change a time that is no longer active', async () => {
    const { reservationIds } = await series();
    await ctx.database.db.update(reservations).set({ status: 'UNAVAILABLE' }).where(eq(reservations.id, reservationIds[0]!));
    const res = await call(ctx.app, siri, 'PUT', `/api/reservation/${reservationIds[0]}`, {
      updateReservations: [{ newDate: date, newStartTime: '17:00:00', newDuration: 'PT1H' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().userMsg).toBe(reservationChangeMessages.notActive);
    expect(
      (
        await call(ctx.app, siri, 'PUT', '/api/reservation/999999', {
          updateReservations: [{ newDate: date, newStartTime: '17:00:00', newDuration: 'PT1H' }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deletes chosen times of one booking, but not all of them and not across bookings', async () => {
    const { bookingId, reservationIds } = await series('UNPROCESSED');
    const other = await bookingWithTimes(ctx.database.db, locationId, userId, [
      { bookableAssetId: hall, date, startTime: '17:00', durationMinutes: 60 },
    ]);

    const across = await call(ctx.app, siri, 'DELETE', `/api/reservation?id=${reservationIds[0]}&id=${other.reservationIds[0]}`);
    expect(across.statusCode).toBe(400);
    const all = await call(ctx.app, siri, 'DELETE', `/api/reservation?id=${reservationIds[0]}&id=${reservationIds[1]}`);
    expect(all.statusCode).toBe(409);
    expect(all.json<ApiError>().userMsg).toBe(reservationChangeMessages.allTimes);
    expect((await trailOf(ctx.database.db, bookingId)).changeLogTypes).toEqual([]);

    const res = await call(
      ctx.app,
      siri,
      'DELETE',
      `/api/reservation?id=${reservationIds[1]}&comment=${encodeURIComponent('Skolen har eksamen.')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(await trailOf(ctx.database.db, bookingId)).toMatchObject({
      status: 'UNPROCESSED',
      reservationStatuses: ['UNPROCESSED', 'REJECTED'],
      changeLogTypes: ['ReservationRejection'],
      mailKinds: ['ReservationRejection'],
      decisionMessages: 1,
    });
  });

  it('adds times to a booking with the admin rules, all or none', async () => {
    const { bookingId } = await series();
    const add = (bookableAssetId: number, startTime: string, extra: Record<string, unknown> = {}) =>
      call(ctx.app, siri, 'POST', `/api/booking/${bookingId}/reservations`, {
        availabilityData: {
          probablyAvailable: [
            { bookableAssetId, datesAndTimes: [{ date: later, startTime, duration: 'PT1H', initialRepetitionDate: null }] },
          ],
        },
        isRepeating: false,
        ...extra,
      });
    await addBlockedTime(ctx.database.db, hall, later, '17:00', 60);
    const onBlocked = await add(hall, '17:00:00');
    expect(onBlocked.statusCode).toBe(409);
    const elsewhere = await add(otherRoom, '17:00:00');
    expect(elsewhere.statusCode).toBe(422);
    expect((await trailOf(ctx.database.db, bookingId)).changeLogTypes).toEqual([]);

    const res = await add(hall, '17:00:00', { includeBlockedSlots: true, comment: 'Aulaen i tillegg.' });
    expect(res.statusCode).toBe(200);
    const trail = await trailOf(ctx.database.db, bookingId);
    expect(trail).toMatchObject({
      reservationStatuses: ['APPROVED', 'APPROVED', 'APPROVED'],
      changeLogTypes: ['ReservationAddition'],
      mailKinds: ['ReservationAddition'],
    });
    const [entry] = (await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/changes`)).json();
    expect(entry).toMatchObject({
      type: 'ReservationAddition',
      label: 'Lagt til',
      reservationTimes: [{ assetDescription: 'Aula', times: [expect.stringMatching(/17:00–18:00$/)] }],
    });
  });
});
