import { z } from 'zod';
import { costBasedPrices } from './admin-selvkost';
import { adminWeddingDetails } from './admin-wedding';
import { bookingDurationType, bookingFormAnswers, bookingPurpose, bookingStatus, costCategory, sourceForm } from './booking';
import { roundStatus } from './application-rounds';
import { omittedTime } from './booking-omitted';
import { bookingRequirement, bookingReservation } from './booking-reservation';
import { changeLogEntry as applicantChangeLogEntry } from './change-log';
import { adminKeyAccess } from './key-access-state';
import { daysOfWeek } from './scheduling/day-of-week';

/**
 * One booking as the administrator sees it (GET /api/booking/{id} with an admin token), its change
 * log (GET /api/booking-log/{id}/changes), the e-mails sent about it (…/email-reminders), the
 * internal comment (GET/PUT /api/booking/{id}/comment).
 */

export const approvalTerms = z.object({
  costCategory,
  marketPrice: z.number().int().nullable(),
  costBasedPrices: costBasedPrices.nullable(),
  /** The cost-based total in øre at approval (COST only). */
  calculatedPrice: z.number().int().nullable(),
  retroactiveContract: z.boolean(),
  hasTilsynsvakt: z.boolean(),
  tilsynsvaktWeekdays: z.array(z.enum(daysOfWeek)),
  approvedBy: z.string().nullable(),
  approvedTimeUtc: z.string(),
});
export type ApprovalTerms = z.infer<typeof approvalTerms>;

export const adminBookingView = z.object({
  bookingId: z.number().int(),
  caseNumber: z.string(),
  status: bookingStatus,
  locationId: z.number().int(),
  locationName: z.string(),
  requireContract: z.boolean(),
  enableVedtak: z.boolean(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  displayOrgName: z.string().nullable(),
  organizationNumber: z.string().nullable(),
  onBehalfOfName: z.string().nullable(),
  onBehalfOfEmail: z.string().nullable(),
  createdTimeUtc: z.string(),
  bookingPurpose: bookingPurpose,
  sourceForm: sourceForm,
  bookingDurationType: bookingDurationType,
  costCategory: costCategory.nullable(),
  /** Øre. */
  marketPrice: z.number().int().nullable(),
  internalEventTitle: z.string().nullable(),
  formAnswers: bookingFormAnswers,
  cancellationDeadline: z.string().nullable(),
  /** Every reservation, in date order (the admin sees replaced and rejected ones too). */
  reservations: z.array(bookingReservation),
  /** Decision 027: the dates of the series the applicant chose to send without ('søkt uten n datoer'); optional on the wire. */
  omittedTimes: z.array(omittedTime).default([]),
  /**
   * Decision 029: the semester round the application is in (null: none). Until the round is CLOSED the
   * application is decided by closing it, not here (single decisions are 409 BOOKING_IN_ROUND).
   */
  round: z.object({ id: z.number(), name: z.string(), deadline: z.string(), status: roundStatus }).nullable().default(null),
  requirements: z.array(bookingRequirement),
  decisionMessages: z.array(z.object({ message: z.string(), createdTimeUtc: z.string() })),
  hasPendingRequirements: z.boolean(),
  vedtakExists: z.boolean(),
  contractExists: z.boolean(),
  approval: approvalTerms.nullable(),
  /** A wedding's form, certificate and dates (admin-wedding.ts); null for other bookings. */
  wedding: adminWeddingDetails.nullable(),
  /** The digital key per shared number, with the admin's access state (key-access-state.ts). */
  keyAccess: adminKeyAccess,
});
export type AdminBookingView = z.infer<typeof adminBookingView>;

/** The applicant's timeline entry (change-log.ts) with its id, so the admin UI can key and link it. */
export const changeLogEntry = applicantChangeLogEntry.extend({ id: z.number().int() });
export const changeLogEntries = z.array(changeLogEntry);
export type ChangeLogEntry = z.infer<typeof changeLogEntry>;

/** One e-mail sent (or waiting to be sent) to the applicant about the booking. */
export const emailReminder = z.object({
  id: z.number().int(),
  /** What it was about: BookingApproval, BookingRejection, ReservationChange, a reminder … */
  kind: z.string(),
  subject: z.string(),
  recipient: z.string(),
  createdTimeUtc: z.string(),
  sentTimeUtc: z.string().nullable(),
  status: z.enum(['SENT', 'PENDING', 'RETRYING', 'FAILED']),
});
export const emailReminders = z.array(emailReminder);
export type EmailReminder = z.infer<typeof emailReminder>;

export const INTERNAL_COMMENT_MAX = 5000;
/** The warning the admin UI shows beside the internal comment (spec 02 §5). */
export const internalCommentWarning = 'Ikke skriv personopplysninger i internnotatet.';

/**
 * GET /api/booking/{id}/comment; PUT takes the plain text body (text/plain) or { comment }. A note
 * that looks like it holds a fødselsnummer or a phone number (personal-data-in-text.ts) is refused
 * with a 409 asking the question, unless the JSON body confirms it (confirmPersonalData: true).
 */
export const internalComment = z.object({ comment: z.string() });
export const internalCommentBody = z.union([
  z.string().max(INTERNAL_COMMENT_MAX, `Notatet kan ha høyst ${INTERNAL_COMMENT_MAX} tegn`),
  z.object({
    comment: z.string().max(INTERNAL_COMMENT_MAX, `Notatet kan ha høyst ${INTERNAL_COMMENT_MAX} tegn`),
    confirmPersonalData: z.literal(true).optional(),
  }),
]);

/** The internal event's title (PATCH /api/booking/{id} { title }, user-booking.ts patchBookingBody). */
export const INTERNAL_TITLE_MAX = 200;
