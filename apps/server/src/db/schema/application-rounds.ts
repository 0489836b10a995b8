import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { roundStatuses, wishDecisions } from '@lokaler/domain/application-rounds';
import { defaultRoundApplicantLimits } from '@lokaler/domain/fair-share';
import { bookableAssets } from './assets';
import { bookings } from './bookings';
import { users } from './identity';
import { locations } from './locations';

export const roundStatusEnum = pgEnum('round_status', roundStatuses);
export const wishDecisionEnum = pgEnum('wish_decision', wishDecisions);

/**
 * A semester round (decision 029): from application_start to deadline (both inclusive)
 * semester applications to its locations whose first date lies in [semester_start, semester_end]
 * are collected; closing turns the allocations into decisions.
 */
export const applicationRounds = pgTable(
  'application_rounds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    applicationStart: date('application_start', { mode: 'string' }).notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    semesterStart: date('semester_start', { mode: 'string' }).notNull(),
    semesterEnd: date('semester_end', { mode: 'string' }).notNull(),
    status: roundStatusEnum('status').notNull().default('OPEN'),
    /** The round's own fair-share rules (decision 041): per applicant, applications and wished hours a week. */
    maxApplicationsPerApplicant: integer('max_applications_per_applicant')
      .notNull()
      .default(defaultRoundApplicantLimits.maxApplicationsPerApplicant),
    maxWeeklyHoursPerApplicant: integer('max_weekly_hours_per_applicant')
      .notNull()
      .default(defaultRoundApplicantLimits.maxWeeklyHoursPerApplicant),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closingStartedAt: timestamp('closing_started_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'application_rounds_dates',
      sql`${t.applicationStart} <= ${t.deadline} and ${t.deadline} < ${t.semesterStart} and ${t.semesterStart} <= ${t.semesterEnd}`,
    ),
  ],
);

/**
 * The locations of a round. `semester` repeats the round's dates so that the database itself
 * refuses two rounds of one location whose semesters overlap (exclusion constraint
 * application_round_locations_no_overlap, migration 0024).
 */
export const applicationRoundLocations = pgTable(
  'application_round_locations',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => applicationRounds.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    semesterStart: date('semester_start', { mode: 'string' }).notNull(),
    semesterEnd: date('semester_end', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.locationId] }), index('application_round_locations_location').on(t.locationId)],
);

/**
 * One wished weekly time of one application in a round: a room, an ISO weekday and a time of day
 * (minutes after midnight), with its dates kept as the booking's IN_ROUND reservations. The
 * allocation lives on the same row (alloc_*), with `version` for optimistic locking. Two wishes of
 * a round are never allocated overlapping times of one room and weekday (exclusion constraint
 * round_wishes_no_double_allocation, migration 0024).
 */
export const roundWishes = pgTable(
  'round_wishes',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => applicationRounds.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookableAssetId: integer('bookable_asset_id')
      .notNull()
      .references(() => bookableAssets.id),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    dateCount: integer('date_count').notNull(),
    decision: wishDecisionEnum('decision').notNull().default('UNDECIDED'),
    allocAssetId: integer('alloc_asset_id').references(() => bookableAssets.id),
    allocWeekday: smallint('alloc_weekday'),
    allocStartMinute: integer('alloc_start_minute'),
    allocEndMinute: integer('alloc_end_minute'),
    reason: text('reason'),
    version: integer('version').notNull().default(0),
    updatedByName: text('updated_by_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('round_wishes_round_asset').on(t.roundId, t.bookableAssetId),
    index('round_wishes_round_alloc_asset').on(t.roundId, t.allocAssetId),
    index('round_wishes_booking').on(t.bookingId),
    check('round_wishes_weekday', sql`${t.weekday} between 1 and 7 and (${t.allocWeekday} is null or ${t.allocWeekday} between 1 and 7)`),
    check('round_wishes_minutes', sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
    check(
      'round_wishes_allocation',
      sql`(${t.decision} in ('ASKED', 'OTHER')) = (${t.allocAssetId} is not null and ${t.allocWeekday} is not null and ${t.allocStartMinute} is not null and ${t.allocEndMinute} is not null)
    and (${t.allocStartMinute} is null or (0 <= ${t.allocStartMinute} and ${t.allocStartMinute} < ${t.allocEndMinute} and ${t.allocEndMinute} <= 1440))`,
    ),
  ],
);
