import { cancellationDaysBeforeCeremony, weddingInfoLetterDueDate, type AdminWeddingDetails } from '@lokaler/domain/admin-wedding';
import type { DbOrTx } from '../../db/client';
import type { AdminBookingRow as BookingRow } from '../../bookings';
import { isActive, type ReservationRow } from '../../bookings';
import { findWeddingFormForAdmin, type ApprovalRow } from './repository';

/**
 * The admin view's `wedding` part (decision 013): the couple's answers and certificate (described,
 * not its bytes; the identity number only as given or not), the ceremony date, the cancellation
 * deadline in days before it, and after approval the info letter's due date. Null for other bookings.
 */
export async function loadWeddingDetails(
  db: DbOrTx,
  booking: BookingRow,
  reservations: readonly ReservationRow[],
  approval: ApprovalRow | undefined,
): Promise<AdminWeddingDetails | null> {
  if (booking.sourceForm !== 'wedding') return null;
  const form = await findWeddingFormForAdmin(db, booking.id);
  const ceremony =
    reservations
      .filter(isActive)
      .map((r) => r.date)
      .sort()[0] ?? null;
  const hasFile = form && form.filename !== null && form.contentType !== null && form.size !== null && form.addedAt !== null;
  return {
    submittedAtUtc: form?.submittedAt?.toISOString() ?? null,
    answers: form?.answers ?? null,
    nationalIdentityNumberGiven: Boolean(form?.ssnGiven),
    proevingsattestFile: hasFile ? { filename: form.filename!, contentType: form.contentType!, size: form.size! } : null,
    proevingsattestFileAddedTimeUtc: hasFile ? form.addedAt!.toISOString() : null,
    ceremonyDate: ceremony,
    cancellationDaysBeforeCeremony:
      ceremony && booking.cancellationDeadline ? cancellationDaysBeforeCeremony(booking.cancellationDeadline, ceremony) : null,
    infoLetterDueDate: booking.status === 'APPROVED' && approval ? weddingInfoLetterDueDate(approval.approvedAt) : null,
  };
}
