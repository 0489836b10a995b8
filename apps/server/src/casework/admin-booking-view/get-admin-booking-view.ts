import type { AdminBookingView, ApprovalTerms } from '@lokaler/domain/admin-booking-view';
import { toBookingRequirement, toBookingReservation } from '@lokaler/domain/booking-reservation';
import { adminKeyAccessStateOf } from '@lokaler/domain/key-access-state';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin } from '../../bookings';
import { loadReservationRows } from '../../bookings';
import { listAllPermissions } from '../../keys';
import { findRoundOfBooking } from '../../rounds';
import { loadWeddingDetails } from './wedding-details';
import {
  findApplicant,
  findApproval,
  findLocationRules,
  listCurrentDocumentKinds,
  listDecisionMessages,
  listRequirements,
  type ApprovalRow,
} from './repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** GET /api/booking/{id} for an administrator of the booking's location: everything the case needs. */
export async function getAdminBookingView({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<AdminBookingView> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  const location = await findLocationRules(db, booking.locationId);
  const applicant = booking.userId === null ? undefined : await findApplicant(db, booking.userId);
  const reservationRows = await loadReservationRows(db, [bookingId]);
  const requirementRows = await listRequirements(db, bookingId);
  const messages = await listDecisionMessages(db, bookingId);
  const approval = await findApproval(db, bookingId);
  const documentKinds = await listCurrentDocumentKinds(db, bookingId);
  const wedding = await loadWeddingDetails(db, booking, reservationRows, approval);
  const keyNumbers = await listAllPermissions(db, bookingId);
  const round = await findRoundOfBooking(db, bookingId);
  const contracts = requirementRows.filter((q) => q.type === 'CONTRACT');
  const contractSigned = contracts.length === 0 ? null : contracts.every((q) => q.isFulfilled);

  return {
    bookingId: booking.id,
    caseNumber: booking.caseNumber,
    status: booking.status,
    locationId: booking.locationId,
    locationName: location?.name ?? '',
    requireContract: location?.requireContract ?? false,
    enableVedtak: location?.enableVedtak ?? false,
    userId: booking.userId,
    userName: applicant?.name ?? null,
    userEmail: applicant?.email ?? null,
    displayOrgName: booking.organizationName,
    organizationNumber: booking.organizationNumber,
    onBehalfOfName: booking.onBehalfOfName,
    onBehalfOfEmail: booking.onBehalfOfEmail,
    createdTimeUtc: booking.createdAt.toISOString(),
    bookingPurpose: booking.purpose,
    sourceForm: booking.sourceForm,
    bookingDurationType: booking.durationType,
    costCategory: booking.costCategory,
    marketPrice: booking.marketPriceOre,
    internalEventTitle: booking.internalEventTitle,
    formAnswers: booking.formAnswers,
    cancellationDeadline: iso(booking.cancellationDeadline),
    reservations: reservationRows.map(toBookingReservation),
    omittedTimes: booking.omittedTimes ?? [],
    round,
    requirements: requirementRows.map(toBookingRequirement),
    decisionMessages: messages.map((m) => ({ message: m.message, createdTimeUtc: m.createdAt.toISOString() })),
    hasPendingRequirements: requirementRows.some((q) => !q.isFulfilled),
    vedtakExists: documentKinds.includes('VEDTAK'),
    contractExists: documentKinds.includes('CONTRACT'),
    approval: approval ? toApprovalTerms(approval) : null,
    wedding,
    keyAccess: {
      hasOslonokkelen: reservationRows.some((r) => r.hasOslonokkelen),
      numbers: keyNumbers.map((n) => ({
        id: n.id,
        phoneNumber: n.phoneNumber,
        requestStatus: n.oslonokkelenRequestStatus,
        state: adminKeyAccessStateOf({ requestStatus: n.oslonokkelenRequestStatus, bookingStatus: booking.status, contractSigned }),
      })),
    },
  };
}

function toApprovalTerms(a: ApprovalRow): ApprovalTerms {
  return {
    costCategory: a.costCategory,
    marketPrice: a.marketPriceOre,
    costBasedPrices: a.costBasedPrices,
    calculatedPrice: a.calculatedPriceOre,
    retroactiveContract: a.retroactiveContract,
    hasTilsynsvakt: a.hasTilsynsvakt,
    tilsynsvaktWeekdays: a.tilsynsvaktWeekdays,
    approvedBy: a.approvedByName,
    approvedTimeUtc: a.approvedAt.toISOString(),
  };
}
