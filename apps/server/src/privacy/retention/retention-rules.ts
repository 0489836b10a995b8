import { addMonths } from '@lokaler/domain/scheduling/calendar-date';
import type { Tx } from '../../db/client';
import { deleteFinishedMailBefore } from '../../integrations/mail';
import { anonymiseFinishedBookings } from '../../bookings';
import { deleteFrontendErrorsBefore, deleteSupportInquiriesBefore } from '../../platform';
import { anonymiseAnswersBefore, dropCertificatesBefore, forgetIdentityNumbersBefore } from '../../weddings';

/**
 * What the portal keeps about people, and for how long: every rule in one place (decision 054,
 * docs/personvern.md). Each rule hands its cutoff to the module that owns the data (one set-based
 * statement there), idempotent (what it already did is not touched again), and counts what it changed.
 * The bookings, their times, prices and cost categories stay: statistics and the reimbursement
 * figures are not personal data once the names and addresses are gone.
 */
export interface RetentionSettings {
  /** How long after a booking's last time its contact details are kept (RETENTION_BOOKING_MONTHS, default 24). */
  bookingMonths: number;
}

export interface RetentionRule {
  name: string;
  /** What goes and when, in the words of docs/personvern.md. */
  does: string;
  run(tx: Tx, now: Date, settings: RetentionSettings): Promise<number>;
}

/** The time a decision may be appealed (forvaltningsloven § 29: three weeks from notice; the ceremony is the last notice). */
export const APPEAL_PERIOD_DAYS = 21;
/** Sent or given-up e-mails: their recipient and text, kept as a delivery record. */
export const SENT_MAIL_DAYS = 90;
/** The browsers' error reports (already scrubbed of personal data when received). */
export const FRONTEND_ERROR_DAYS = 30;
/** A citizen's message to a location or support, with their address. */
export const SUPPORT_INQUIRY_MONTHS = 12;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
/** The same UTC instant `months` calendar months earlier (the day clamped to a shorter month: the domain's addMonths). */
function monthsBefore(now: Date, months: number): Date {
  const instant = now.toISOString();
  return new Date(`${addMonths(instant.slice(0, 10), -months)}${instant.slice(10)}`);
}

export const retentionRules: readonly RetentionRule[] = [
  {
    name: 'wedding-certificates',
    does: 'the uploaded prøvingsattest (the file), once the ceremony is over',
    run: (tx, now) => dropCertificatesBefore(tx, now),
  },
  {
    name: 'wedding-identity-numbers',
    does: `the national identity number in a wedding form, once the ceremony and the appeal period (${APPEAL_PERIOD_DAYS} days) are over`,
    run: (tx, now) => forgetIdentityNumbersBefore(tx, daysBefore(now, APPEAL_PERIOD_DAYS)),
  },
  {
    name: 'finished-booking-contacts',
    does: "a finished booking's contact e-mail, phone and message, and the name and address it was made on behalf of, RETENTION_BOOKING_MONTHS after its last time",
    run: (tx, now, { bookingMonths }) => anonymiseFinishedBookings(tx, monthsBefore(now, bookingMonths)),
  },
  {
    name: 'wedding-answers',
    does: "the couple's names, address, e-mails, phone numbers and free texts in a wedding form, RETENTION_BOOKING_MONTHS after the ceremony",
    run: (tx, now, { bookingMonths }) => anonymiseAnswersBefore(tx, monthsBefore(now, bookingMonths)),
  },
  {
    name: 'sent-mail',
    does: `e-mails sent or given up (recipient and text), ${SENT_MAIL_DAYS} days after`,
    run: (tx, now) => deleteFinishedMailBefore(tx, daysBefore(now, SENT_MAIL_DAYS)),
  },
  {
    name: 'frontend-errors',
    does: `the browsers' error reports, ${FRONTEND_ERROR_DAYS} days after they came`,
    run: (tx, now) => deleteFrontendErrorsBefore(tx, daysBefore(now, FRONTEND_ERROR_DAYS)),
  },
  {
    name: 'support-inquiries',
    does: `a citizen's message to a location or support, with their address, ${SUPPORT_INQUIRY_MONTHS} months after`,
    run: (tx, now) => deleteSupportInquiriesBefore(tx, monthsBefore(now, SUPPORT_INQUIRY_MONTHS)),
  },
];
