import type { ChangeLogReservationTimes } from '@lokaler/domain/booking';
import { toBookingRequirement, toBookingReservation } from '@lokaler/domain/booking-reservation';
import type { OslonokkelenPermission, OslonokkelenRequestStatus } from '@lokaler/domain/oslonokkelen';
import { overallKeyStatus } from '@lokaler/domain/oslonokkelen';
import type { UserBooking, UserBookingSummary } from '@lokaler/domain/user-booking';
import { effectiveCancellationDeadline, isCancellable } from '@lokaler/domain/booking-lifecycle';
import { weddingHoldEnd } from '@lokaler/domain/wedding-hold';
import { describeReservationTime, periodDescription, reservationTimesDescription } from '@lokaler/domain/user-booking-rules';
import type { BookingRow } from './booking-access';
import type { LocationRow, RequirementRow, ReservationWithRoom } from './repository';

/** The semester round an application is in (decision 029), as the store has it. */
export interface RoundOfBooking {
  name: string;
  deadline: string;
  status: 'OPEN' | 'CLOSING' | 'CLOSED';
}

/** The applicant's view of it: still collected until the round is closed. */
export function toRoundInfo(round: RoundOfBooking | null | undefined): UserBooking['round'] {
  return round ? { name: round.name, deadline: round.deadline, collected: round.status !== 'CLOSED' } : null;
}

export function toSummary(
  booking: BookingRow & { locationName: string },
  reservations: readonly ReservationWithRoom[],
  requirements: readonly RequirementRow[],
  round: RoundOfBooking | null = null,
): UserBookingSummary {
  return {
    bookingId: booking.id,
    status: booking.status,
    createdTimeUtc: booking.createdAt.toISOString(),
    locationId: booking.locationId,
    locationName: booking.locationName,
    periodDescription: periodDescription(reservations),
    caseNumber: booking.caseNumber,
    sourceForm: booking.sourceForm,
    displayOrgName: booking.organizationName,
    hasPendingRequirements: requirements.some((q) => !q.isFulfilled),
    round: toRoundInfo(round),
    // The same test as the booking's own page (toWeddingHold): sending the form ends the hold.
    weddingNotSent: booking.sourceForm === 'wedding' && booking.status === 'UNPROCESSED' && booking.holdExpiresAt !== null,
  };
}

/** 'Gymsal (G1): 12.03.2025 18:00–19:30 → 12.03.2025 20:30–22:00', one line per moved room. */
export function modificationDescriptions(
  entries: readonly {
    type: string;
    reservationTimes: ChangeLogReservationTimes | null;
    newReservationTimes: ChangeLogReservationTimes | null;
  }[],
): string[] {
  return entries
    .filter((e) => e.type === 'ReservationChange')
    .flatMap((e) =>
      (e.reservationTimes ?? []).map((before) => {
        const after = e.newReservationTimes?.find((n) => n.assetDescription === before.assetDescription);
        return `${before.assetDescription}: ${before.times.join(', ')} → ${after ? after.times.join(', ') : ''}`.trimEnd();
      }),
    );
}

export interface UserBookingParts {
  booking: BookingRow;
  location: LocationRow;
  creator: { name: string; email: string | null } | null;
  reservations: readonly ReservationWithRoom[];
  requirements: readonly RequirementRow[];
  decisionMessages: readonly { message: string; createdAt: Date }[];
  changeLog: readonly {
    type: string;
    reservationTimes: ChangeLogReservationTimes | null;
    newReservationTimes: ChangeLogReservationTimes | null;
  }[];
  documentKinds: ReadonlySet<'CONTRACT' | 'VEDTAK'>;
  permissions: readonly OslonokkelenPermission[];
  firstActiveStart: Date | null;
  /** The semester round the application is in (decision 029), or null. */
  round?: RoundOfBooking | null;
  /** Decision 038: when a held wedding's time goes because the wizard's page went away, or null. */
  weddingReleaseAt?: Date | null;
  now: Date;
}

/** Decision 038: a wedding in hold (form not sent: sending ends the hold), and until when. */
export function toWeddingHold(
  booking: Pick<BookingRow, 'sourceForm' | 'status' | 'holdExpiresAt'>,
  releaseAt: Date | null,
  now: Date,
): UserBooking['weddingHold'] {
  if (booking.sourceForm !== 'wedding' || booking.status !== 'UNPROCESSED') return null;
  const end = weddingHoldEnd({ holdExpiresAt: booking.holdExpiresAt, releaseAt });
  return end ? { expiresAtUtc: end.toISOString(), held: end.getTime() > now.getTime() } : null;
}

export function toUserBooking(p: UserBookingParts): UserBooking {
  const { booking, location } = p;
  const reservations = p.reservations.map(toBookingReservation);
  const deadline = effectiveCancellationDeadline(booking, p.firstActiveStart);
  return {
    bookingId: booking.id,
    status: booking.status,
    locationId: booking.locationId,
    location: {
      id: location.id,
      name: location.name,
      publicLocationType: location.publicLocationType,
      streetAddress: location.streetAddress,
      postCode: location.postCode,
      city: location.city,
      contactEmail: location.contactEmail,
      phoneNumber: location.phoneNumber,
    },
    userId: booking.userId,
    userName: p.creator?.name ?? null,
    userEmail: p.creator?.email ?? null,
    createdTimeUtc: booking.createdAt.toISOString(),
    sourceForm: booking.sourceForm,
    formDetailsSubRoute: booking.sourceForm === 'wedding' ? 'vielse' : null,
    reservations,
    omittedTimes: booking.omittedTimes ?? [],
    requirements: p.requirements.map(toBookingRequirement),
    comments: booking.formAnswers.message ? [booking.formAnswers.message] : [],
    formAnswers: booking.formAnswers,
    reservationModificationDescriptions: modificationDescriptions(p.changeLog),
    reservationTimesDescription: reservationTimesDescription(reservations),
    timeDescriptionsByReservationId: Object.fromEntries(reservations.map((r) => [String(r.reservationId), describeReservationTime(r)])),
    bookingPurpose: booking.purpose,
    periodDescription: periodDescription(reservations),
    caseNumber: booking.caseNumber,
    decisionMessages: p.decisionMessages.map((m) => ({ message: m.message, createdTimeUtc: m.createdAt.toISOString() })),
    vedtakExists: p.documentKinds.has('VEDTAK'),
    contractExists: p.documentKinds.has('CONTRACT') || p.requirements.some((q) => q.type === 'CONTRACT'),
    hasPendingRequirements: p.requirements.some((q) => !q.isFulfilled),
    isCancellable: isCancellable({ status: booking.status, cancellationDeadline: deadline }, p.now),
    cancellationDeadline: deadline?.toISOString() ?? null,
    hasOslonokkelen: p.reservations.some((r) => r.hasOslonokkelen),
    oslonokkelenStatus: overallKeyStatus(p.permissions.map((x) => x.oslonokkelenRequestStatus as OslonokkelenRequestStatus)),
    oslonokkelenPermissions: [...p.permissions],
    bookingDurationType: booking.durationType,
    displayOrgName: booking.organizationName,
    onBehalfOfName: booking.onBehalfOfName,
    onBehalfOfEmail: booking.onBehalfOfEmail,
    costCategory: booking.costCategory,
    internalEventTitle: booking.internalEventTitle,
    round: toRoundInfo(p.round),
    weddingHold: toWeddingHold(booking, p.weddingReleaseAt ?? null, p.now),
  };
}
