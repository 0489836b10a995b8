import { approvalMessages, weddingApprovalProblems, type ApproveBookingBody, type DecisionResponse } from '@lokaler/domain/admin-approval';
import { conflictUserMessage } from '@lokaler/domain/booking-create';
import { messages } from '@lokaler/domain/api-error';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { reservationEndTime } from '@lokaler/domain/scheduling/time-of-day';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { applicantMail } from '../../bookings';
import { conflict, lockBookingToDecide, type AdminBookingRow } from '../../bookings';
import { addDecisionMessage, byAdministrator } from '../../bookings';
import { changeStatus } from '../../bookings';
import { describeTimes } from '../../bookings';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { approvalNotice } from './approval-mails';
import { loadDocumentData, type DocumentData } from '../../bookings';
import { termsFromApproval, type DocumentTerms } from '../../bookings';
import { sha256Hex } from '../../bookings';
import { selvkostOf } from '../../bookings';
import { renderContract } from '../../bookings';
import { renderVedtak } from '../../bookings';
import { ensureContractRequirement, findBlockedOrTaken, saveApproval, storeDocument } from './repository';
import { writeTransaction } from '../../db/write-transaction';

export interface ApproveOptions {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
  body: ApproveBookingBody;
  publicUrl: string;
  now?: Date;
}

/**
 * How the approval's documents are checked. 'previewed' (the wizard): the administrator approved
 * previews, and the regenerated documents must have their hashes. 'rendered' (approving several at
 * once, decision 066): no preview was shown, the server renders the vedtak and stores it as is;
 * allowed only for a booking the batch rule let through, so at a location without a contract.
 */
export type ApprovalDocuments = 'previewed' | 'rendered';

export interface ApproveLockedOptions {
  user: AuthenticatedUser;
  body: ApproveBookingBody;
  publicUrl: string;
  today: string;
  documents: ApprovalDocuments;
  /** Run once the booking's document data is read, before any check: a refusal thrown here writes nothing. */
  admit?: (data: DocumentData) => Promise<void> | void;
}

/**
 * PUT /api/booking/{id}/approve, in one transaction: the booking's row lock (a second administrator
 * approving at the same time waits, then gets 409 'already processed'), then approveLocked.
 */
export async function approveBooking({
  db,
  user,
  bookingId,
  body,
  publicUrl,
  now = new Date(),
}: ApproveOptions): Promise<DecisionResponse> {
  const { today } = osloClock(now);
  return writeTransaction(db, async (tx) => {
    const booking = await lockBookingToDecide(tx, bookingId, user);
    return approveLocked(tx, booking, { user, body, publicUrl, today, documents: 'previewed' });
  });
}

/**
 * The one approval of a booking whose row the caller has locked, for the wizard and for approving
 * several at once (decision 066): the rooms' locks, a fresh check that no blocked time or other
 * booking overlaps its active times (409 with the times, nothing changed), the documents (see
 * ApprovalDocuments), then: APPROVED on the booking and its active times, the terms, the CONTRACT
 * requirement when the location requires a contract, the vedtak and contract documents, the
 * decision message, one BookingApproval change-log entry and the applicant's e-mail.
 */
export async function approveLocked(
  tx: Tx,
  booking: AdminBookingRow,
  { user, body, publicUrl, today, documents, admit }: ApproveLockedOptions,
): Promise<DecisionResponse> {
  const bookingId = booking.id;
  await lockRoomsOfBookings(tx, [bookingId]);
  const data = await loadDocumentData(tx, booking);
  await admit?.(data);
  if (booking.status !== 'UNPROCESSED')
    throw conflict(`Booking ${bookingId} is ${booking.status}, already processed`, approvalMessages.alreadyProcessed);
  const notForWedding = weddingApprovalProblems(booking.sourceForm, body);
  if (notForWedding.length > 0) {
    throw new AppError(
      'VALIDATION',
      `Booking ${bookingId} is a wedding: ${notForWedding.map((p) => p.path).join(', ')} do not apply`,
      approvalMessages.notForWedding,
      { fields: notForWedding.map((p) => ({ path: `body.${p.path}`, message: p.message })) },
    );
  }
  const { requireContract, enableVedtak } = data.location;
  if (documents === 'previewed') assertDocumentsApproved(body, { requireContract, enableVedtak });
  // A contract is priced and signed: it is never stored unseen.
  else if (requireContract) throw new Error(`Booking ${bookingId}: a contract cannot be approved without its preview`);
  if (data.reservations.length === 0) throw conflict(`Booking ${bookingId} has no active times`, approvalMessages.noTimesLeft);
  await assertTimesFree(tx, data);

  const terms = termsFromApproval(body);
  const document = (kind: 'CONTRACT' | 'VEDTAK', html: string, approvedHash: string | undefined) =>
    documents === 'previewed' ? checkedDocument(kind, html, approvedHash) : { kind, html, hash: sha256Hex(html) };
  const vedtak = enableVedtak ? document('VEDTAK', renderVedtak({ data, type: 'APPROVAL', terms, today }), body.vedtakHash) : null;
  const contractWanted = requireContract || (body.contractApproved === true && body.contractHash !== undefined);
  const contract = contractWanted ? document('CONTRACT', renderContract({ data, terms, today }), body.contractHash) : null;

  await saveApproval(tx, bookingId, approvalRow(data, terms), user);
  if (requireContract) await ensureContractRequirement(tx, bookingId);
  for (const doc of [vedtak, contract]) if (doc) await storeDocument(tx, { bookingId, ...doc, userId: user.userId });
  await addDecisionMessage(tx, bookingId, body.comment);
  // Last of the writes: its after-change steps (digital keys) read the terms and requirements just written.
  await changeStatus(tx, {
    bookingId,
    by: 'administrator',
    booking: { to: 'APPROVED', fields: { costCategory: body.costCategory, marketPriceOre: terms.marketPriceOre } },
    reservations: { from: ['UNPROCESSED'], to: 'APPROVED' },
    log: {
      type: 'BookingApproval',
      ...byAdministrator(user),
      reservationTimes: describeTimes(data.reservations),
      comment: body.comment || null,
    },
    mail: await applicantMail(
      tx,
      booking,
      approvalNotice({ data, comment: body.comment, contractToSign: requireContract, vedtak: vedtak !== null }),
      publicUrl,
    ),
  });
  return {
    bookingId,
    status: 'APPROVED',
    contractRequired: requireContract,
    vedtakStored: vedtak !== null,
    contractStored: contract !== null,
  };
}

/** 409 BOOKING_CONFLICT with the times when a blocked time or another booking overlaps one of the active times now. */
async function assertTimesFree(tx: Tx, data: DocumentData): Promise<void> {
  const taken = await findBlockedOrTaken(
    tx,
    data.reservations.map((r) => r.id),
  );
  if (taken.length === 0) return;
  const conflicts = taken.map((t) => ({
    bookableAssetId: t.bookable_asset_id,
    date: t.date,
    startTime: t.start_time,
    endTime: reservationEndTime(t.start_time, t.duration_minutes),
  }));
  const names = new Map(data.reservations.map((r) => [r.bookableAssetId, assetDisplayName(r.roomName, r.roomNumber)]));
  throw new AppError(
    'BOOKING_CONFLICT',
    `${taken.length} time(s) of booking ${data.bookingId} are blocked or taken`,
    `${approvalMessages.timesBlocked} ${conflictUserMessage(conflicts, (id) => names.get(id))}`,
    { conflicts },
  );
}

/** The location's documents must have been looked at and approved by the administrator (400 otherwise). */
function assertDocumentsApproved(body: ApproveBookingBody, location: { requireContract: boolean; enableVedtak: boolean }): void {
  const fields: { path: string; message: string }[] = [];
  if (location.enableVedtak && (body.vedtakApproved !== true || !body.vedtakHash))
    fields.push({ path: 'body.vedtakApproved', message: approvalMessages.vedtakNotApproved });
  if (location.requireContract && (body.contractApproved !== true || !body.contractHash))
    fields.push({ path: 'body.contractApproved', message: approvalMessages.contractNotApproved });
  if (fields.length)
    throw new AppError(
      'VALIDATION',
      'The vedtak/contract preview must be approved with its hash',
      fields[0]?.message ?? messages.invalidInput,
      { fields },
    );
}

/** The regenerated document, refused (409) when it is not the one the administrator approved. */
function checkedDocument(
  kind: 'CONTRACT' | 'VEDTAK',
  html: string,
  approvedHash: string | undefined,
): { kind: 'CONTRACT' | 'VEDTAK'; html: string; hash: string } {
  const hash = sha256Hex(html);
  if (hash !== approvedHash) {
    throw conflict(
      `The ${kind.toLowerCase()} changed since the preview (hash ${hash} ≠ ${approvedHash ?? 'none'})`,
      approvalMessages.documentChanged,
      { fields: [{ path: kind === 'VEDTAK' ? 'body.vedtakHash' : 'body.contractHash', message: approvalMessages.documentChanged }] },
    );
  }
  return { kind, html, hash };
}

function approvalRow(data: DocumentData, terms: DocumentTerms) {
  return {
    costCategory: terms.costCategory!,
    marketPriceOre: terms.marketPriceOre,
    costBasedPrices: terms.costBasedPrices,
    calculatedPriceOre: selvkostOf(data, terms)?.totalOre ?? null,
    retroactiveContract: terms.retroactiveContract,
    hasTilsynsvakt: terms.hasTilsynsvakt,
    tilsynsvaktWeekdays: [...terms.tilsynsvaktWeekdays],
  };
}
