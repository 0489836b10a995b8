import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { locations } from './locations';

/**
 * How a city sets up its own locations (decision 015): city-wide administrators, the
 * invitation of a new location's first administrator, the wizard's step states, the practical
 * information for tenants and the audit log of every settings change.
 */

/** City-wide administrators by e-mail (lower-case, like location_admins): create locations, manage every location's settings. */
export const cityAdmins = pgTable('city_admins', { email: text('email').primaryKey() }, (t) => [
  check('city_admins_email_lower', sql`${t.email} = lower(${t.email})`),
]);

/** The link /nytt-lokale/{linkId} that lets the invited administrator set up a new location. Single use, expires. */
export const locationInvitations = pgTable(
  'location_invitations',
  {
    id: serial('id').primaryKey(),
    /** 32 random bytes, base64url: the secret in the link. */
    linkId: text('link_id').notNull().unique(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedByUserId: integer('used_by_user_id').references(() => users.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('location_invitations_location').on(t.locationId),
    check('location_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** The wizard's state per location and step (NOT_STARTED is the absence of a row). */
export const locationSetupSteps = pgTable(
  'location_setup_steps',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    status: text('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.step] }), check('location_setup_steps_status', sql`${t.status} in ('STARTED', 'SAVED')`)],
);

/** Practical information for tenants (GET /user/booking/{id}/infoforleietaker), when the location has written its own. */
export const locationTenantInfo = pgTable('location_tenant_info', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  heading: text('heading').notNull(),
  description: text('description').notNull(),
  /** [{ url, linkText }] */
  links: jsonb('links')
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/** Who changed which setting of a location, when, from what to what. Readable by the location's administrators. */
export const locationAuditLog = pgTable(
  'location_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('location_audit_log_location').on(t.locationId, t.id)],
);

/** Seasonal opening hours: on its dates, the period's weekly hours replace the location's standard ones. */
export const openingHourPeriods = pgTable(
  'opening_hour_periods',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('opening_hour_periods_location').on(t.locationId), check('opening_hour_periods_order', sql`${t.toDate} >= ${t.fromDate}`)],
);

/** Closed dates as the administrator enters them: a range with a reason. Its days are rows of closed_dates (range_id). */
export const closedDateRanges = pgTable(
  'closed_date_ranges',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('closed_date_ranges_location').on(t.locationId, t.fromDate),
    check('closed_date_ranges_order', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);
