import { canTransition } from '@lokaler/domain/booking-lifecycle';
import type { BookingStatus, CostCategory } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { refusedTransition } from './change-status';
import { queueMail, type ChangeMail } from './record-change';
import {
  insertChangeLogEntries,
  lockBookingStatuses,
  lockReservationsById,
  writeBookingStatuses,
  writeReservationStatuses,
  type NewChangeLogEntry,
} from './repository';
import { runAfterChange, runGuards, type PlannedStatusChange, type StatusActor } from './status-hooks';

/**
 * Many bookings changed at once (a semester round's closing answers all its applications): the same
 * rules as changeStatus, in a fixed number of statements whatever the number of bookings.
 */
export interface StatusBatch {
  by: StatusActor;
  now: Date;
  bookings?: readonly { bookingId: number; to: BookingStatus; costCategory?: CostCategory | undefined }[];
  reservations?: readonly { id: number; to: ReservationStatus }[];
  /** The change-log entries, written after the statuses; the after-change steps then run once per booking named here. */
  log?: readonly NewChangeLogEntry[];
  /** The e-mails, queued in the outbox last, in one statement. */
  mail?: ChangeMail;
}

/**
 * changeStatus for a batch, in the caller's transaction: the current statuses read and locked in two
 * statements, 409 STATUS_TRANSITION_REFUSED (nothing written) for any change the lifecycle does not
 * allow, the guards asked once per booking, then one statement per table and the change log.
 */
export async function changeStatuses(tx: Tx, batch: StatusBatch): Promise<void> {
  const bookingChanges = batch.bookings ?? [];
  const reservationChanges = batch.reservations ?? [];
  const currentReservations = await lockReservationsById(
    tx,
    reservationChanges.map((r) => r.id),
  );
  const bookingIds = [
    ...new Set([...bookingChanges.map((b) => b.bookingId), ...[...currentReservations.values()].map((r) => r.bookingId)]),
  ];
  const currentBookings = await lockBookingStatuses(tx, bookingIds);

  const planned = new Map<number, PlannedStatusChange>();
  const plan = (bookingId: number) => {
    const found = planned.get(bookingId) ?? { bookingId, by: batch.by, booking: null, reservations: [] };
    planned.set(bookingId, found);
    return found;
  };
  for (const b of bookingChanges) {
    const from = currentBookings.get(b.bookingId);
    if (!from) throw AppError.notFound(`Booking ${b.bookingId}`);
    if (from !== b.to && !canTransition('booking', from, b.to)) throw refusedTransition('booking', b.bookingId, from, b.to);
    plan(b.bookingId).booking = { from, to: b.to };
  }
  const moving: { id: number; to: ReservationStatus }[] = [];
  for (const r of reservationChanges) {
    const current = currentReservations.get(r.id);
    if (!current) throw AppError.notFound(`Reservation ${r.id}`);
    if (current.status === r.to) continue;
    if (!canTransition('reservation', current.status, r.to)) throw refusedTransition('reservation', r.id, current.status, r.to);
    const p = plan(current.bookingId);
    p.reservations = [...p.reservations, { id: r.id, from: current.status, to: r.to }];
    moving.push(r);
  }
  for (const change of planned.values()) await runGuards(tx, change);

  await writeReservationStatuses(tx, moving);
  await writeBookingStatuses(tx, bookingChanges, batch.now);
  const log = batch.log ?? [];
  await insertChangeLogEntries(tx, log);
  const lastType = new Map(log.map((e) => [e.bookingId, e.type]));
  for (const [bookingId, type] of lastType) await runAfterChange(tx, { bookingId, type });
  await queueMail(tx, batch.mail);
}
