import type { ChangeLogReservationTimes, ChangeLogType } from '@lokaler/domain/booking';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Tx } from '../../db/client';
import { recordChange } from '../bookings';
import { insertDecisionMessage } from './repository';

export interface ChangeLogInput {
  bookingId: number;
  type: ChangeLogType;
  user: AuthenticatedUser;
  reservationTimes?: ChangeLogReservationTimes | null;
  newReservationTimes?: ChangeLogReservationTimes | null;
  comment?: string | null;
}

/**
 * An administrator's change-log entry, in the caller's transaction, through the bookings module's
 * recordChange (which also runs the after-change steps such as digital keys). The administrator is
 * named as the timeline shows it (the applicant sees who decided).
 */
export async function writeChangeLog(tx: Tx, entry: ChangeLogInput): Promise<void> {
  await recordChange(tx, {
    bookingId: entry.bookingId,
    type: entry.type,
    ...byAdministrator(entry.user),
    reservationTimes: entry.reservationTimes ?? null,
    newReservationTimes: entry.newReservationTimes ?? null,
    comment: entry.comment ?? null,
  });
}

/** Who the change log names for an administrator's change (the applicant sees who decided). */
export function byAdministrator(user: AuthenticatedUser): { userId: number; userName: string } {
  return { userId: user.userId, userName: user.name };
}

/** A message from the location with a decision; shown on the applicant's booking page. */
export async function addDecisionMessage(tx: Tx, bookingId: number, message: string | null | undefined): Promise<boolean> {
  const text = message?.trim();
  if (!text) return false;
  await insertDecisionMessage(tx, bookingId, text);
  return true;
}
