import type { Tx } from '../../db/client';
import { insertChangeLogEntry, writeBookingDetails, type BookingDetails, type NewChangeLogEntry } from './repository';

/**
 * A booking's details other than its status (changeStatus writes that): its owner after a claim,
 * the internal note and title, the end of a wedding hold; or only `updatedAt` with no fields (a
 * signature, a certificate). The booking is marked as changed at `now`.
 */
export async function updateBookingDetails(tx: Tx, bookingId: number, fields: BookingDetails = {}, now: Date = new Date()): Promise<void> {
  await writeBookingDetails(tx, bookingId, fields, now);
}

/**
 * A change-log entry about something no after-change step watches (the booking's creation, a
 * certificate uploaded, a reminder sent): the log only. A change of a status, a time or a
 * contract goes through recordChange, so digital keys follow it.
 */
export async function appendChangeLog(tx: Tx, entry: NewChangeLogEntry): Promise<void> {
  await insertChangeLogEntry(tx, entry);
}
