import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { users } from './identity';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The wedding form of a booking (spec 02 §3/§5): for now the uploaded premarital test certificate.
 * One row per booking; a new upload replaces the file.
 */
export const weddingForms = pgTable('wedding_forms', {
  bookingId: integer('booking_id').primaryKey().references(() => bookings.id, { onDelete: 'cascade' }),
  proevingsattestFilename: text('proevingsattest_filename').notNull(),
  proevingsattestContentType: text('proevingsattest_content_type').notNull(),
  proevingsattestSize: integer('proevingsattest_size').notNull(),
  proevingsattestBytes: bytea('proevingsattest_bytes').notNull(),
  proevingsattestAddedAt: timestamp('proevingsattest_added_at', { withTimezone: true }).notNull(),
  uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
});
