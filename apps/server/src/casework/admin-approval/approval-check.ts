import type { ApprovalCheck } from '@lokaler/domain/admin-approval-check';
import { toBookingReservation } from '@lokaler/domain/booking-reservation';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin, isActive, loadReservationRows } from '../../bookings';
import { findBlockedOrTaken } from './repository';

/**
 * GET /api/booking/{id}/approval-check: the active times with whether each is still free, by the
 * same query the approval checks them with under its locks (findBlockedOrTaken). A read: the answer
 * can be stale a moment later, and the approval checks again.
 */
export async function approvalCheckOf({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<ApprovalCheck> {
  await findBookingForAdmin(db, bookingId, user);
  const active = (await loadReservationRows(db, [bookingId])).filter(isActive);
  const taken = new Set(
    (
      await findBlockedOrTaken(
        db,
        active.map((r) => r.id),
      )
    ).map((t) => t.reservation_id),
  );
  const times = active.map((r) => ({ ...toBookingReservation(r), noLongerFree: taken.has(r.id) }));
  return { bookingId, times, noLongerFreeCount: taken.size };
}
