import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { users } from './identity';

/**
 * The case officer who has taken an application ('Ta saken', decision 065): one row per taken
 * booking, written only by casework's work queue. Taking it over replaces the row; giving it up
 * deletes it. The change log keeps the history.
 */
export const bookingAssignees = pgTable(
  'booking_assignees',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_assignees_user').on(t.userId)],
);
