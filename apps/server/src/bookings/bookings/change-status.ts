import { canTransition } from '@lokaler/domain/booking-lifecycle';
import type { BookingStatus } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { queueMail, recordChange, type ChangeMail } from './record-change';
import {
  lockBookingStatus,
  lockReservationStatuses,
  touchBookingRow,
  writeBookingStatus,
  writeReservationStatus,
  type BookingFields,
  type NewChangeLogEntry,
} from './repository';
import { runGuards, type PlannedStatusChange, type StatusActor } from './status-hooks';

export interface StatusChange {
  bookingId: number;
  by: StatusActor;
  /** The booking's new status (and fields that go with it); omitted when only some of its times change. */
  booking?: { to: BookingStatus; fields?: BookingFields };
  /**
   * The booking's times that change: those with these ids, and/or those in these statuses (an id of
   * another booking is never touched). Rows already in `to` are left as they are.
   */
  reservations?: { ids?: readonly number[]; from?: readonly ReservationStatus[]; to: ReservationStatus };
  /**
   * The change-log entry (its booking is this one). Null when the caller writes more of the same
   * change afterwards and then calls recordChange itself (a moved time: the new rows can only be
   * inserted once the old one is REPLACED, and the after-change steps must see them).
   */
  log: Omit<NewChangeLogEntry, 'bookingId'> | null;
  /** The change's e-mails, queued in the outbox after the change-log entry. */
  mail?: ChangeMail;
  now?: Date;
}

export interface StatusChanged {
  bookingFrom: BookingStatus;
  /** The reservations whose status changed, with the status each had. */
  reservations: { id: number; from: ReservationStatus }[];
}

/** Message for the user when a writer asks for a change the lifecycle forbids: a stale page, mostly. */
const refusedUserMsg = 'Bookingen er endret i mellomtiden. Last siden på nytt og prøv igjen.';

/**
 * The only code that changes a booking's or a reservation's status, in the caller's transaction:
 * reads and locks the current statuses, refuses (409 STATUS_TRANSITION_REFUSED, nothing written) a
 * change packages/domain/booking-lifecycle does not allow, asks every registered guard (a semester
 * round refuses an administrator's decision while it is open), writes the statuses, then the
 * change-log entry, the registered after-change steps and the outbox rows (recordChange).
 */
export async function changeStatus(tx: Tx, change: StatusChange): Promise<StatusChanged> {
  const now = change.now ?? new Date();
  const bookingFrom = await lockBookingStatus(tx, change.bookingId);
  if (!bookingFrom) throw AppError.notFound(`Booking ${change.bookingId}`);
  const bookingTo = change.booking?.to;
  if (bookingTo !== undefined && bookingTo !== bookingFrom && !canTransition('booking', bookingFrom, bookingTo))
    throw refusedTransition('booking', change.bookingId, bookingFrom, bookingTo);

  const wanted = change.reservations;
  const rows = wanted ? await lockReservationStatuses(tx, change.bookingId, wanted) : [];
  const moving = wanted ? rows.filter((r) => r.status !== wanted.to) : [];
  for (const r of moving)
    if (!canTransition('reservation', r.status, wanted!.to)) throw refusedTransition('reservation', r.id, r.status, wanted!.to);

  const planned: PlannedStatusChange = {
    bookingId: change.bookingId,
    by: change.by,
    booking: bookingTo === undefined ? null : { from: bookingFrom, to: bookingTo },
    reservations: moving.map((r) => ({ id: r.id, from: r.status, to: wanted!.to })),
  };
  await runGuards(tx, planned);

  if (bookingTo !== undefined) await writeBookingStatus(tx, change.bookingId, bookingTo, change.booking?.fields ?? {}, now);
  else await touchBookingRow(tx, change.bookingId, now);
  if (wanted)
    await writeReservationStatus(
      tx,
      moving.map((r) => r.id),
      wanted.to,
      now,
    );
  if (change.log) await recordChange(tx, { ...change.log, bookingId: change.bookingId }, change.mail);
  else await queueMail(tx, change.mail);
  return { bookingFrom, reservations: moving.map((r) => ({ id: r.id, from: r.status })) };
}

export function refusedTransition(kind: 'booking' | 'reservation', id: number, from: string, to: string): AppError {
  return new AppError('STATUS_TRANSITION_REFUSED', `A ${kind} cannot go from ${from} to ${to} (${kind} ${id})`, refusedUserMsg);
}
