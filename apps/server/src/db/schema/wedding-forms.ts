import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WeddingApplicationAnswers } from '@lokaler/domain/wedding-application-answers';
import { bookings } from './bookings';
import { users } from './identity';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The wedding form of a booking (spec 02 §3/§5): the couple's answers once sent, and the uploaded
 * premarital test certificate (prøvingsattest), each possibly without the other (the certificate can
 * come before or after the form). One row per booking; a new upload replaces the file.
 */
export const weddingForms = pgTable(
  'wedding_forms',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    proevingsattestFilename: text('proevingsattest_filename'),
    proevingsattestContentType: text('proevingsattest_content_type'),
    proevingsattestSize: integer('proevingsattest_size'),
    proevingsattestBytes: bytea('proevingsattest_bytes'),
    proevingsattestAddedAt: timestamp('proevingsattest_added_at', { withTimezone: true }),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    /** The answers of POST /user/form/wedding (validated by the domain's schema), null until sent. */
    answers: jsonb('answers').$type<WeddingApplicationAnswers>(),
    /** The applicant's national identity number when given in the form; kept apart, never in a read model. */
    applicantSsn: text('applicant_ssn'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'wedding_forms_certificate_whole',
      sql`(${t.proevingsattestBytes} is null) = (${t.proevingsattestFilename} is null)
    and (${t.proevingsattestBytes} is null) = (${t.proevingsattestContentType} is null)
    and (${t.proevingsattestBytes} is null) = (${t.proevingsattestSize} is null)
    and (${t.proevingsattestBytes} is null) = (${t.proevingsattestAddedAt} is null)`,
    ),
    check('wedding_forms_answers_sent', sql`(${t.answers} is null) = (${t.submittedAt} is null)`),
  ],
);

/**
 * Decision 012: the one reminder about a missing prøvingsattest sent for a booking. The primary
 * key is the guarantee that it goes once: a second process's insert of the same booking does nothing.
 */
export const weddingCertificateReminders = pgTable('wedding_certificate_reminders', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * Decision 038: the page of the wedding wizard that last opened a booking's wizard (one row per booking,
 * the newest page wins). `release_at` is set when that page goes away (pagehide: a closed tab, another
 * site, or a reload) to a short grace later, and cleared when a page of the wizard opens again (the
 * reload); the hold-expiry job lets the time go once `release_at` has passed.
 */
export const weddingWizardVisits = pgTable(
  'wedding_wizard_visits',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id').notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }),
  },
  (t) => [
    index('wedding_wizard_visits_release_at')
      .on(t.releaseAt)
      .where(sql`${t.releaseAt} is not null`),
  ],
);
