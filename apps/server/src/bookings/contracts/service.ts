import { contractMessages, type ContractResponse } from '@lokaler/domain/contract';
import { formatOsloDateTime } from '@lokaler/domain/user-booking-rules';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueMail } from '../../integrations/mail/outbox';
import { contractSignedMail } from './contract-signed-mail';
import { bookingDocumentPdf, type BookingDocumentPdf } from '../document-pdf/booking-document-pdf';
import { sha256Hex } from '../documents/html';
import { findApprovedDocument } from '../documents/repository';
import type { EffectiveIdentity } from '../../people';
import { recordChange, updateBookingDetails } from '../bookings';
import { findVisibleBooking, type BookingRow } from '../user-bookings/booking-access';
import { loadLocation } from '../user-bookings/repository';
import { contractRequirements, findSignedContract, fulfilContractRequirement, insertSignedContract, roomLocationIds } from './repository';
import { writeTransaction } from '../../db/write-transaction';

const noContract = () => new AppError('NOT_FOUND', 'The booking has no contract', contractMessages.noContract);
const conflict = (msg: string, userMsg: string) => new AppError('CONFLICT', msg, userMsg);

/**
 * The contract exactly as the administrator approved it (by its hash, decision 004). The applicant
 * is never shown wording no administrator previewed: without an approved document the answer is
 * 409 DOCUMENT_NOT_APPROVED, not a contract built on the spot.
 */
async function approvedContractHtml(db: DbOrTx, bookingId: number): Promise<string> {
  const approved = await findApprovedDocument(db, bookingId, 'CONTRACT');
  if (!approved)
    throw new AppError('DOCUMENT_NOT_APPROVED', `Booking ${bookingId} has no approved contract document`, contractMessages.notApprovedYet);
  return approved.html;
}

/** GET /user/contract/{id}: the contract of a booking the caller sees, signed or waiting for the signature. */
export async function getContract(db: DbOrTx, booking: BookingRow): Promise<ContractResponse> {
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
  const [requirement] = await contractRequirements(db, booking.id);
  if (!requirement) throw noContract();
  return {
    bookingId: booking.id,
    contractHtml: await approvedContractHtml(db, booking.id),
    isSigned: requirement.isFulfilled,
    signedByName: requirement.fulfilledByName,
    signedTimeUtc: requirement.fulfillmentTime?.toISOString() ?? null,
  };
}

/**
 * GET /user/contract/{id}/pdf: the contract the applicant reads, as PDF/A (decision 055) — the signed
 * copy with signer, time and hash, else the approved one. The same answers as getContract when there
 * is none: 404 without a contract, 409 DOCUMENT_NOT_APPROVED before an administrator approved it.
 */
export async function getContractPdf(db: DbOrTx, booking: BookingRow): Promise<BookingDocumentPdf> {
  if (!(await findSignedContract(db, booking.id))) {
    const [requirement] = await contractRequirements(db, booking.id);
    if (!requirement) throw noContract();
  }
  const pdf = await bookingDocumentPdf(db, { bookingId: booking.id, kind: 'contract' });
  if (!pdf)
    throw new AppError('DOCUMENT_NOT_APPROVED', `Booking ${booking.id} has no approved contract document`, contractMessages.notApprovedYet);
  return pdf;
}

/**
 * POST /user/contract/confirm/{id}: the applicant signs. In one transaction: the booking is locked,
 * only its creator may sign (401 with the spec's text), it must have exactly one CONTRACT
 * requirement and one location, be approved and not signed yet, and have an approved contract
 * document (409). Then the requirement is fulfilled, the approved contract is stored with its hash,
 * the CONTRACT change-log entry written, key access brought up to date and a receipt queued — all
 * or nothing.
 */
export async function signContract({
  db,
  identity,
  bookingId,
  now,
}: {
  db: Db;
  identity: EffectiveIdentity;
  bookingId: number;
  now: Date;
}): Promise<ContractResponse> {
  return writeTransaction(db, async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    const signer = identity.user;
    if (booking.userId !== signer.userId) {
      throw new AppError('UNAUTHENTICATED', `User ${signer.userId} did not create booking ${booking.id}`, contractMessages.notCreator);
    }
    const contracts = await contractRequirements(tx, booking.id, { lock: true });
    if (contracts.length === 0) throw noContract();
    if (contracts.length > 1)
      throw conflict(`Booking ${booking.id} has ${contracts.length} CONTRACT requirements`, contractMessages.invalidContract);
    const locationIds = await roomLocationIds(tx, booking.id);
    if (locationIds.some((id) => id !== booking.locationId))
      throw conflict(`Booking ${booking.id} spans several locations`, contractMessages.invalidContract);
    const requirement = contracts[0]!;
    if (requirement.isFulfilled) throw conflict('The contract is signed already', contractMessages.alreadySigned);
    if (booking.status !== 'APPROVED') throw conflict(`Booking ${booking.id} is ${booking.status}`, contractMessages.notApproved);

    const html = await approvedContractHtml(tx, booking.id);
    if (!(await fulfilContractRequirement(tx, requirement.id, signer, now)))
      throw conflict('The contract is signed already', contractMessages.alreadySigned);
    await insertSignedContract(tx, {
      bookingId: booking.id,
      html,
      sha256: sha256Hex(html),
      signedByUserId: signer.userId,
      signedByName: signer.name,
      signedAt: now,
    });
    // The signature's CONTRACT entry; digital keys follow it by their after-change step.
    await updateBookingDetails(tx, booking.id, {}, now);
    await recordChange(tx, { bookingId: booking.id, type: 'CONTRACT', loggedAt: now, userId: signer.userId, userName: signer.name });
    const location = await loadLocation(tx, booking.locationId);
    if (signer.email) {
      await enqueueMail(
        tx,
        contractSignedMail({
          to: signer.email,
          signerName: signer.name,
          bookingId: booking.id,
          caseNumber: booking.caseNumber,
          locationName: location.name,
          signedAt: formatOsloDateTime(now),
        }),
      );
    }
    return { bookingId: booking.id, contractHtml: html, isSigned: true, signedByName: signer.name, signedTimeUtc: now.toISOString() };
  });
}
