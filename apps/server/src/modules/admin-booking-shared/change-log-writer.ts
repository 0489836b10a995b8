import type { ChangeLogReservationTimes, ChangeLogType } from '@lokaler/domain/booking';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Tx } from '../../db/client';
import { syncKeyAccess } from '../oslonokkelen/sync-key-access';
import { insertChangeLogEntry, insertDecisionMessage } from './repository';

export interface ChangeLogInput {
  bookingId: number;
  type: ChangeLogType;
  user: AuthenticatedUser;
  reservationTimes?: ChangeLogReservationTimes | null;
  newReservationTimes?: ChangeLogReservationTimes | null;
  comment?: string | null;
}

/**
 * The one change-log entry of a state change, in the caller's transaction. The administrator is
 * named as the timeline shows it (the applicant sees who decided). Every caller writes it after the
 * booking's new status and times, so this is also where digital-key access is brought in line with
 * them: no admin change (approve, undo, reject, a removed, moved or added time) can forget it.
 */
export async function writeChangeLog(tx: Tx, entry: ChangeLogInput): Promise<void> {
  await insertChangeLogEntry(tx, {
    bookingId: entry.bookingId,
    type: entry.type,
    userId: entry.user.userId,
    userName: entry.user.name,
    reservationTimes: entry.reservationTimes ?? null,
    newReservationTimes: entry.newReservationTimes ?? null,
    comment: entry.comment ?? null,
  });
  await syncKeyAccess(tx, entry.bookingId);
}

/** A message from the location with a decision; shown on the applicant's booking page. */
export async function addDecisionMessage(tx: Tx, bookingId: number, message: string | null | undefined): Promise<boolean> {
  const text = message?.trim();
  if (!text) return false;
  await insertDecisionMessage(tx, bookingId, text);
  return true;
}
