import { bigserial, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { supportCategories } from '@lokaler/domain/support-inquiry';
import { locations } from './locations';

/** Server settings read by the SPAs (CONTACT_US, PORTAL_2_BETA …); 'ENABLED' means on. */
export const settings = pgTable('settings', { name: text('name').primaryKey(), value: text('value').notNull() });

export const supportCategoryEnum = pgEnum('support_category', supportCategories);

/** Messages sent through the contact form (POST /support). */
export const supportInquiries = pgTable('support_inquiries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  category: supportCategoryEnum('category').notNull(),
  userEmail: text('user_email').notNull(),
  message: text('message').notNull(),
  locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Errors the SPAs report (POST /frontenderror). Scrubbed of personal data before insert; only the
 * newest entries per fingerprint are kept (see platform/frontend-errors).
 */
export const frontendErrors = pgTable(
  'frontend_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Hash of level + message, so one error repeated a thousand times cannot push out the others. */
    fingerprint: text('fingerprint').notNull(),
    msg: text('msg').notNull(),
    level: text('level').notNull(),
    userAgent: text('user_agent'),
    /** When the browser says it happened. */
    clientTime: timestamp('client_time', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('frontend_errors_fingerprint').on(t.fingerprint, t.id), index('frontend_errors_received').on(t.receivedAt)],
);
