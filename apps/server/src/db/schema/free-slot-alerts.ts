import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, serial, smallint, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import { bookableAssets } from './assets';
import { users } from './identity';
import { locations } from './locations';

/**
 * 'Varsle meg når en tid blir ledig' (decision 022): a person asks to be told when a
 * time frees up in one room (bookable_asset_id) or every room of a location (null), between two dates,
 * optionally on some ISO weekdays (empty: all) and within a time of day (both or neither). Ended by the
 * person (ended_at); expired once to_date has passed.
 */
export const freeSlotAlerts = pgTable(
  'free_slot_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    bookableAssetId: integer('bookable_asset_id').references(() => bookableAssets.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    weekdays: smallint('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    timeFrom: time('time_from'),
    timeTo: time('time_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('free_slot_alerts_user').on(t.userId),
    index('free_slot_alerts_location').on(t.locationId, t.toDate),
    check('free_slot_alerts_range', sql`${t.toDate} >= ${t.fromDate}`),
    check(
      'free_slot_alerts_times',
      sql`(${t.timeFrom} is null) = (${t.timeTo} is null) and (${t.timeTo} is null or ${t.timeTo} > ${t.timeFrom})`,
    ),
  ],
);

/**
 * Time that may have become bookable, written by the database in the writing transaction (triggers of
 * migration 0020_free_slot_alerts on reservations, blocked_times and opening_hours), and only while an active
 * alert covers the location. The job `free-slot-alerts` turns each row into pending notices and
 * deletes it. bookable_asset_id null: every room of the location; weekday: only dates on it.
 */
export const freeSlotEvents = pgTable('free_slot_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  locationId: integer('location_id').notNull(),
  bookableAssetId: integer('bookable_asset_id'),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  weekday: smallint('weekday'),
  startMinute: integer('start_minute').notNull(),
  endMinute: integer('end_minute').notNull(),
  cause: text('cause').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One e-mail of free times to one person: what the hourly rate limit counts. */
export const freeSlotAlertMails = pgTable(
  'free_slot_alert_mails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('free_slot_alert_mails_user').on(t.userId, t.sentAt)],
);

/**
 * A freed piece of time one alert asks about, in one room on one date: PENDING until the job checks it
 * with the rule engine at send time, then SENT (in mail_id) or TAKEN (not bookable any more). Unique
 * per alert and piece: the same freed time is never mailed twice.
 */
export const freeSlotNotices = pgTable(
  'free_slot_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => freeSlotAlerts.id, { onDelete: 'cascade' }),
    bookableAssetId: integer('bookable_asset_id')
      .notNull()
      .references(() => bookableAssets.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'TAKEN'] })
      .notNull()
      .default('PENDING'),
    mailId: integer('mail_id').references(() => freeSlotAlertMails.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('free_slot_notices_once').on(t.alertId, t.bookableAssetId, t.date, t.startMinute, t.endMinute),
    index('free_slot_notices_pending').on(t.status),
  ],
);
