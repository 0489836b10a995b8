import { z } from 'zod';
import { activeReservationStatuses, type ReservationStatus } from './reservation';
import { addDays, daysBetween } from './scheduling/calendar-date';
import { todayInOslo } from './scheduling/oslo-clock';
import { weddingApplicationAnswers } from './wedding-application-answers';
import { proevingsattestFileInfo } from './wedding-certificate';

/**
 * The wedding office's part of a wedding booking (decision 013): the couple's
 * form and certificate as the admin view shows them, the info letter's due date after approval, the
 * cancellation deadline as days before the ceremony. The national identity number is never here:
 * only whether one was given.
 */

/** Spec 02 §1: 'A wedding info letter is due within 2 weeks' — counted from the approval, in Oslo days. */
export const WEDDING_INFO_LETTER_DAYS = 14;

/** The date (YYYY-MM-DD, Oslo) by which the info letter must go out to a couple approved at this instant. */
export function weddingInfoLetterDueDate(approvedAt: Date): string {
  return addDays(todayInOslo(approvedAt), WEDDING_INFO_LETTER_DAYS);
}

/**
 * How many days before the ceremony the couple can cancel: the deadline's Oslo date to the
 * ceremony's date (0 when the deadline is the ceremony day itself, a short-notice booking).
 */
export function cancellationDaysBeforeCeremony(cancellationDeadline: Date, ceremonyDate: string): number {
  return Math.max(0, daysBetween(todayInOslo(cancellationDeadline), ceremonyDate));
}

/**
 * The same count for a booking as the couple's page has it: the ceremony is the first time that
 * still holds (unprocessed or approved); null without a deadline or such a time.
 */
export function weddingCancellationDays(booking: {
  cancellationDeadline: string | null;
  reservations: readonly { date: string; status: ReservationStatus }[];
}): number | null {
  const active: readonly ReservationStatus[] = activeReservationStatuses;
  const ceremony = booking.reservations
    .filter((r) => active.includes(r.status))
    .map((r) => r.date)
    .sort()[0];
  if (!booking.cancellationDeadline || !ceremony) return null;
  return cancellationDaysBeforeCeremony(new Date(booking.cancellationDeadline), ceremony);
}

/** GET /api/booking/{id} (admin) `wedding`: null for a booking that is not a wedding. */
export const adminWeddingDetails = z.object({
  /** When the couple sent the form (UTC ISO); null while the time is only held. */
  submittedAtUtc: z.string().nullable(),
  /** The couple's answers; null before the form is sent. */
  answers: weddingApplicationAnswers.nullable(),
  /** A national identity number was given in the form (the number itself never leaves the server). */
  nationalIdentityNumberGiven: z.boolean(),
  /** The prøvingsattest on file (download: GET /api/admin/booking/{id}/proevingsattest). */
  proevingsattestFile: proevingsattestFileInfo.nullable(),
  proevingsattestFileAddedTimeUtc: z.string().nullable(),
  /** The date of the ceremony (the first active time), YYYY-MM-DD. */
  ceremonyDate: z.string().nullable(),
  /** The cancellation deadline as days before the ceremony (spec 02 §9); null without deadline or time. */
  cancellationDaysBeforeCeremony: z.number().int().nullable(),
  /** When approved: the date (YYYY-MM-DD) the info letter must be sent by. */
  infoLetterDueDate: z.string().nullable(),
});
export type AdminWeddingDetails = z.infer<typeof adminWeddingDetails>;

/** The admin view's wedding texts (bokmål). */
export const weddingOfficeTexts = {
  infoLetterDue: (date: string) => `Infobrev sendes innen ${date}`,
  cancellationDays: (days: number) =>
    days === 0 ? 'Kan avbestilles fram til vielsen' : `Avbestillingsfrist: ${days} ${days === 1 ? 'dag' : 'dager'} før vielsen`,
  certificateMissing: 'Prøvingsattest er ikke lastet opp ennå.',
  formNotSent: 'Paret har ikke sendt skjemaet ennå. Tiden holdes mens de fyller det ut.',
  downloadCertificate: 'Last ned prøvingsattest',
} as const;

/** The request list's mark of a wedding application. */
export const weddingListLabel = 'Vielse';
export const weddingFormNotSentLabel = 'skjema ikke sendt';
