import { sql } from 'drizzle-orm';
import { check, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { calendarFeedKinds } from '@lokaler/domain/calendar-feed';
import { users } from './identity';
import { locations } from './locations';

export const calendarFeedKindEnum = pgEnum('calendar_feed_kind', calendarFeedKinds);

/**
 * The secret iCalendar feed URLs (decision 024): one per person, per organisation and
 * per location. The URL is `/api/calendar/{id}-{secret}.ics`; the feed is looked up by id and the
 * secret compared in constant time. Rotating writes a new secret, so the old URL answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    kind: calendarFeedKindEnum('kind').notNull(),
    /** PERSON: whose own bookings (sent by them, for no organisation). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** ORGANIZATION: the organisation's bookings, whoever of its representatives sent them. */
    organizationNumber: text('organization_number'),
    /** LOCATION: the location's reservations, as an administrator may see them. */
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** 32 random bytes, base64url (43 characters). */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_person')
      .on(t.userId)
      .where(sql`${t.kind} = 'PERSON'`),
    uniqueIndex('calendar_feeds_organization')
      .on(t.organizationNumber)
      .where(sql`${t.kind} = 'ORGANIZATION'`),
    uniqueIndex('calendar_feeds_location')
      .on(t.locationId)
      .where(sql`${t.kind} = 'LOCATION'`),
    check(
      'calendar_feeds_owner',
      sql`(${t.kind} = 'PERSON' and ${t.userId} is not null and ${t.organizationNumber} is null and ${t.locationId} is null)
    or (${t.kind} = 'ORGANIZATION' and ${t.organizationNumber} is not null and ${t.userId} is null and ${t.locationId} is null)
    or (${t.kind} = 'LOCATION' and ${t.locationId} is not null and ${t.userId} is null and ${t.organizationNumber} is null)`,
    ),
  ],
);
