import { z } from 'zod';
import { bookingDurationType, bookingFormAnswers, bookingPurpose, bookingStatus, costCategory, sourceForm } from './booking';
import { bookingRequirement, bookingReservation } from './booking-reservation';
import { publicLocationType } from './location';
import { oslonokkelenPermission, oslonokkelenRequestStatus } from './oslonokkelen';
import { omittedTime } from './booking-omitted';
import { bookingRoundInfo } from './application-rounds';

/**
 * The applicant's view of their bookings (spec 02 §3 Booking, §7 GET /user/booking and
 * GET /user/booking/{id}). Instants are ISO 8601 strings; dates 'YYYY-MM-DD' and times 'HH:mm:ss'
 * are Europe/Oslo wall clock.
 */

export const userDecisionMessage = z.object({ message: z.string(), createdTimeUtc: z.string() });

/** The location as the booking page needs it (heading, address, contact line). */
export const userBookingLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  publicLocationType: publicLocationType,
  streetAddress: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

/** One row of GET /user/booking (table Opprettet, Sted, Dato, Status). */
export const userBookingSummary = z.object({
  bookingId: z.number().int(),
  status: bookingStatus,
  createdTimeUtc: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  /** 'dd.MM.yyyy' or 'dd.MM.yyyy – dd.MM.yyyy' of the counted times (see reservationsInOverview). */
  periodDescription: z.string(),
  caseNumber: z.string(),
  sourceForm: sourceForm,
  /** The organisation the booking was made for; null for a private person's booking. */
  displayOrgName: z.string().nullable(),
  hasPendingRequirements: z.boolean(),
  /** Decision 029: the semester round the application is in (null when none); optional on the wire. */
  round: bookingRoundInfo.default(null),
  /** Decision 038: a wedding time taken whose form is not sent yet ('Ikke sendt', not waiting for anybody); optional on the wire. */
  weddingNotSent: z.boolean().default(false),
});
export type UserBookingSummary = z.infer<typeof userBookingSummary>;
export const userBookingSummaries = z.array(userBookingSummary);

/** GET /user/booking/{id}. */
export const userBooking = z.object({
  bookingId: z.number().int(),
  status: bookingStatus,
  locationId: z.number().int(),
  location: userBookingLocation,
  /** The person who sent the application (only they may sign its contract). */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  createdTimeUtc: z.string(),
  sourceForm: sourceForm,
  /** Sub-route of the form the application came from (the wedding form), else null. */
  formDetailsSubRoute: z.string().nullable(),
  /** Every time of the booking, in date order; the overview counts only APPROVED and UNPROCESSED. */
  reservations: z.array(bookingReservation),
  /** Decision 027: the dates of the series the applicant chose to send without ('Søkt uten n datoer'); optional on the wire. */
  omittedTimes: z.array(omittedTime).default([]),
  requirements: z.array(bookingRequirement),
  /** What the applicant wrote to the location with the application. */
  comments: z.array(z.string()),
  formAnswers: bookingFormAnswers,
  /** One line per time the location moved: 'Gymsal (G1): 12.03.2025 18:00–20:00 → 12.03.2025 20:30–22:00'. */
  reservationModificationDescriptions: z.array(z.string()),
  /** The counted times in one line: '12.03.2025 kl. 18:00–20:00' or '6 tider, 12.03.2025 – 16.04.2025'. */
  reservationTimesDescription: z.string(),
  /** 'tirsdag 12.03.2025 kl. 18:00–20:00' per reservation id. */
  timeDescriptionsByReservationId: z.record(z.string(), z.string()),
  bookingPurpose: bookingPurpose,
  periodDescription: z.string(),
  caseNumber: z.string(),
  decisionMessages: z.array(userDecisionMessage),
  vedtakExists: z.boolean(),
  contractExists: z.boolean(),
  hasPendingRequirements: z.boolean(),
  isCancellable: z.boolean(),
  /** Until when an approved booking may be cancelled here (ISO instant); null when not applicable. */
  cancellationDeadline: z.string().nullable(),
  hasOslonokkelen: z.boolean(),
  oslonokkelenStatus: oslonokkelenRequestStatus.nullable(),
  oslonokkelenPermissions: z.array(oslonokkelenPermission),
  bookingDurationType: bookingDurationType,
  displayOrgName: z.string().nullable(),
  onBehalfOfName: z.string().nullable(),
  onBehalfOfEmail: z.string().nullable(),
  costCategory: costCategory.nullable(),
  internalEventTitle: z.string().nullable(),
  /** Decision 029: the semester round the application is in (null when none); optional on the wire. */
  round: bookingRoundInfo.default(null),
  /**
   * Decision 038: a wedding whose form is not sent yet — until when the time is held for the wizard
   * (the hold, or sooner when the wizard's page went away), and whether it still is. Null for every
   * other booking; optional on the wire.
   */
  weddingHold: z.object({ expiresAtUtc: z.string(), held: z.boolean() }).nullable().default(null),
});
export type UserBooking = z.infer<typeof userBooking>;

/** PATCH /booking/{id}: the applicant cancels ({ status: 'cancelled' }); an administrator sets the title. */
export const patchBookingBody = z.union([
  z.object({ status: z.string().trim().toLowerCase().pipe(z.literal('cancelled')) }).strict(),
  z.object({ title: z.string().trim().max(200) }).strict(),
]);
export type PatchBookingBody = z.infer<typeof patchBookingBody>;

/** The answer of PATCH /booking/{id} and PUT /user/booking/{id}/autoreject: the booking's status now. */
export const bookingStatusResponse = z.object({
  bookingId: z.number().int(),
  status: bookingStatus,
  internalEventTitle: z.string().nullable(),
});
export type BookingStatusResponse = z.infer<typeof bookingStatusResponse>;
