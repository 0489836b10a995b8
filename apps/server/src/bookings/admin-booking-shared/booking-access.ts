import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { assertNotInOpenRound } from '../../rounds';
import { updateBookingDetails, type BookingDetails } from '../bookings';
import { selectBooking, selectBookingForUpdate, type BookingRow } from './repository';

export type { BookingRow };

/**
 * The booking an administrator acts on, locked for the rest of the transaction (SELECT … FOR
 * UPDATE): two administrators deciding on the same booking at once are serialised here, and the
 * second sees the first's result. 404 when it does not exist, 403 when it belongs to a location the
 * caller does not administer. Lock order everywhere: the booking first, then its rooms.
 */
export async function lockBookingForAdmin(tx: Tx, bookingId: number, user: AuthenticatedUser): Promise<BookingRow> {
  const row = await selectBookingForUpdate(tx, bookingId);
  if (!row) throw AppError.notFound(`Booking ${bookingId}`);
  assertAdministers(user, row.locationId);
  return row;
}

/**
 * lockBookingForAdmin for the single-booking decisions (approve, reject, unapprove, change, add or
 * delete times): an application in a semester round that is not closed is decided when the round
 * closes (decision 029), so these are a 409 BOOKING_IN_ROUND and change nothing.
 */
export async function lockBookingToDecide(tx: Tx, bookingId: number, user: AuthenticatedUser): Promise<BookingRow> {
  const row = await lockBookingForAdmin(tx, bookingId, user);
  // Early, before any work: the rounds' guard on the status writer would refuse the change anyway.
  await assertNotInOpenRound(tx, bookingId);
  return row;
}

/** The same check for reading: 404 / 403 as above, no lock. */
export async function findBookingForAdmin(db: DbOrTx, bookingId: number, user: AuthenticatedUser): Promise<BookingRow> {
  const row = await selectBooking(db, bookingId);
  if (!row) throw AppError.notFound(`Booking ${bookingId}`);
  assertAdministers(user, row.locationId);
  return row;
}

/** Marks the booking as changed now (the lists sort and show by it). */
export async function touchBooking(tx: Tx, bookingId: number, fields: BookingDetails = {}): Promise<void> {
  await updateBookingDetails(tx, bookingId, fields);
}

/** 409 with a message the admin UI shows as is. */
export function conflict(msg: string, userMsg: string, extra: AppError['extra'] = {}): AppError {
  return new AppError('CONFLICT', msg, userMsg, extra);
}
