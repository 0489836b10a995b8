import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { inDays } from '../../../test/factories/calendar';
import { bookings, reservations } from '../../db/schema/bookings';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { bookingWithTimes, trailOf } from '../../../test/admin-test-support';
import {
  changeStatus,
  changeStatuses,
  registerBookingStatusHook,
  registeredBookingStatusHooks,
  type PlannedStatusChange,
  type StatusChange,
} from '.';

describe("the one writer of a booking's status (bookings/bookings changeStatus)", () => {
  let ctx: TestContext;
  let locationId: number;
  let room: number;
  let userId: number;
  const date = inDays(20);
  const seen: { guard: PlannedStatusChange[]; after: { bookingId: number; status: string }[] } = { guard: [], after: [] };
  let refuseNext = false;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Torshov kulturhus' })).id;
    room = (await createAsset(db, locationId, { name: 'Salen' })).id;
    userId = (await createUser(db)).id;
    registerBookingStatusHook({
      name: 'test-observer',
      guard: async (_tx, change) => {
        seen.guard.push(change);
        if (refuseNext) throw new AppError('CONFLICT', 'the test guard refuses', 'Nei.');
      },
      afterChange: async (tx, change) => {
        // The step runs after the write, in the same transaction: it sees the new status.
        const [row] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, change.bookingId));
        seen.after.push({ bookingId: change.bookingId, status: row!.status });
      },
    });
  });
  afterAll(async () => {
    registerBookingStatusHook({ name: 'test-observer' });
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.database.db.delete(bookings);
    seen.guard = [];
    seen.after = [];
    refuseNext = false;
  });

  const twoTimes = () =>
    bookingWithTimes(ctx.database.db, locationId, userId, [
      { bookableAssetId: room, date, startTime: '10:00', durationMinutes: 60 },
      { bookableAssetId: room, date, startTime: '12:00', durationMinutes: 60 },
    ]);
  const change = (bookingId: number, rest: Partial<StatusChange>) =>
    writeTransaction(ctx.database.db, (tx) =>
      changeStatus(tx, { bookingId, by: 'administrator', log: { type: 'BookingApproval', userName: 'Saksbehandler' }, ...rest }),
    );
  const refusal = async (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof AppError ? e.toJSON() : e),
    );

  it('the digital keys and the semester rounds are registered by the composition root', () => {
    expect(registeredBookingStatusHooks()).toEqual(expect.arrayContaining(['digital-keys', 'semester-rounds']));
  });

  it('writes the booking and its times, one change-log entry and the outbox row, runs the guards before and the after-change steps after', async () => {
    const { bookingId, reservationIds } = await twoTimes();
    const mail = { to: 'soker@example.no', subject: 'Godkjent', text: 'Godkjent.', topic: { kind: 'BookingApproval', bookingId } };
    const result = await change(bookingId, {
      booking: { to: 'APPROVED', fields: { costCategory: 'FREE' } },
      reservations: { from: ['UNPROCESSED'], to: 'APPROVED' },
      mail,
    });
    expect(result).toEqual({ bookingFrom: 'UNPROCESSED', reservations: reservationIds.map((id) => ({ id, from: 'UNPROCESSED' })) });
    const trail = await trailOf(ctx.database.db, bookingId);
    expect(trail).toMatchObject({
      status: 'APPROVED',
      reservationStatuses: ['APPROVED', 'APPROVED'],
      changeLogTypes: ['BookingApproval'],
      mailKinds: ['BookingApproval'],
    });
    expect(seen.guard).toEqual([
      {
        bookingId,
        by: 'administrator',
        booking: { from: 'UNPROCESSED', to: 'APPROVED' },
        reservations: reservationIds.map((id) => ({ id, from: 'UNPROCESSED', to: 'APPROVED' })),
      },
    ]);
    expect(seen.after).toEqual([{ bookingId, status: 'APPROVED' }]);
  });

  it('refuses a booking change the lifecycle does not allow with 409 STATUS_TRANSITION_REFUSED, and writes nothing', async () => {
    const { bookingId } = await twoTimes();
    await ctx.database.db.update(bookings).set({ status: 'CANCELLED' }).where(eq(bookings.id, bookingId));
    const before = await trailOf(ctx.database.db, bookingId);
    const error = await refusal(
      change(bookingId, { booking: { to: 'APPROVED' }, reservations: { from: ['UNPROCESSED'], to: 'APPROVED' } }),
    );
    expect(error).toMatchObject({ code: 'STATUS_TRANSITION_REFUSED', msg: expect.stringContaining('CANCELLED to APPROVED') });
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);
    expect(seen).toEqual({ guard: [], after: [] });
  });

  it("refuses a reservation change the lifecycle does not allow even when the booking's is allowed: the whole change rolls back", async () => {
    const { bookingId, reservationIds } = await twoTimes();
    await ctx.database.db.update(reservations).set({ status: 'REPLACED' }).where(eq(reservations.id, reservationIds[1]!));
    const error = await refusal(change(bookingId, { booking: { to: 'APPROVED' }, reservations: { ids: reservationIds, to: 'APPROVED' } }));
    expect(error).toMatchObject({
      code: 'STATUS_TRANSITION_REFUSED',
      msg: `A reservation cannot go from REPLACED to APPROVED (reservation ${reservationIds[1]})`,
    });
    expect(await trailOf(ctx.database.db, bookingId)).toMatchObject({
      status: 'UNPROCESSED',
      reservationStatuses: ['UNPROCESSED', 'REPLACED'],
      changeLogTypes: [],
    });
  });

  it("a guard's refusal is the answer and nothing is written", async () => {
    const { bookingId } = await twoTimes();
    refuseNext = true;
    const mail = { to: 'soker@example.no', subject: 'Avslått', text: 'Avslått.', topic: { kind: 'BookingRejection', bookingId } };
    const error = await refusal(
      change(bookingId, { booking: { to: 'REJECTED' }, reservations: { from: ['UNPROCESSED'], to: 'REJECTED' }, mail }),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', msg: 'the test guard refuses' });
    expect(await trailOf(ctx.database.db, bookingId)).toMatchObject({
      status: 'UNPROCESSED',
      reservationStatuses: ['UNPROCESSED', 'UNPROCESSED'],
      changeLogTypes: [],
      mailKinds: [],
    });
    expect(seen.after).toEqual([]);
  });

  it('touches only the chosen times of this booking; a time already in the new status is no change', async () => {
    const { bookingId, reservationIds } = await twoTimes();
    const other = await bookingWithTimes(ctx.database.db, locationId, userId, [
      { bookableAssetId: room, date, startTime: '15:00', durationMinutes: 60 },
    ]);
    await ctx.database.db.update(reservations).set({ status: 'REJECTED' }).where(eq(reservations.id, reservationIds[0]!));
    const result = await change(bookingId, {
      reservations: { ids: [...reservationIds, ...other.reservationIds], to: 'REJECTED' },
      log: { type: 'ReservationRejection', userName: 'Saksbehandler' },
    });
    expect(result.reservations).toEqual([{ id: reservationIds[1], from: 'UNPROCESSED' }]);
    expect(await trailOf(ctx.database.db, other.bookingId)).toMatchObject({ status: 'UNPROCESSED', reservationStatuses: ['UNPROCESSED'] });
    expect(seen.guard[0]?.booking).toBeNull();
  });

  describe("in a batch (changeStatuses, a round's closing)", () => {
    const batch = (rest: Omit<Parameters<typeof changeStatuses>[1], 'by' | 'now'>) =>
      writeTransaction(ctx.database.db, (tx) => changeStatuses(tx, { by: 'round', now: new Date(), ...rest }));

    it('writes every booking and time, the log, guards and after-change steps once per booking', async () => {
      const a = await twoTimes();
      const b = await bookingWithTimes(ctx.database.db, locationId, userId, [
        { bookableAssetId: room, date, startTime: '15:00', durationMinutes: 60 },
      ]);
      await batch({
        reservations: [
          { id: a.reservationIds[0]!, to: 'APPROVED' },
          { id: a.reservationIds[1]!, to: 'REJECTED' },
          { id: b.reservationIds[0]!, to: 'REJECTED' },
        ],
        bookings: [
          { bookingId: a.bookingId, to: 'APPROVED', costCategory: 'FREE' },
          { bookingId: b.bookingId, to: 'REJECTED' },
        ],
        log: [
          { bookingId: a.bookingId, type: 'ReservationRejection', userName: 'System' },
          { bookingId: a.bookingId, type: 'BookingApproval', userName: 'System' },
          { bookingId: b.bookingId, type: 'BookingRejection', userName: 'System' },
        ],
      });
      expect(await trailOf(ctx.database.db, a.bookingId)).toMatchObject({
        status: 'APPROVED',
        reservationStatuses: ['APPROVED', 'REJECTED'],
        changeLogTypes: ['ReservationRejection', 'BookingApproval'],
      });
      expect(await trailOf(ctx.database.db, b.bookingId)).toMatchObject({
        status: 'REJECTED',
        reservationStatuses: ['REJECTED'],
        changeLogTypes: ['BookingRejection'],
      });
      expect(seen.guard.map((g) => [g.bookingId, g.by, g.reservations.length])).toEqual([
        [a.bookingId, 'round', 2],
        [b.bookingId, 'round', 1],
      ]);
      expect(seen.after).toEqual([
        { bookingId: a.bookingId, status: 'APPROVED' },
        { bookingId: b.bookingId, status: 'REJECTED' },
      ]);
    });

    it('one change the lifecycle forbids refuses the whole batch and nothing is written', async () => {
      const a = await twoTimes();
      const b = await bookingWithTimes(ctx.database.db, locationId, userId, [
        { bookableAssetId: room, date, startTime: '15:00', durationMinutes: 60 },
      ]);
      await ctx.database.db.update(bookings).set({ status: 'REJECTED' }).where(eq(bookings.id, b.bookingId));
      const error = await refusal(
        batch({
          reservations: [{ id: a.reservationIds[0]!, to: 'APPROVED' }],
          bookings: [
            { bookingId: a.bookingId, to: 'APPROVED' },
            { bookingId: b.bookingId, to: 'APPROVED' },
          ],
          log: [{ bookingId: a.bookingId, type: 'BookingApproval', userName: 'System' }],
        }),
      );
      expect(error).toMatchObject({
        code: 'STATUS_TRANSITION_REFUSED',
        msg: `A booking cannot go from REJECTED to APPROVED (booking ${b.bookingId})`,
      });
      expect(await trailOf(ctx.database.db, a.bookingId)).toMatchObject({
        status: 'UNPROCESSED',
        reservationStatuses: ['UNPROCESSED', 'UNPROCESSED'],
        changeLogTypes: [],
      });
      expect(seen).toEqual({ guard: [], after: [] });
    });
  });
});
