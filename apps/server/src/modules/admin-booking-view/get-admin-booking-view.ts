import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AdminBookingView, ApprovalTerms } from '@lokaler/domain/admin-booking-view';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { bookingApprovals, bookingDocuments } from '../../db/schema/admin-decisions';
import { decisionMessages, requirements } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { locations } from '../../db/schema/locations';
import { findBookingForAdmin } from '../admin-booking-shared/booking-access';
import { loadReservationRows, toAdminReservation } from '../admin-booking-shared/reservation-rows';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** GET /api/booking/{id} for an administrator of the booking's location: everything the case needs. */
export async function getAdminBookingView({ db, user, bookingId }: { db: DbOrTx; user: AuthenticatedUser; bookingId: number }): Promise<AdminBookingView> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  const [location] = await db.select({ name: locations.name, requireContract: locations.requireContract, enableVedtak: locations.enableVedtak })
    .from(locations).where(eq(locations.id, booking.locationId));
  const [applicant] = booking.userId === null ? [] : await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, booking.userId));
  const reservationRows = await loadReservationRows(db, [bookingId]);
  const requirementRows = await db.select().from(requirements).where(eq(requirements.bookingId, bookingId)).orderBy(asc(requirements.id));
  const messages = await db.select().from(decisionMessages).where(eq(decisionMessages.bookingId, bookingId)).orderBy(asc(decisionMessages.createdAt), asc(decisionMessages.id));
  const [approval] = await db.select().from(bookingApprovals).where(eq(bookingApprovals.bookingId, bookingId));
  const documents = await db.select({ kind: bookingDocuments.kind }).from(bookingDocuments)
    .where(and(eq(bookingDocuments.bookingId, bookingId), isNull(bookingDocuments.revokedAt)));

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
    reservations: reservationRows.map(toAdminReservation),
    requirements: requirementRows.map((q) => ({ type: q.type, isFulfilled: q.isFulfilled, userName: q.fulfilledByName, fulfillmentTimeUtc: iso(q.fulfillmentTime) })),
    decisionMessages: messages.map((m) => ({ message: m.message, createdTimeUtc: m.createdAt.toISOString() })),
    hasPendingRequirements: requirementRows.some((q) => !q.isFulfilled),
    vedtakExists: documents.some((d) => d.kind === 'VEDTAK'),
    contractExists: documents.some((d) => d.kind === 'CONTRACT'),
    approval: approval ? toApprovalTerms(approval) : null,
  };
}

function toApprovalTerms(a: typeof bookingApprovals.$inferSelect): ApprovalTerms {
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
