import { z } from 'zod';
import { ageGroup } from './application-rounds';

/** Spec 02 §4 Booking status; labels are the Norwegian texts of the spec. */
export const bookingStatuses = ['UNPROCESSED', 'APPROVED', 'REJECTED', 'CANCELLED', 'AUTOREJECTED'] as const;
export const bookingStatus = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatus>;
export const bookingStatusLabels: Record<BookingStatus, string> = {
  UNPROCESSED: 'Venter på behandling',
  APPROVED: 'Godkjent',
  REJECTED: 'Avslått',
  CANCELLED: 'Kansellert',
  AUTOREJECTED: 'Automatisk avslått',
};

/** Spec 01 §3 Booking purpose. */
export const bookingPurposes = [
  'UNKNOWN',
  'PUBLICUSER_LOAN',
  'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
  'ADMINUSER_INTERNAL_ACTIVITY',
  'ADMINUSER_MAKE_TIME_UNAVAILABLE',
] as const;
export const bookingPurpose = z.enum(bookingPurposes);
export type BookingPurpose = z.infer<typeof bookingPurpose>;

/** Spec 01 §3 Duration type. */
export const bookingDurationTypes = ['SEMESTERLOAN', 'SINGLE_BOOKING'] as const;
export const bookingDurationType = z.enum(bookingDurationTypes);
export type BookingDurationType = z.infer<typeof bookingDurationType>;

/** Spec 02 §4 cost kinds (the approval's cost category). */
export const costCategories = ['FREE', 'COST', 'MARKET'] as const;
export const costCategory = z.enum(costCategories);
export type CostCategory = z.infer<typeof costCategory>;

/**
 * Spec 02 §4: the source form is checked against a fixed list (not shown) and defaults to 'default'.
 * These are the forms this product has: the booking-flow themes plus the admin's internal activity.
 */
export const sourceForms = ['default', 'school', 'wedding', 'bicycle', 'internal'] as const;
export const sourceForm = z.enum(sourceForms);
export type SourceForm = z.infer<typeof sourceForm>;

/** Spec 02 §3 Requirement.type. */
export const requirementTypes = ['CONTRACT', 'WEDDING_CERTIFICATE'] as const;
export const requirementType = z.enum(requirementTypes);
export type RequirementType = z.infer<typeof requirementType>;

/** Spec 02 §4 change-log entry types, with their labels (WEDDING_CERTIFICATE has none). */
export const changeLogTypes = [
  'BookingApproval',
  'BookingRejection',
  'BookingCancellation',
  'BookingSetToUnprocessed',
  'ReservationRejection',
  'AssetRejection',
  'ReservationChange',
  'ReservationAddition',
  'DecisionMessage',
  'Comment',
  'CONTRACT',
  'WeddingCertificateReminderSent',
  'WEDDING_CERTIFICATE',
  /** The applicant asked for their personal data to be deleted (Mine data, decision 057). */
  'PersonalDataDeleted',
  /** A case officer took, took over or gave up the application (decision 065); the administrator's log only. */
  'CaseAssignment',
  /** Invoices (decision 071): a line held or released, a line added by hand, an invoice or credit note made; the administrator's log only. */
  'InvoiceHold',
  'InvoiceAdjustment',
  'InvoiceIssued',
] as const;
export const changeLogType = z.enum(changeLogTypes);
export type ChangeLogType = z.infer<typeof changeLogType>;
/** The entries only the administrators' log shows: the applicant's timeline leaves them out (decision 065). */
export const adminOnlyChangeLogTypes: readonly ChangeLogType[] = ['CaseAssignment', 'InvoiceHold', 'InvoiceAdjustment', 'InvoiceIssued'];
export const changeLogTypeLabels: Partial<Record<ChangeLogType, string>> = {
  BookingApproval: 'Godkjent',
  BookingRejection: 'Avslått',
  BookingCancellation: 'Kansellert',
  BookingSetToUnprocessed: 'Tilbakestilt',
  ReservationRejection: 'Slettet',
  AssetRejection: 'Slettet',
  ReservationChange: 'Endret',
  ReservationAddition: 'Lagt til',
  DecisionMessage: 'Lagt til',
  Comment: 'Opprettet',
  CONTRACT: 'Signert',
  WeddingCertificateReminderSent: 'Sendt',
  PersonalDataDeleted: 'Personopplysninger slettet',
  CaseAssignment: 'Saksbehandler',
  InvoiceHold: 'Fakturagrunnlag',
  InvoiceAdjustment: 'Fakturajustering',
  InvoiceIssued: 'Fakturert',
};

/**
 * What the applicant wrote in the booking form (kept as one JSON document on the booking).
 * contactEmail/contactPhone are personal data the spec needs to reach the applicant.
 */
export const bookingFormAnswers = z.object({
  activity: z.string().max(500).optional(),
  purpose: z.string().max(500).optional(),
  participants: z.number().int().min(0).max(100_000).optional(),
  /** The semester form's age group (decision 029: the fair rule's priority group). */
  ageGroup: ageGroup.optional(),
  contactEmail: z.string().max(320).optional(),
  contactPhone: z.string().max(40).optional(),
  message: z.string().max(5000).optional(),
});
export type BookingFormAnswers = z.infer<typeof bookingFormAnswers>;

/** One line of a change-log entry's reservation times (spec 02 §3: assetDescription, times). */
export const changeLogReservationTimes = z.array(z.object({ assetDescription: z.string(), times: z.array(z.string()) }));
export type ChangeLogReservationTimes = z.infer<typeof changeLogReservationTimes>;
