import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { locationStatuses, publicLocationTypes } from '@lokaler/domain/location';
import { geographicAreas } from './geography';

export const locationStatusEnum = pgEnum('location_status', locationStatuses);
export const publicLocationTypeEnum = pgEnum('public_location_type', publicLocationTypes);

/** A place with rooms to lend (spec 01 §3 Location, spec 02 §3 admin Location and booking rules). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    informationUrl: text('information_url'),
    externalUrl: text('external_url'),
    companyCode: text('company_code'),
    status: locationStatusEnum('status').notNull().default('UNPUBLISHED'),
    publicLocationType: publicLocationTypeEnum('public_location_type').notNull(),
    filterCategory: publicLocationTypeEnum('filter_category').notNull().default('SCHOOLS'),
    geographicAreaId: text('geographic_area_id')
      .notNull()
      .references(() => geographicAreas.id),
    displayInPortal: boolean('display_in_portal').notNull().default(true),
    homepage: text('homepage'),
    streetAddress: text('street_address'),
    postCode: text('post_code'),
    city: text('city'),
    phoneNumber: text('phone_number'),
    contactEmail: text('contact_email'),
    /** Sanitised HTML shown on the venue page. */
    informationMessage: text('information_message'),
    requireContract: boolean('require_contract').notNull().default(false),
    requireCostCategory: boolean('require_cost_category').notNull().default(false),
    enableVedtak: boolean('enable_vedtak').notNull().default(false),
    /** Booking rule ADMIN_CAN_BOOK_PAST_DATES (spec 02 §3 booking rules map). */
    adminCanBookPastDates: boolean('admin_can_book_past_dates').notNull().default(false),
    allowRepeatedBookingsForPublicUser: boolean('allow_repeated_bookings_for_public_user').notNull().default(true),
    allowSingleBookingsForPublicUser: boolean('allow_single_bookings_for_public_user').notNull().default(true),
    maxOneTimeslotPerBookingForPublicUser: boolean('max_one_timeslot_per_booking_for_public_user').notNull().default(false),
    /**
     * Fair share (decision 041): the location's own limits per applicant; null takes the city-wide
     * value (settings FAIR_SHARE_*, else packages/domain fair-share.ts defaults).
     */
    maxPendingHours: integer('max_pending_hours'),
    maxPendingApplications: integer('max_pending_applications'),
    maxRoomsPerApplication: integer('max_rooms_per_application'),
    maxDatesPerSeries: integer('max_dates_per_series'),
    /** Days before the wanted date an application must be sent. */
    behandlingstid: integer('behandlingstid').notNull().default(0),
    minBookingDurationMinutes: integer('min_booking_duration_minutes'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('locations_behandlingstid_non_negative', sql`${t.behandlingstid} >= 0`),
    check('locations_min_duration_positive', sql`${t.minBookingDurationMinutes} is null or ${t.minBookingDurationMinutes} > 0`),
  ],
);

/** The "Om lån og leie" texts of a location (GET /about/{locationId}). */
export const locationAbout = pgTable('location_about', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  whoCanApply: text('who_can_apply'),
  locationCosts: text('location_costs'),
  loanCriteria: text('loan_criteria'),
});

/** Who administers a location, by e-mail (stored lower-case), so an admin can be added before first login. */
export const locationAdmins = pgTable(
  'location_admins',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.email] }), check('location_admins_email_lower', sql`${t.email} = lower(${t.email})`)],
);
