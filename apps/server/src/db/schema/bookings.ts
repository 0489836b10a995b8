import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, serial, text, time, timestamp } from 'drizzle-orm/pg-core';
import {
  bookingDurationTypes,
  bookingPurposes,
  bookingStatuses,
  changeLogTypes,
  costCategories,
  requirementTypes,
  sourceForms,
  type BookingFormAnswers,
  type ChangeLogReservationTimes,
} from '@lokaler/domain/booking';
import type { OmittedTime } from '@lokaler/domain/booking-omitted';
import { reservationStatuses } from '@lokaler/domain/reservation';
import { bookableAssets } from './assets';
import { osloPeriod, tstzrange } from './columns';
import { users } from './identity';
import { locations } from './locations';

export const bookingStatusEnum = pgEnum('booking_status', bookingStatuses);
export const bookingPurposeEnum = pgEnum('booking_purpose', bookingPurposes);
export const bookingDurationTypeEnum = pgEnum('booking_duration_type', bookingDurationTypes);
export const costCategoryEnum = pgEnum('cost_category', costCategories);
export const sourceFormEnum = pgEnum('source_form', sourceForms);
export const reservationStatusEnum = pgEnum('reservation_status', reservationStatuses);
export const requirementTypeEnum = pgEnum('requirement_type', requirementTypes);
export const changeLogTypeEnum = pgEnum('change_log_type', changeLogTypes);

/** An application for one location (spec 02 §3 Booking). */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    status: bookingStatusEnum('status').notNull().default('UNPROCESSED'),
    /** The person who sent it; null for bookings an admin registered for someone who has not logged in yet. */
    userId: integer('user_id').references(() => users.id),
    /** Set when the person acted for an organisation ('kommunale tjenester' role). */
    organizationNumber: text('organization_number'),
    organizationName: text('organization_name'),
    /** The organisation's form in Enhetsregisteret ('FLI', 'STI', …) when the application was sent; null when unknown or not an organisation (decision 068). */
    organizationForm: text('organization_form'),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    purpose: bookingPurposeEnum('purpose').notNull().default('PUBLICUSER_LOAN'),
    sourceForm: sourceFormEnum('source_form').notNull().default('default'),
    durationType: bookingDurationTypeEnum('duration_type').notNull().default('SINGLE_BOOKING'),
    caseNumber: text('case_number').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    costCategory: costCategoryEnum('cost_category'),
    /** Market price in øre, when costCategory is MARKET. */
    marketPriceOre: integer('market_price_ore'),
    internalEventTitle: text('internal_event_title'),
    /** Admin's internal note (must not hold personal data). */
    internalComment: text('internal_comment'),
    formAnswers: jsonb('form_answers').$type<BookingFormAnswers>().notNull().default({}),
    cancellationDeadline: timestamp('cancellation_deadline', { withTimezone: true }),
    onBehalfOfName: text('on_behalf_of_name'),
    onBehalfOfEmail: text('on_behalf_of_email'),
    /**
     * A wedding time taken in the calendar is held until this instant for the couple to send the
     * wedding form (spec 02 §4, decision 012); null when there is no hold (sent, or not a wedding).
     */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * The dates of a repeating application the person chose to send without because they were not
     * free (decision 027: 'søkt uten n datoer'); null when nothing was left out.
     */
    omittedTimes: jsonb('omitted_times').$type<OmittedTime[]>(),
  },
  (t) => [
    index('bookings_user').on(t.userId, t.createdAt),
    index('bookings_location_status').on(t.locationId, t.status),
    index('bookings_org').on(t.organizationNumber),
    // The hold-expiry job's claim reads only bookings that hold a time.
    index('bookings_hold_expires')
      .on(t.holdExpiresAt)
      .where(sql`${t.holdExpiresAt} is not null`),
    check('bookings_market_price_non_negative', sql`${t.marketPriceOre} is null or ${t.marketPriceOre} >= 0`),
  ],
);

/**
 * One time of one room in a booking, as the user chose it (Oslo wall clock), plus `period`, the
 * instant range the database derives from it. The no-double-booking exclusion constraint is on
 * (period, bookable_asset_id) for UNPROCESSED and APPROVED rows (migration 0003).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookableAssetId: integer('bookable_asset_id')
      .notNull()
      .references(() => bookableAssets.id),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** First date of the series this reservation was expanded from; null for a single booking. */
    initialRepetitionDate: date('initial_repetition_date', { mode: 'string' }),
    status: reservationStatusEnum('status').notNull().default('UNPROCESSED'),
    period: tstzrange('period')
      .notNull()
      .generatedAlwaysAs(osloPeriod('date', 'start_time', 'duration_minutes')),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised by the database (trigger reservations_revision, migration w16_feeds) whenever the time,
     * room or status changes: the calendar feeds' SEQUENCE (decision 024).
     */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [
    index('reservations_booking').on(t.bookingId),
    index('reservations_asset_date').on(t.bookableAssetId, t.date),
    check('reservations_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

/** Something the applicant must do (sign the contract, upload the wedding certificate). */
export const requirements = pgTable(
  'requirements',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    type: requirementTypeEnum('type').notNull(),
    isFulfilled: boolean('is_fulfilled').notNull().default(false),
    fulfilledByUserId: integer('fulfilled_by_user_id').references(() => users.id),
    fulfilledByName: text('fulfilled_by_name'),
    fulfillmentTime: timestamp('fulfillment_time', { withTimezone: true }),
  },
  (t) => [index('requirements_booking').on(t.bookingId)],
);

/** Messages the location sends with a decision (shown on the booking page). */
export const decisionMessages = pgTable(
  'decision_messages',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decision_messages_booking').on(t.bookingId)],
);

/** The change timeline of a booking; every change writes its entry in the same transaction. */
export const changeLog = pgTable(
  'change_log',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    type: changeLogTypeEnum('type').notNull(),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    /** Display name of who made the change ('Saksbehandler' style for admins), as shown in the timeline. */
    userName: text('user_name'),
    reservationTimes: jsonb('reservation_times').$type<ChangeLogReservationTimes>(),
    newReservationTimes: jsonb('new_reservation_times').$type<ChangeLogReservationTimes>(),
    comment: text('comment'),
  },
  (t) => [index('change_log_booking').on(t.bookingId, t.loggedAt)],
);
