import { messages } from '@lokaler/domain/api-error';
import { approvalMessages, type DecisionResponse } from '@lokaler/domain/admin-approval';
import { findWeddingRejectionChoice, rejectionMessages, type RejectBookingBody } from '@lokaler/domain/admin-rejection';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { applicantMail } from '../../bookings';
import { conflict, lockBookingToDecide } from '../../bookings';
import { addDecisionMessage, byAdministrator } from '../../bookings';
import { changeStatus } from '../../bookings';
import { describeTimes } from '../../bookings';
import { loadDocumentData } from '../../bookings';
import { sha256Hex } from '../../bookings';
import { renderVedtak } from '../../bookings';
import { deleteApproval, deleteContractRequirements, revokeDocuments, storeDocument } from '../admin-approval/repository';
import { findRejectionChoice } from './repository';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

const rejectable = new Set(['UNPROCESSED', 'APPROVED']);

/**
 * PUT /api/booking/{id}/reject, in one transaction: REJECTED on the booking and its active times
 * (which frees them), the reason as a decision message, a rejection vedtak when the location
 * writes vedtak (checked against the previewed hash when one is sent), one BookingRejection entry
 * and the applicant's e-mail. An approved booking can be withdrawn this way too (spec 02 §4), only
 * with withdrawApproved (the admin app's own dialog, decision 044); its approval terms, documents and
 * contract requirement go with it, and the e-mail says the approval is withdrawn.
 */
export async function rejectBooking({
  db,
  user,
  bookingId,
  body,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
  body: RejectBookingBody;
  publicUrl: string;
  now?: Date;
}): Promise<DecisionResponse> {
  return writeTransaction(db, async (tx) => {
    const booking = await lockBookingToDecide(tx, bookingId, user);
    await lockRoomsOfBookings(tx, [bookingId]);
    if (!rejectable.has(booking.status)) throw conflict(`Booking ${bookingId} is ${booking.status}`, rejectionMessages.notRejectable);
    const withdrawing = booking.status === 'APPROVED';
    // The applicant was told yes: taking it back is a decision of its own, not the one-step rejection of an application.
    if (withdrawing && body.withdrawApproved !== true) {
      throw conflict(`Booking ${bookingId} is APPROVED; withdrawApproved not given`, rejectionMessages.approvedNeedsConfirmation, {
        fields: [{ path: 'body.withdrawApproved', message: rejectionMessages.approvedNeedsConfirmation }],
      });
    }
    // A wedding is rejected with the wedding choices (decision 013), any other booking with the prepared reasons.
    const choice = !body.rejectionChoiceKey
      ? null
      : booking.sourceForm === 'wedding'
        ? findWeddingRejectionChoice(body.rejectionChoiceKey)
        : await findRejectionChoice(tx, body.rejectionChoiceKey);
    if (body.rejectionChoiceKey && !choice) {
      throw new AppError('VALIDATION', `Unknown rejection choice ${body.rejectionChoiceKey}`, messages.invalidInput, {
        fields: [{ path: 'body.rejectionChoiceKey', message: rejectionMessages.unknownChoice }],
      });
    }
    const reason = body.rejectionText || choice?.text || '';
    const data = await loadDocumentData(tx, booking);

    let vedtakStored = false;
    if (data.location.enableVedtak) {
      const html = renderVedtak({ data, type: 'REJECTION', terms: noTerms, rejectionText: reason, today: osloClock(now).today });
      const hash = sha256Hex(html);
      if (body.vedtakHash && body.vedtakHash !== hash) {
        throw conflict(
          `The rejection vedtak changed since the preview (hash ${hash} ≠ ${body.vedtakHash})`,
          approvalMessages.documentChanged,
          { fields: [{ path: 'body.vedtakHash', message: approvalMessages.documentChanged }] },
        );
      }
      await revokeDocuments(tx, bookingId);
      await storeDocument(tx, { bookingId, kind: 'VEDTAK', html, hash, userId: user.userId });
      vedtakStored = true;
    } else if (booking.status === 'APPROVED') {
      await revokeDocuments(tx, bookingId);
    }
    if (booking.status === 'APPROVED') {
      await deleteApproval(tx, bookingId);
      await deleteContractRequirements(tx, bookingId);
    }

    await addDecisionMessage(tx, bookingId, reason);
    await changeStatus(tx, {
      bookingId,
      by: 'administrator',
      booking: { to: 'REJECTED' },
      reservations: { ids: data.reservations.map((r) => r.id), to: 'REJECTED' },
      log: { type: 'BookingRejection', ...byAdministrator(user), reservationTimes: describeTimes(data.reservations), comment: reason },
      mail: await applicantMail(
        tx,
        booking,
        {
          kind: 'BookingRejection',
          subject: withdrawing ? 'Godkjenningen av bookingen din er trukket tilbake' : 'Søknaden din er avslått',
          paragraphs: [
            withdrawing
              ? `Bookingen din av ${data.location.name} var godkjent, men godkjenningen er nå trukket tilbake. Tidene er ikke lenger dine.`
              : `Søknaden din om å låne ${data.location.name} er dessverre avslått.`,
            `Begrunnelse: ${reason}`,
            ...(vedtakStored ? ['Vedtaket sier hvordan du kan klage.'] : []),
          ],
          documents: vedtakStored ? ['vedtak'] : [],
        },
        publicUrl,
      ),
    });
    return { bookingId, status: 'REJECTED', contractRequired: false, vedtakStored, contractStored: false };
  });
}

const noTerms = {
  costCategory: null,
  marketPriceOre: null,
  costBasedPrices: null,
  retroactiveContract: false,
  hasTilsynsvakt: false,
  tilsynsvaktWeekdays: [],
};
