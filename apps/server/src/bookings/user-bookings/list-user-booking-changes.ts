import { adminOnlyChangeLogTypes } from '@lokaler/domain/booking';
import type { ChangeLogEntry } from '@lokaler/domain/change-log';
import { changeLogLabel } from '@lokaler/domain/change-log';
import type { DbOrTx } from '../../db/client';
import type { BookingRow } from './booking-access';
import { loadChangeLog } from './repository';

/**
 * GET /user/booking/{id}/changes: the timeline, oldest first, every type with its label but the case
 * officer's take and release (decision 065: the administrators' own work, not the applicant's).
 */
export async function listUserBookingChanges({ db, booking }: { db: DbOrTx; booking: BookingRow }): Promise<ChangeLogEntry[]> {
  const entries = await loadChangeLog(db, booking.id);
  return entries
    .filter((e) => !adminOnlyChangeLogTypes.includes(e.type))
    .map((e) => ({
      type: e.type,
      label: changeLogLabel(e.type),
      loggedUtc: e.loggedAt.toISOString(),
      reservationTimes: e.reservationTimes ?? null,
      newReservationTimes: e.newReservationTimes ?? null,
      user: e.userName,
      comment: e.comment,
    }));
}
