import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, smallint, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import { bookableAssets } from './assets';
import { osloPeriod, tstzrange } from './columns';
import { closedDateRanges, openingHourPeriods } from './location-setup';
import { locations } from './locations';

/**
 * Weekly opening hours (weekday 1 = Monday … 7 = Sunday, ISO), several intervals a weekday allowed. A
 * row with bookable_asset_id overrides the location's hours for that room; a row with period_id belongs
 * to a seasonal period (opening_hour_periods) whose hours replace the standard ones on its dates; a
 * weekday without a row is closed.
 */
export const openingHours = pgTable(
  'opening_hours',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    bookableAssetId: integer('bookable_asset_id').references(() => bookableAssets.id, { onDelete: 'cascade' }),
    periodId: integer('period_id').references(() => openingHourPeriods.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
  },
  (t) => [
    index('opening_hours_location').on(t.locationId),
    index('opening_hours_room').on(t.bookableAssetId),
    check('opening_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check('opening_hours_order', sql`${t.closes} > ${t.opens}`),
  ],
);

/** Dates a location is closed (holidays etc.), with an optional reason for the admin. */
export const closedDates = pgTable(
  'closed_dates',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason'),
    /** The range the administrator entered; null for days of the seed written before ranges existed. */
    rangeId: integer('range_id').references(() => closedDateRanges.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('closed_dates_one_per_day').on(t.locationId, t.date)],
);

/**
 * Times an admin has blocked for the public in one room. `period` is derived by the database from
 * the wall-clock fields (see osloPeriod), so availability checks compare instants.
 */
export const blockedTimes = pgTable(
  'blocked_times',
  {
    id: serial('id').primaryKey(),
    bookableAssetId: integer('bookable_asset_id')
      .notNull()
      .references(() => bookableAssets.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    period: tstzrange('period')
      .notNull()
      .generatedAlwaysAs(osloPeriod('date', 'start_time', 'duration_minutes')),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blocked_times_asset_date').on(t.bookableAssetId, t.date),
    check('blocked_times_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

/**
 * Per room and date, the busy pieces (active reservations and blocked times) whose `period` overlaps
 * the date's day widened by two hours on each side (the search's day window): how many pieces, the
 * 15-minute slots they touch over their whole length, and the earliest start among them. Kept by
 * the database in the writing transaction — triggers on reservations and blocked_times (migration
 * 0011), so every writer is covered — for the city-wide search's pre-filter, which reads one row
 * per busy room-date instead of every piece. `earliest` only ever moves back (a removed piece
 * leaves it), which only widens what the search reads. Derived data: never written by the app.
 */
export const roomDayBusy = pgTable(
  'room_day_busy',
  {
    bookableAssetId: integer('bookable_asset_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    pieces: integer('pieces').notNull(),
    slots: integer('slots').notNull(),
    earliest: timestamp('earliest', { withTimezone: true }).notNull(),
    /**
     * The longest run of minutes from a start on the 15-minute grid that no piece touches inside the
     * room's open span for the date's weekday (room_open_spans): what the rules find on an ordinary
     * date. -1 when not known (no span, a date of 23 or 25 hours, a piece across a daylight-saving
     * change). Kept by the busy triggers (migration 0030, decision 052).
     */
    fit: smallint('fit').notNull().default(-1),
  },
  // A filtered search reads only its rooms' sums through the room-led index (decision 046), an
  // unfiltered one only the rows whose fit is below its duration (decision 052). The indexes also
  // carry the sums (INCLUDE, written by hand in migrations 0011, 0028 and 0030), for index-only reads.
  (t) => [
    primaryKey({ name: 'room_day_busy_pkey', columns: [t.date, t.bookableAssetId] }),
    index('room_day_busy_room_fit').on(t.bookableAssetId, t.fit, t.date),
    index('room_day_busy_date_fit').on(t.date, t.fit),
  ],
);

/**
 * Per room and ISO weekday, its one opening interval (minutes, on the grid) when every week of the
 * room's hours that opens that weekday (the standard week and each seasonal period, the room's own
 * hours before its location's) opens it once and at the same times; no row otherwise. Kept by
 * triggers on opening hours and rooms (migration 0030, decision 052): the span inside which
 * room_day_busy.fit is measured. Derived data: never written by the app.
 */
export const roomOpenSpans = pgTable(
  'room_open_spans',
  {
    bookableAssetId: integer('bookable_asset_id')
      .notNull()
      .references(() => bookableAssets.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [primaryKey({ name: 'room_open_spans_pkey', columns: [t.bookableAssetId, t.weekday] })],
);
