import type { ChangeLogEntry } from '@lokaler/domain/admin-booking-view';
import { changeLogLabel } from '@lokaler/domain/change-log';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin } from '../../bookings';
import { listChangeLog } from './repository';

/** GET /api/booking-log/{id}/changes: the booking's timeline, oldest first. */
export async function listChanges({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<ChangeLogEntry[]> {
  await findBookingForAdmin(db, bookingId, user);
  const rows = await listChangeLog(db, bookingId);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    label: changeLogLabel(r.type),
    loggedUtc: r.loggedAt.toISOString(),
    reservationTimes: r.reservationTimes,
    newReservationTimes: r.newReservationTimes,
    user: r.userName,
    comment: r.comment,
  }));
}
