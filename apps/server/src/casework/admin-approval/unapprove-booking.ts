import { approvalMessages, type DecisionResponse } from '@lokaler/domain/admin-approval';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { applicantMail } from '../../bookings';
import { conflict, lockBookingToDecide } from '../../bookings';
import { byAdministrator } from '../../bookings';
import { changeStatus } from '../../bookings';
import { describeTimes, isActive, loadReservationRows } from '../../bookings';
import { findLocationContact } from '../../bookings';
import { unapprovalNotice } from './approval-mails';
import { deleteApproval, deleteContractRequirements, revokeDocuments } from './repository';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

/**
 * PUT /api/booking/{id}/unapprove ('Angre godkjenning'): back to UNPROCESSED in one transaction.
 * The approved times become UNPROCESSED again (they keep holding their time), the terms are removed,
 * the vedtak and contract are revoked (kept on record, no longer shown), the CONTRACT requirement
 * goes; one BookingSetToUnprocessed entry and the applicant's e-mail.
 */
export async function unapproveBooking({
  db,
  user,
  bookingId,
  publicUrl,
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
  publicUrl: string;
}): Promise<DecisionResponse> {
  return writeTransaction(db, async (tx) => {
    const booking = await lockBookingToDecide(tx, bookingId, user);
    await lockRoomsOfBookings(tx, [bookingId]);
    if (booking.status !== 'APPROVED')
      throw conflict(`Booking ${bookingId} is ${booking.status}, not APPROVED`, approvalMessages.notApproved);
    const active = (await loadReservationRows(tx, [bookingId])).filter(isActive);
    await deleteApproval(tx, bookingId);
    await revokeDocuments(tx, bookingId);
    await deleteContractRequirements(tx, bookingId);
    const location = await findLocationContact(tx, booking.locationId);
    await changeStatus(tx, {
      bookingId,
      by: 'administrator',
      booking: { to: 'UNPROCESSED', fields: { costCategory: null, marketPriceOre: null } },
      reservations: { from: ['APPROVED'], to: 'UNPROCESSED' },
      log: { type: 'BookingSetToUnprocessed', ...byAdministrator(user), reservationTimes: describeTimes(active) },
      mail: await applicantMail(tx, booking, unapprovalNotice(location?.name ?? 'lokalet'), publicUrl),
    });
    return { bookingId, status: 'UNPROCESSED', contractRequired: false, vedtakStored: false, contractStored: false };
  });
}
