import { adminDocumentMessages } from '@lokaler/domain/admin-documents';
import type { ContractResponse } from '@lokaler/domain/contract';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBookingForAdmin } from '../../bookings';
import { contractRequirements, findSignedContract } from '../../bookings';
import { bookingDocumentPdf, findApprovedDocument, type BookingDocumentPdf } from '../../bookings';

/**
 * GET /api/contract/{id}: the contract as the applicant has it — the signed copy once signed, else
 * the approved document (decision 004) with the requirement's state. Unlike the applicant's call, a
 * contract approved without a CONTRACT requirement (the location does not require one) is shown too,
 * unsigned: the administrator sent it. 404 when no contract was approved (or it was revoked).
 */
export async function getAdminContract({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<ContractResponse> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  const signed = await findSignedContract(db, booking.id);
  if (signed) {
    return {
      bookingId: booking.id,
      contractHtml: signed.html,
      isSigned: true,
      signedByName: signed.signedByName,
      signedTimeUtc: signed.signedAt.toISOString(),
    };
  }
  const approved = await findApprovedDocument(db, booking.id, 'CONTRACT');
  if (!approved) throw new AppError('NOT_FOUND', `Booking ${booking.id} has no approved contract`, adminDocumentMessages.noContract);
  const [requirement] = await contractRequirements(db, booking.id);
  return {
    bookingId: booking.id,
    contractHtml: approved.html,
    isSigned: requirement?.isFulfilled ?? false,
    signedByName: requirement?.fulfilledByName ?? null,
    signedTimeUtc: requirement?.fulfillmentTime?.toISOString() ?? null,
  };
}

/**
 * GET /api/contract/{id}/pdf: the contract the applicant has, as PDF/A (decision 055) — signed, with
 * signer, time and hash, or approved and unsigned. The same access and 404 as the HTML.
 */
export async function getAdminContractPdf({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<BookingDocumentPdf> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  const pdf = await bookingDocumentPdf(db, { bookingId: booking.id, kind: 'contract' });
  if (!pdf) throw new AppError('NOT_FOUND', `Booking ${booking.id} has no approved contract`, adminDocumentMessages.noContract);
  return pdf;
}
